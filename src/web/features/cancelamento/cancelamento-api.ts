import type { Envelope } from '../../../shared/envelope';
import { api, getDados } from '../../lib/api';

/** An open cancellation request, as GET /api/solicitacao-cancelamento-pescador/{idPescador} answers it. */
export interface SolicitacaoCancelamento {
  id: number;
  tipo?: number;
  situacao: number;
  dataCriacao?: string | null;
  dataEnvio?: string | null;
  numeroProtocolo?: string | null;
  justificativaDeclaracaoSolicitacaoCancelamento?: string | null;
}

export const cancelamentoKeys = {
  aberto: (idPescador: number) => ['cancelamento', idPescador] as const,
};

export const ERRO_SALVAR = 'Erro ao salvar os dados.';

/** The fisher's open cancellation request, or null. */
export async function consultarCancelamento(idPescador: number): Promise<SolicitacaoCancelamento | null> {
  return (await getDados<SolicitacaoCancelamento | null>(`/api/solicitacao-cancelamento-pescador/${idPescador}`)) ?? null;
}

/** POST /api/solicitacao-cancelamento-pescador/motivoCancelamento. */
export async function solicitarCancelamento(idPescador: number, justificativa: string): Promise<void> {
  await api.post<Envelope<unknown>>('/api/solicitacao-cancelamento-pescador/motivoCancelamento', {
    idPescador,
    justificativaDeclaracaoSolicitacaoCancelamento: justificativa,
  });
}

/** POST /api/solicitacao-regularizacao {justificativa}: asks to lift a suspension. */
export async function solicitarRegularizacao(justificativa: string): Promise<void> {
  await api.post<Envelope<unknown>>('/api/solicitacao-regularizacao', { justificativa });
}
