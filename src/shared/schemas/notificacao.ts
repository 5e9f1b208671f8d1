import { z } from 'zod';
import { TipoNotificacao } from '../enums';
import { ENDERECO_INTERNO, TAMANHO_MAXIMO_ENDERECO } from '../regras/endereco-interno';
import { id, texto } from './primitivos';
import { MENSAGENS_NOTIFICACAO } from '../mensagens/notificacao';

export { MENSAGENS_NOTIFICACAO };

/**
 * System notifications to a fisher (spec point 3 "Notification"; the modal ATENÇÃO with read confirmation).
 * GET /api/notificacao answers `dados` as the list; POST /api/notificacao/{id}/leitura confirms the reading.
 */

const tiposNotificacao = Object.values(TipoNotificacao) as number[];

export const tipoNotificacaoSchema = z
  .number({ error: MENSAGENS_NOTIFICACAO.tipoInvalido })
  .int(MENSAGENS_NOTIFICACAO.tipoInvalido)
  .refine((v) => tiposNotificacao.includes(v), MENSAGENS_NOTIFICACAO.tipoInvalido);

/** An address inside the product (`/…`, never `//host`): the modal's button must not send a fisher elsewhere. */
export const urlRedirecionamentoSchema = texto()
  .max(TAMANHO_MAXIMO_ENDERECO, `Deve ter no máximo ${TAMANHO_MAXIMO_ENDERECO} caracteres`)
  .regex(ENDERECO_INTERNO, 'Informe um endereço interno do sistema, iniciado por /');

export const notificacaoSchema = z.object({
  id: z.number().int(),
  tipo: z.number().int(),
  conteudo: z.string(),
  urlRedirecionamento: z.string().nullable(),
});
export type Notificacao = z.infer<typeof notificacaoSchema>;

export const notificacoesResposta = z.array(notificacaoSchema);

/** What another module hands to NotificacaoService.criar. */
export const novaNotificacaoSchema = z.object({
  pescadorId: id(),
  tipo: tipoNotificacaoSchema,
  conteudo: texto().trim().min(1, 'Campo obrigatório').max(4000, 'Deve ter no máximo 4000 caracteres'),
  urlRedirecionamento: urlRedirecionamentoSchema.nullable().optional(),
});
export type NovaNotificacao = z.input<typeof novaNotificacaoSchema>;

/** `dados` of POST /api/notificacao/{id}/leitura. */
export const leituraNotificacaoResposta = z.object({
  id: z.number().int(),
  /** When it was first confirmed (ISO instant); repeating the call keeps the first. */
  dataLeitura: z.string(),
});

/** Channels a fisher keeps on (decision 0150); the screen is always on. */
export const preferenciasNotificacaoCorpo = z.object({
  email: z.boolean({ error: 'Informe sim ou não' }),
  sms: z.boolean({ error: 'Informe sim ou não' }),
  govbr: z.boolean({ error: 'Informe sim ou não' }),
}).strict();
export type PreferenciasNotificacaoCorpo = z.infer<typeof preferenciasNotificacaoCorpo>;

/** `dados` of GET/PUT /api/notificacao/preferencias: the choices, and whether the registry has an e-mail and a mobile. */
export const preferenciasNotificacaoResposta = preferenciasNotificacaoCorpo.extend({
  temEmail: z.boolean(),
  temCelular: z.boolean(),
});
export type PreferenciasNotificacao = z.infer<typeof preferenciasNotificacaoResposta>;

/** One delivery of a notice, as staff see it on the fisher's page (no address, no text). */
export const envioNotificacaoSchema = z.object({
  id: z.number().int(),
  tipo: z.number().int(),
  canal: z.number().int(),
  situacao: z.number().int(),
  tentativas: z.number().int(),
  ultimoErro: z.string().nullable(),
  criadaEm: z.string(),
  enviadaEm: z.string().nullable(),
  proximaTentativaEm: z.string().nullable(),
});
export type EnvioNotificacao = z.infer<typeof envioNotificacaoSchema>;
export const enviosNotificacaoResposta = z.array(envioNotificacaoSchema);
