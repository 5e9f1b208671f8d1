import { solicitacaoDetalheSchema, type SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { getDados, postEnvelope } from '../../lib/api';

export const cancelamentoKeys = {
  aberto: (idPescador: number) => ['cancelamento', idPescador] as const,
};

export const ERRO_SALVAR = 'Erro ao salvar os dados.';

/** GET /api/solicitacao-cancelamento-pescador/{idPescador}: the fisher's open cancellation request, or null. */
export async function consultarCancelamento(idPescador: number): Promise<SolicitacaoDetalheResposta | null> {
  return getDados(`/api/solicitacao-cancelamento-pescador/${idPescador}`, solicitacaoDetalheSchema.nullable());
}

/** POST /api/solicitacao-cancelamento-pescador/motivoCancelamento. */
export async function solicitarCancelamento(idPescador: number, justificativa: string): Promise<void> {
  await postEnvelope(
    '/api/solicitacao-cancelamento-pescador/motivoCancelamento',
    { idPescador, justificativaDeclaracaoSolicitacaoCancelamento: justificativa },
    solicitacaoDetalheSchema,
  );
}

/** POST /api/solicitacao-regularizacao {justificativa}: asks to lift a suspension. */
export async function solicitarRegularizacao(justificativa: string): Promise<void> {
  await postEnvelope('/api/solicitacao-regularizacao', { justificativa }, solicitacaoDetalheSchema);
}
