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
