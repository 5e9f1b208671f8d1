import { TipoSolicitacao } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO_API, type CancelamentoCorpo, type RegularizacaoCorpo, type SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import type { AuthContext } from '../auth/auth.service';
import { protocolar } from './abertura';
import { detalheDe } from './detalhe';
import { SITUACOES_ENVIADAS_ABERTAS } from './situacoes';
import { cancelamento, regularizacao, type TipoPedidoDef } from './tipos';
import { BaseSolicitacao, type Resultado } from './base';

/** The requests filed in one call (types 5 and 10: cancellation, regularization) and the open cancellation. */
export class PedidoService extends BaseSolicitacao {
  /** POST /api/solicitacao-cancelamento-pescador/motivoCancelamento (spec point 5, "Cancellation"). */
  solicitarCancelamento(ator: AuthContext, corpo: CancelamentoCorpo): Promise<Resultado> {
    return this.protocolar(cancelamento, ator, corpo, MENSAGENS_SOLICITACAO_API.cancelamentoEnviado);
  }

  /** POST /api/solicitacao-regularizacao (docs/decisions/0009-regularizacao.md). */
  solicitarRegularizacao(ator: AuthContext, corpo: RegularizacaoCorpo): Promise<Resultado> {
    return this.protocolar(regularizacao, ator, corpo, MENSAGENS_SOLICITACAO_API.regularizacaoEnviada);
  }

  /** GET /api/solicitacao-cancelamento-pescador/{id}: the fisher's open cancellation request, or null. */
  async cancelamentoAberto(ator: AuthContext, pescadorId: number): Promise<SolicitacaoDetalheResposta | null> {
    const p = await this.pescadorLegivel(ator, pescadorId);
    const [aberta] = await this.repo.findAbertas(pescadorId, [TipoSolicitacao.CANCELAMENTO], SITUACOES_ENVIADAS_ABERTAS);
    if (!aberta) return null;
    await this.auditarLeitura(ator, 'solicitacao', aberta.id, pescadorId);
    return detalheDe(aberta, p);
  }

  /** Files (or resubmits) a request of a type filed in one call, by the one path. */
  private async protocolar<C>(def: TipoPedidoDef<C>, ator: AuthContext, corpo: C, mensagem: string): Promise<Resultado> {
    const pedido = await def.pedido(ator, corpo, this.recursos);
    await this.pescadorLegivel(ator, pedido.pescadorId);
    const { enviada, pescador } = await this.db.transaction(async (tx) => {
      const ctx = await this.abertura(ator, pedido.pescadorId, tx);
      return protocolar(ctx, def, pedido);
    });
    return { detalhe: detalheDe(enviada, pescador), mensagem };
  }
}
