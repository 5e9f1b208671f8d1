/**
 * The spec's envelope without zod (decision 0065): the web's transport reads failures with it on pages that load no
 * schema. Its schemas are src/shared/schemas/envelope.ts.
 */

export interface Envelope<T> {
  codigo: number;
  mensagem: string;
  dados: T;
}

/**
 * An envelope read with the reader of its `dados` it is given, as `envelopeOf(schema).parse` reads it, for the few
 * answers read before zod loads (decision 0065).
 */
export function lerEnvelopeComLeitor<T>(corpo: unknown, lerDados: (dados: unknown) => T | null): Envelope<T> | null {
  if (corpo === null || typeof corpo !== 'object') return null;
  const { codigo, mensagem, dados } = corpo as { codigo?: unknown; mensagem?: unknown; dados?: unknown };
  if (typeof codigo !== 'number' || !Number.isInteger(codigo) || typeof mensagem !== 'string') return null;
  const lidos = lerDados(dados);
  return lidos === null ? null : { codigo, mensagem, dados: lidos };
}

/** Reads the message a user should see from an error answer: `mensagem`, else the first of `erros`. */
export function mensagemDeErro(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as { mensagem?: unknown; erros?: unknown };
    if (typeof b.mensagem === 'string' && b.mensagem.trim()) return b.mensagem;
    if (Array.isArray(b.erros) && typeof b.erros[0] === 'string' && b.erros[0].trim()) return b.erros[0];
  }
  return fallback;
}
