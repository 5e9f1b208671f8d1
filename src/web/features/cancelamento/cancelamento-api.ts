import * as c from '../../../shared/contratos/solicitacao';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { chamar, dados } from '../../lib/contrato';

export const cancelamentoKeys = {
  aberto: (idPescador: number) => ['cancelamento', idPescador] as const,
};

export const ERRO_SALVAR = 'Erro ao salvar os dados.';

/** GET /api/solicitacao-cancelamento-pescador/{idPescador}: the fisher's open cancellation request, or null. */
export async function consultarCancelamento(idPescador: number): Promise<SolicitacaoDetalheResposta | null> {
  return dados(c.cancelamentoAberto, { params: { id: idPescador } });
}

/** POST /api/solicitacao-cancelamento-pescador/motivoCancelamento. */
export async function solicitarCancelamento(idPescador: number, justificativa: string): Promise<void> {
  await chamar(c.solicitarCancelamento, {
    corpo: { idPescador, justificativaDeclaracaoSolicitacaoCancelamento: justificativa },
  });
}

/** POST /api/solicitacao-regularizacao {justificativa}: asks to lift a suspension. */
export async function solicitarRegularizacao(justificativa: string): Promise<void> {
  await chamar(c.solicitarRegularizacao, { corpo: { justificativa } });
}
