/** Field errors on the wire as `campo.caminho: mensagem`: one format, written by the server and read by the web. */

/** The root name of an issue with an empty path (the whole body). */
export const CAMPO_RAIZ = 'corpo';

/** `campo: mensagem`. */
export function erroCampo(campo: string, mensagem: string): string {
  return `${campo}: ${mensagem}`;
}

export function errosDeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string[] {
  return issues.map((i) => erroCampo(i.path.map(String).join('.') || CAMPO_RAIZ, i.message));
}

/** `lista[0].campo` is read as `lista.0.campo`; an entry that names no field comes back with `campo` ''. */
export function lerErroCampo(texto: string): { campo: string; mensagem: string } {
  const t = texto.trim();
  const m = /^([\w.[\]]+):\s+(.+)$/s.exec(t);
  if (!m) return { campo: '', mensagem: t };
  return { campo: m[1]!.replace(/\[(\d+)\]/g, '.$1'), mensagem: m[2]! };
}
