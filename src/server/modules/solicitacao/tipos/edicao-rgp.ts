import { CodigoErro } from '../../../../shared/codigos-erro';
import { SituacaoSolicitacao as S, TipoNotificacao, TipoSolicitacao } from '../../../../shared/enums';
import { DOCUMENTOS_EDICAO_RGP, MENSAGENS_SOLICITACAO_API } from '../../../../shared/schemas/solicitacao-api';
import { AppError } from '../../../lib/errors';
import { avisarPescador, devolverParaAtualizacao } from './decisao';
import { exigirDocumentosDoTipo } from './documentos';
import type { ContextoAbertura, ContextoDecisao, ContextoEnvio, TipoSolicitacaoDef } from './tipo';

/**
 * First-RGP edit (type 7): a fisher with an RGP number asks to correct the number, date or agency of their first
 * RGP (a known agency). It opens as a draft carrying the corrected data (POST /api/solicitacao-edicao-rgp), takes
 * its proof through /api/documentos and is sent only with it (decision 0020). Approval writes the data into the
 * registry and tells the fisher.
 */
export const edicaoRgp: TipoSolicitacaoDef = {
  tipo: TipoSolicitacao.EDICAO_RGP,
  abertura: 'rascunho',
  situacaoEnviada: S.ENVIADA,

  async exigirAbertura({ pescador }: ContextoAbertura) {
    if (!pescador.numeroRgp) throw AppError.recusa(CodigoErro.SOLICITACAO_INDISPONIVEL, MENSAGENS_SOLICITACAO_API.edicaoRgpSemRgp);
  },

  async exigirEnvio(ctx: ContextoEnvio) {
    await edicaoRgp.exigirAbertura(ctx);
    await exigirDocumentosDoTipo(ctx, DOCUMENTOS_EDICAO_RGP);
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
};
