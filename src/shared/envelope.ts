import { z } from 'zod';

/**
 * The specification's envelope: `{codigo, mensagem, dados}` on success and `{codigo, mensagem, erros}` on
 * failure, the HTTP status equal to `codigo`.
 */
export function envelopeOf<T extends z.ZodType>(dados: T) {
  return z.object({
    codigo: z.number().int(),
    mensagem: z.string(),
    dados,
  });
}

export const erroEnvelope = z.object({
  codigo: z.number().int(),
  mensagem: z.string(),
  erros: z.array(z.string()),
  /** Machine-readable code of the failure (src/shared/codigos-erro.ts); absent on answers written before it. */
  codigoErro: z.string().optional(),
  dados: z.unknown().optional(),
});

export interface Envelope<T> {
  codigo: number;
  mensagem: string;
  dados: T;
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
