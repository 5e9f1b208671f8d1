import { z } from 'zod';
import { texto } from './primitivos';

/**
 * The public checks of the receipts' QR codes (decision 0044): no sign-in and no captcha, because the code is signed
 * and cannot be made from a number; they answer only what confirming the paper needs.
 */

export const MENSAGENS_VERIFICACAO = {
  codigoInvalido: 'Código de verificação inválido.',
  protocoloAutentico: 'Comprovante de protocolo autêntico.',
  protocoloNaoEncontrado: 'Este comprovante não corresponde a uma solicitação enviada.',
  reapAutentica: 'Comprovante de envio da REAP autêntico.',
  reapNaoEncontrada: 'Este comprovante não corresponde a uma REAP enviada.',
} as const;

/** The server checks it; the schema only bounds its size. */
export const tokenComprovanteParam = z.object({ token: texto().min(1).max(512) });

/** The fisher's name masked; no CPF, no RGP number, nothing that was declared. */
export const verificacaoReapSchema = z.object({
  anoReferencia: z.number().int(),
  /** Categoria (1 industrial, 2 artesanal) and its label. */
  categoria: z.number().int(),
  categoriaDescricao: z.string(),
  situacao: z.number().int(),
  situacaoDescricao: z.string(),
  nome: z.string(),
  /** ISO instant of the send. */
  dataEnvio: z.string(),
});
export type VerificacaoReap = z.infer<typeof verificacaoReapSchema>;
