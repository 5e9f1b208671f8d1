import { useQuery } from '@tanstack/react-query';
import { TipoNotificacao } from '../../../shared/enums';
import { notificacoesNaoLidas } from '../../../shared/leituras-pescador';
import { MENSAGENS_NOTIFICACAO } from '../../../shared/mensagens/notificacao';
import { ehEnderecoInterno } from '../../../shared/regras/endereco-interno';
import type { Notificacao } from '../../../shared/schemas/notificacao';
import { lerDados } from '../../lib/leitura';

export const ERRO_NOTIFICACAO = MENSAGENS_NOTIFICACAO.erroExibir;

export const notificacoesKeys = {
  naoLidas: ['notificacoes', 'nao-lidas'] as const,
};

/** GET /api/notificacao: the signed-in fisher's unread notifications. */
export async function listarNotificacoes(): Promise<Notificacao[]> {
  return lerDados(notificacoesNaoLidas);
}

/** POST /api/notificacao/{id}/leitura: confirms the reading. */
export async function confirmarLeitura(id: number): Promise<void> {
  // The contract loads on the click: /home lists the notifications without zod (decision 0130).
  const [c, { chamar }] = await Promise.all([import('../../../shared/contratos/notificacao'), import('../../lib/contrato')]);
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
  return url && ehEnderecoInterno(url) ? url : null;
}

/** A notice of a decision the fisher may appeal against (decision 0088): a refusal, a cancellation, a suspension. */
export function podeRecorrer(tipo: number): boolean {
  return tipo === TipoNotificacao.INDEFERIMENTO || tipo === TipoNotificacao.CANCELAMENTO || tipo === TipoNotificacao.SUSPENSAO;
}
