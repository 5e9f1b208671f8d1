import { CodigoErro } from '../../../../shared/codigos-erro';
import { SituacaoRegistro, TipoSolicitacao } from '../../../../shared/enums';
import { MENSAGENS_SOLICITACAO_API, MOTIVOS_HISTORICO, type RegularizacaoCorpo } from '../../../../shared/schemas/solicitacao-api';
import { AppError } from '../../../lib/errors';
import { pescadorDoAtor } from '../acesso';
import { devolverParaAtualizacao } from './decisao';
import { tipoDePedido } from './pedido';
import type { ContextoDecisao } from './tipo';

/**
 * Regularisation of a suspended registry (type 10, docs/decisions/0009-regularizacao.md): the fisher explains why
 * it should be lifted. Approval reactivates a registry that is still suspended.
 */
export const regularizacao = tipoDePedido<RegularizacaoCorpo>({
  tipo: TipoSolicitacao.REGULARIZACAO,
  mensagemEmAndamento: MENSAGENS_SOLICITACAO_API.regularizacaoEmAndamento,

  async pedido(ator, corpo) {
    return { pescadorId: pescadorDoAtor(ator), dados: { justificativa: corpo.justificativa }, motivo: MOTIVOS_HISTORICO.regularizacao };
  },

  async exigirAbertura({ pescador }) {
    if (pescador.situacaoRegistro !== SituacaoRegistro.SUSPENSO) {
      throw AppError.recusa(CodigoErro.SOLICITACAO_INDISPONIVEL, MENSAGENS_SOLICITACAO_API.regularizacaoIndisponivel);
    }
  },

  analise: {
    async aoDeferir({ pescador, recursos, tx }: ContextoDecisao) {
      if (pescador.situacaoRegistro === SituacaoRegistro.SUSPENSO) {
        await recursos.pescadores.atualizarRegistro(pescador.id, { situacaoRegistro: SituacaoRegistro.ATIVO, dataSuspensoCancelado: null }, tx);
      }
      return undefined;
    },

    aoIndeferir: devolverParaAtualizacao,
  },
});
