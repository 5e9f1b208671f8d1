import { z } from 'zod';
import { texto } from './primitivos';

/**
 * The public checks of the receipts' QR codes (decision 0044): the protocol receipt of a request and the REAP
 * "2ª via". As the card's check (schemas/carteira.ts), they need no sign-in and no captcha, because the code is
 * signed by the server and cannot be made from a number; they answer only what confirming the paper needs.
 */

export const MENSAGENS_VERIFICACAO = {
  /** A code the server did not sign (tampered, truncated, typed wrong): the same words as the card's check. */
  codigoInvalido: 'Código de verificação inválido.',
  protocoloAutentico: 'Comprovante de protocolo autêntico.',
  protocoloNaoEncontrado: 'Este comprovante não corresponde a uma solicitação enviada.',
  reapAutentica: 'Comprovante de envio da REAP autêntico.',
  reapNaoEncontrada: 'Este comprovante não corresponde a uma REAP enviada.',
} as const;

/** The code in the QR (base64url, checked by the server); the schema only bounds its size. */
export const tokenComprovanteParam = z.object({ token: texto().min(1).max(512) });

/**
 * GET /api/reap/verificar/{token}: the REAP behind a "2ª via". The fisher's name masked as the public protocol
 * check masks it ('MARIA S. S.'); no CPF, no RGP number, nothing that was declared.
 */
export const verificacaoReapSchema = z.object({
  anoReferencia: z.number().int(),
  /** Categoria (1 industrial, 2 artesanal) and its label. */
  categoria: z.number().int(),
  categoriaDescricao: z.string(),
  /** The REAP's situation (SituacaoSolicitacao.REAP_ENVIADA, 9) and its label. */
  situacao: z.number().int(),
  situacaoDescricao: z.string(),
  nome: z.string(),
  /** ISO instant of the send. */
  dataEnvio: z.string(),
});
export type VerificacaoReap = z.infer<typeof verificacaoReapSchema>;
