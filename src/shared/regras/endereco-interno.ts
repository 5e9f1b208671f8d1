import { textoValido } from '../texto-valido';

/**
 * A notification's address: inside the product (`/…`, never `//host` or an absolute URL), so the modal's button never
 * sends a fisher elsewhere. The schema and the web's modal check it with the same rule, the modal without zod.
 */
export const ENDERECO_INTERNO = /^\/(?![/\\])/;
export const TAMANHO_MAXIMO_ENDERECO = 300;

export function ehEnderecoInterno(url: string): boolean {
  return textoValido(url) && url.length <= TAMANHO_MAXIMO_ENDERECO && ENDERECO_INTERNO.test(url);
}
