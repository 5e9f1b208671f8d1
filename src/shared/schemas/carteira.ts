import { z } from 'zod';
import type { ConfiguracaoCaptcha } from '../captcha';
import { isRgpValido, MENSAGEM_RGP_INVALIDO, normalizarRgp } from '../rgp';
import { texto } from './primitivos';
import { cpfSchema } from './cpf';
import { MENSAGENS_CARTEIRA } from '../mensagens/carteira';

export { MENSAGENS_CARTEIRA };

/** Public answers carry only what verifying needs: never the CPF, address or documents (docs/decisions/0011). */

export { CABECALHO_CAPTCHA } from '../captcha';

export const rgpSchema = texto({ error: 'Campo obrigatório' })
  .transform(normalizarRgp)
  .refine(isRgpValido, MENSAGEM_RGP_INVALIDO);

export const consultaPublicaCarteiraQuery = z.object({ cpf: cpfSchema, rgp: rgpSchema });
export type ConsultaPublicaCarteiraQuery = z.output<typeof consultaPublicaCarteiraQuery>;

export const carteiraPublicaSchema = z.object({
  nome: z.string(),
  situacao: z.number().int().nullable(),
  situacaoDescricao: z.string().nullable(),
  categoria: z.number().int().nullable(),
  categoriaDescricao: z.string().nullable(),
  municipio: z.string().nullable(),
  uf: z.string().nullable(),
  /** 'PA-PA-00000000042'. */
  numeroRGP: z.string(),
  dataPrimeiroRgp: z.string().nullable(),
  /** What an INSS server checks by hand (decision 0126): the form of activity, "produto explorado", where it fishes. */
  formaAtuacaoDescricao: z.string().nullable(),
  gruposAlvo: z.array(z.string()),
  ambientesPesca: z.array(z.string()),
  /** Each declared area: its kind of place and popular name ("Rio – Rio Tocantins"). */
  areasPesca: z.array(z.string()),
  /** "Registro ativo desde" (YYYY-MM-DD); null unless the registry is active. */
  ativoDesde: z.string().nullable(),
});
export type CarteiraPublica = z.infer<typeof carteiraPublicaSchema>;

const motivoCarteiraInvalidaSchema = z.enum(['substituida', 'outro_rgp', 'registro_nao_ativo']);
export type MotivoCarteiraInvalida = z.infer<typeof motivoCarteiraInvalidaSchema>;

/** Only the latest issue of an active registry shows the card's face: an old card's holder learns nothing current. */
export const verificacaoCarteiraSchema = carteiraPublicaSchema.partial().extend({
  valida: z.boolean(),
  motivo: motivoCarteiraInvalidaSchema.nullable(),
  dataEmissao: z.string(),
});
export type VerificacaoCarteira = z.infer<typeof verificacaoCarteiraSchema>;

/** The server checks it and audits every attempt. */
export const tokenCarteiraParam = z.object({ token: texto().min(1).max(512) });

export const protocoloPublicoParam = z.object({
  id: texto().refine((v) => /^\d{4,20}$/.test(v), MENSAGENS_CARTEIRA.protocoloInvalido),
});

export const protocoloPublicoSchema = z.object({
  numeroProtocolo: z.string(),
  tipo: z.number().int(),
  tipoDescricao: z.string(),
  situacao: z.number().int(),
  situacaoDescricao: z.string(),
  dataEnvio: z.string(),
  nome: z.string(),
  uf: z.string().nullable(),
});
export type ProtocoloPublico = z.infer<typeof protocoloPublicoSchema>;

/** Unknown keys pass through: the signature covers every parameter. */
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

export const configuracaoCaptchaSchema = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('altcha') }),
  z.object({ tipo: z.literal('hcaptcha'), siteKey: z.string() }),
]) satisfies z.ZodType<ConfiguracaoCaptcha>;
// The pages read this answer without zod (docs/decisions/0065).
export type { ConfiguracaoCaptcha } from '../captcha';

/** 'MARIA DA SILVA SOUZA' → 'MARIA S. S.'. */
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
