import { useQuery } from '@tanstack/react-query';
import * as c from '../../../shared/contratos/notificacao';
import { TipoNotificacao } from '../../../shared/enums';
import { MENSAGENS_NOTIFICACAO, urlRedirecionamentoSchema, type Notificacao } from '../../../shared/schemas/notificacao';
import { chamar, dados } from '../../lib/contrato';

export const ERRO_NOTIFICACAO = MENSAGENS_NOTIFICACAO.erroExibir;

export const notificacoesKeys = {
  naoLidas: ['notificacoes', 'nao-lidas'] as const,
};

/** GET /api/notificacao: the signed-in fisher's unread notifications. */
export async function listarNotificacoes(): Promise<Notificacao[]> {
  return dados(c.naoLidas, {});
}

/** POST /api/notificacao/{id}/leitura: confirms the reading. */
export async function confirmarLeitura(id: number): Promise<void> {
  await chamar(c.confirmarLeitura, { params: { id } });
}

export function useNotificacoesNaoLidas(enabled: boolean) {
  return useQuery({
    queryKey: notificacoesKeys.naoLidas,
    queryFn: listarNotificacoes,
    enabled,
    // A notification read elsewhere must not come back from the cache.
    staleTime: 0,
    meta: { errorMessage: ERRO_NOTIFICACAO },
  });
}

/** The modal's subtitle per notification type (spec point 2), in the words a fisher expects. */
export function subtituloNotificacao(tipo: number): string {
  switch (tipo) {
    case TipoNotificacao.INDEFERIMENTO:
      return 'Solicitação indeferida';
    case TipoNotificacao.CANCELAMENTO:
      return 'Cancelamento do registro';
    case TipoNotificacao.SUSPENSAO:
      return 'Suspensão do registro';
    case TipoNotificacao.PENDENCIA:
      return 'Pendência no seu cadastro';
    case TipoNotificacao.MIGRACAO:
      return 'Migração do registro';
    case TipoNotificacao.EDICAO_PRIMEIRO_RGP:
      return 'Alteração da data ou do órgão do primeiro RGP';
    case TipoNotificacao.RECURSO:
      return 'Recurso';
    case TipoNotificacao.REPRESENTACAO:
      return 'Enviado por quem representa você';
    default:
      return 'Aviso do sistema';
  }
}

/** Only an address inside the product is followed (never `//host` or an absolute URL): the shared rule. */
export function enderecoInterno(url: string | null | undefined): string | null {
  return url && urlRedirecionamentoSchema.safeParse(url).success ? url : null;
}

/** A notice of a decision the fisher may appeal against (decision 0088): a refusal, a cancellation, a suspension. */
export function podeRecorrer(tipo: number): boolean {
  return tipo === TipoNotificacao.INDEFERIMENTO || tipo === TipoNotificacao.CANCELAMENTO || tipo === TipoNotificacao.SUSPENSAO;
}
