import { CodigoErro } from '../../../../shared/codigos-erro';
import { Perfil, SituacaoRegistro, TipoNotificacao, TipoSolicitacao } from '../../../../shared/enums';
import { erroCampo } from '../../../../shared/erros-campo';
import { MENSAGENS_SOLICITACAO } from '../../../../shared/schemas/solicitacao';
import {
  MENSAGENS_SOLICITACAO_API, MOTIVOS_HISTORICO, type CancelamentoCorpo,
} from '../../../../shared/schemas/solicitacao-api';
import { AppError } from '../../../lib/errors';
import { MENSAGEM_FORA_DO_ESCOPO } from '../../escopo';
import { avisarPescador, devolverParaAtualizacao } from './decisao';
import { tipoDePedido } from './pedido';
import type { ContextoDecisao } from './tipo';

/**
 * Cancellation of the registry (type 5, spec point 5 "Cancellation"): a fisher for themselves, or a GESTOR or
 * ADMIN for any fisher, of an active or suspended registry. The justification is required except from a GESTOR.
 * Approval cancels the registry and tells the fisher.
 */
export const cancelamento = tipoDePedido<CancelamentoCorpo>({
  tipo: TipoSolicitacao.CANCELAMENTO,
  mensagemEmAndamento: MENSAGENS_SOLICITACAO_API.cancelamentoEmAndamento,

  async pedido(ator, corpo) {
    if (ator.perfil === Perfil.INTERESSADO && ator.idPescador !== corpo.idPescador) {
      throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
    }
    const justificativa = corpo.justificativaDeclaracaoSolicitacaoCancelamento;
    if (!justificativa && ator.perfil !== Perfil.GESTOR) {
      throw new AppError(400, MENSAGENS_SOLICITACAO.justificativaCancelamento, {
        erros: [erroCampo('justificativaDeclaracaoSolicitacaoCancelamento', MENSAGENS_SOLICITACAO.justificativaCancelamento)],
      });
    }
    return {
      pescadorId: corpo.idPescador,
      dados: { justificativaDeclaracaoSolicitacaoCancelamento: justificativa || null },
      justificativaCancelamento: justificativa || null,
      motivo: ator.perfil === Perfil.INTERESSADO ? MOTIVOS_HISTORICO.cancelamentoPescador : MOTIVOS_HISTORICO.cancelamentoServidor,
    };
  },

  async exigirAbertura({ pescador }) {
    if (pescador.situacaoRegistro !== SituacaoRegistro.ATIVO && pescador.situacaoRegistro !== SituacaoRegistro.SUSPENSO) {
      throw AppError.recusa(CodigoErro.SOLICITACAO_INDISPONIVEL, MENSAGENS_SOLICITACAO_API.cancelamentoIndisponivel);
    }
  },

  analise: {
    async aoDeferir(ctx: ContextoDecisao) {
      const { pescador, hoje, recursos, tx } = ctx;
      await recursos.pescadores.atualizarRegistro(pescador.id, { situacaoRegistro: SituacaoRegistro.CANCELADO, dataSuspensoCancelado: hoje }, tx);
      await avisarPescador(ctx, TipoNotificacao.CANCELAMENTO, MENSAGENS_SOLICITACAO_API.notificacaoCancelamentoDeferido);
      return undefined;
    },

    aoIndeferir: devolverParaAtualizacao,
  },
});
