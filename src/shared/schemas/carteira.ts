import { z } from 'zod';
import type { ConfiguracaoCaptcha } from '../captcha';
import { isRgpValido, MENSAGEM_RGP_INVALIDO, normalizarRgp } from '../rgp';
import { texto } from './primitivos';
import { cpfSchema } from './cpf';

/**
 * The professional card and the public lookups (product guide, "Public lookups and the card";
 * docs/decisions/0011-public-lookups.md). The public answers carry only what verifying a card or a protocol
 * needs: never the CPF, the address or documents.
 */

export const MENSAGENS_CARTEIRA = {
  captchaInvalido: 'Token de CAPTCHA inválido ou não fornecido',
  captchaExterno: 'Captcha externo configurado',
  carteiraNaoEncontrada: 'Carteira não encontrada para o CPF e o RGP informados.',
  protocoloNaoEncontrado: 'Protocolo não encontrado.',
  protocoloInvalido: 'Número de protocolo inválido.',
  registroInativo: 'A carteira só pode ser impressa com o registro ativo.',
  carteiraValida: 'Carteira válida.',
  carteiraSubstituida: 'Esta carteira foi substituída por uma emissão mais recente.',
  carteiraRegistroNaoAtivo: 'O registro deste pescador não está ativo.',
  carteiraOutroRgp: 'Esta carteira não corresponde ao número de RGP atual do pescador.',
  codigoInvalido: 'Código de verificação inválido.',
} as const;

export { CABECALHO_CAPTCHA } from '../captcha';

/** An RGP number as typed (hyphens, spaces and lower case allowed), normalised: 'PAPA00000000042'. */
export const rgpSchema = texto({ error: 'Campo obrigatório' })
  .transform(normalizarRgp)
  .refine(isRgpValido, MENSAGEM_RGP_INVALIDO);

/** GET /api/carteira-profissional/consulta-publica?cpf&rgp */
export const consultaPublicaCarteiraQuery = z.object({ cpf: cpfSchema, rgp: rgpSchema });
export type ConsultaPublicaCarteiraQuery = z.output<typeof consultaPublicaCarteiraQuery>;

/** What a public check of a card answers: the card's face, without the CPF. */
export const carteiraPublicaSchema = z.object({
  nome: z.string(),
  /** Registry status (SituacaoRegistro) and its label. */
  situacao: z.number().int().nullable(),
  situacaoDescricao: z.string().nullable(),
  /** Categoria (1 industrial, 2 artesanal) and its label. */
  categoria: z.number().int().nullable(),
  categoriaDescricao: z.string().nullable(),
  /** Name of the municipality of the fisher's address. */
  municipio: z.string().nullable(),
  uf: z.string().nullable(),
  /** Hyphen-separated, upper case: 'PA-PA-00000000042'. */
  numeroRGP: z.string(),
  /** 'YYYY-MM-DD'. */
  dataPrimeiroRgp: z.string().nullable(),
});
export type CarteiraPublica = z.infer<typeof carteiraPublicaSchema>;

/**
 * Why a genuine card is no longer good, as a code (the envelope's `mensagem` carries the sentence): a newer issue
 * replaced it, the fisher's RGP number changed, or the registry is not active.
 */
const motivoCarteiraInvalidaSchema = z.enum(['substituida', 'outro_rgp', 'registro_nao_ativo']);
export type MotivoCarteiraInvalida = z.infer<typeof motivoCarteiraInvalidaSchema>;

/**
 * GET /api/carteira-profissional/verificar/{token}: the card behind a QR code. `valida` is true only for the
 * latest issue of an active registry, and only then does the answer carry the card's public face; otherwise
 * `motivo` says why (and the envelope's `mensagem` in words), and nothing of the fisher's current record (a newer
 * RGP number, the situation) is told to whoever holds an old card.
 */
export const verificacaoCarteiraSchema = carteiraPublicaSchema.partial().extend({
  valida: z.boolean(),
  motivo: motivoCarteiraInvalidaSchema.nullable(),
  /** ISO instant of the issue the code was printed from. */
  dataEmissao: z.string(),
});
export type VerificacaoCarteira = z.infer<typeof verificacaoCarteiraSchema>;

/**
 * The verification code of a printed card (base64url, see carteira-token.ts on the server). Its content is
 * checked by the server, which audits every attempt, so the schema only bounds its size.
 */
export const tokenCarteiraParam = z.object({ token: texto().min(1).max(512) });

/** GET /api/pescador/protocolo-solicitacao-registro/{id}: `id` is the protocol number (digits). */
export const protocoloPublicoParam = z.object({
  id: texto().refine((v) => /^\d{4,20}$/.test(v), MENSAGENS_CARTEIRA.protocoloInvalido),
});

/** What the public protocol check answers. The name shows the first name in full and the rest as initials. */
export const protocoloPublicoSchema = z.object({
  numeroProtocolo: z.string(),
  tipo: z.number().int(),
  tipoDescricao: z.string(),
  situacao: z.number().int(),
  situacaoDescricao: z.string(),
  /** ISO instant of the submission. */
  dataEnvio: z.string(),
  nome: z.string(),
  uf: z.string().nullable(),
});
export type ProtocoloPublico = z.infer<typeof protocoloPublicoSchema>;

/**
 * GET /api/captcha/desafio: the ALTCHA challenge exactly as altcha-lib v2 creates it (`parameters` signed by
 * `signature`); the widget takes it as its `challenge`. Unknown keys pass through untouched: the signature covers
 * every parameter.
 */
export const desafioCaptchaSchema = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});

/**
 * GET /api/captcha/configuracao: which captcha the public lookups take. ALTCHA (self-hosted, the default) or
 * hCaptcha with its public site key, when the server is configured with hCaptcha's secret.
 */
export const configuracaoCaptchaSchema = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('altcha') }),
  z.object({ tipo: z.literal('hcaptcha'), siteKey: z.string() }),
]) satisfies z.ZodType<ConfiguracaoCaptcha>;
// The pages read this answer without zod (src/shared/captcha.ts, decision 0065): the type is that reader's.
export type { ConfiguracaoCaptcha } from '../captcha';

/** Masks a name for the public protocol check: 'MARIA DA SILVA SOUZA' → 'MARIA S. S.' (particles dropped). */
export function mascararNome(nome: string): string {
  const partes = nome.trim().split(/\s+/).filter(Boolean);
  const [primeiro, ...resto] = partes;
  if (!primeiro) return '';
  const particulas = new Set(['DA', 'DE', 'DO', 'DAS', 'DOS', 'E', 'D']);
  const iniciais = resto
    .filter((p) => !particulas.has(p.toUpperCase().replace(/['’]/g, '')))
    .map((p) => `${p.charAt(0).toUpperCase()}.`);
  return [primeiro, ...iniciais].join(' ');
}
