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
