import { caminhoCom } from './contrato';
import * as contratosArquivo from './contratos/arquivo';

/**
 * Addresses of the API that its answers carry (a document's `url`/`urlArquivo`), so that the server's services
 * never write a path of the API themselves. The routes that serve them are in src/server/modules.
 */

/** GET /api/arquivos/{chave}: a stored document's file (by a signed address or the caller's token). */
export function rotaArquivo(chave: string): string {
  return caminhoCom(contratosArquivo.arquivo.caminho, { chave });
}
