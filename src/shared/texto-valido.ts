/** Text the database takes, apart from the schemas so a screen checks it without zod (decision 0130). */

export const MENSAGEM_TEXTO_INVALIDO = 'Texto com caracteres inválidos';

/** With the `u` flag a surrogate pair is one code point: only an unpaired half matches. */
const SURROGATE_SOLTO = /[\ud800-\udfff]/u;

/** No U+0000 and no unpaired surrogate: `jsonb` refuses both. */
export function textoValido(v: string): boolean {
  return !v.includes('\u0000') && !SURROGATE_SOLTO.test(v);
}
