/**
 * Field errors on the wire: each entry of the envelope's `erros` that concerns one field is written
 * `campo.caminho: mensagem` (e.g. `endereco.cep: CEP inválido`, `apoio.0.cnpj: CNPJ inválido`). The server writes
 * them with `erroCampo`/`errosDeIssues`, the web reads them back with `lerErroCampo`: one format, one place.
 */

/** The root name of an issue with an empty path (the whole body). */
export const CAMPO_RAIZ = 'corpo';

/** `campo: mensagem`. */
export function erroCampo(campo: string, mensagem: string): string {
  return `${campo}: ${mensagem}`;
}

/** One `campo: mensagem` per zod issue (any object with `path` and `message`). */
export function errosDeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string[] {
  return issues.map((i) => erroCampo(i.path.map(String).join('.') || CAMPO_RAIZ, i.message));
}

/**
 * Reads an entry of `erros`: the field path (dotted; `lista[0].campo` is read as `lista.0.campo`) and the
 * message. An entry that names no field comes back with `campo` ''.
 */
export function lerErroCampo(texto: string): { campo: string; mensagem: string } {
  const t = texto.trim();
  const m = /^([\w.[\]]+):\s+(.+)$/s.exec(t);
  if (!m) return { campo: '', mensagem: t };
  return { campo: m[1]!.replace(/\[(\d+)\]/g, '.$1'), mensagem: m[2]! };
}
