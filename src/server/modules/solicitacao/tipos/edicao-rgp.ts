import { TipoNotificacao, TipoSolicitacao } from '../../../../shared/enums';
import { MENSAGENS_SOLICITACAO_API, MOTIVOS_HISTORICO, type EdicaoRgpCorpo } from '../../../../shared/schemas/solicitacao-api';
import { AppError } from '../../../lib/errors';
import { pescadorDoAtor } from '../acesso';
import { avisarPescador, devolverParaAtualizacao } from './decisao';
import { tipoDePedido } from './pedido';
import type { ContextoDecisao } from './tipo';

/**
 * First-RGP edit (type 7): a fisher with an RGP number asks to correct the number, date or agency of their first
 * RGP (a known agency). Approval writes them into the registry and tells the fisher.
 */
export const edicaoRgp = tipoDePedido<EdicaoRgpCorpo>({
  tipo: TipoSolicitacao.EDICAO_RGP,
  mensagemEmAndamento: MENSAGENS_SOLICITACAO_API.edicaoRgpEmAndamento,

  async pedido(ator, corpo, recursos) {
    const pescadorId = pescadorDoAtor(ator);
    await recursos.pescadores.exigirOrgao(corpo.orgao);
    return {
      pescadorId,
      dados: { numeroPrimeiroRGP: corpo.numeroPrimeiroRGP, dataPrimeiroRgp: corpo.dataPrimeiroRgp, orgao: corpo.orgao },
      motivo: MOTIVOS_HISTORICO.edicaoRgp,
    };
  },

  async exigirAbertura({ pescador }) {
    if (!pescador.numeroRgp) throw AppError.notAcceptable(MENSAGENS_SOLICITACAO_API.edicaoRgpSemRgp);
  },

  analise: {
    async aoDeferir(ctx: ContextoDecisao) {
      const { solicitacao, pescador, recursos, tx } = ctx;
      const d = solicitacao.dados as { numeroPrimeiroRGP?: string; dataPrimeiroRgp?: string; orgao?: string };
      await recursos.pescadores.atualizarRegistro(pescador.id, {
        ...(d.numeroPrimeiroRGP ? { numeroPrimeiroRgp: d.numeroPrimeiroRGP } : {}),
        ...(d.dataPrimeiroRgp ? { dataPrimeiroRgp: d.dataPrimeiroRgp } : {}),
        ...(d.orgao ? { orgaoRgp: d.orgao } : {}),
      }, tx);
      await avisarPescador(ctx, TipoNotificacao.EDICAO_PRIMEIRO_RGP, MENSAGENS_SOLICITACAO_API.notificacaoEdicaoRgpDeferida);
      return undefined;
    },

    aoIndeferir: devolverParaAtualizacao,
  },
});
