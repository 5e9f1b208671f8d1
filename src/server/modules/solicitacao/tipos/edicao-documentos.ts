import { CodigoErro } from '../../../../shared/codigos-erro';
import { SituacaoRegistro, SituacaoSolicitacao as S, TipoSolicitacao } from '../../../../shared/enums';
import { MENSAGENS_EDICAO_DOCUMENTOS } from '../../../../shared/schemas/solicitacao-api';
import { AppError } from '../../../lib/errors';
import { SITUACOES_ABERTAS } from '../situacoes';
import { devolverParaAtualizacao } from './decisao';
import type { ContextoAbertura, ContextoDecisao, ContextoEnvio, TipoSolicitacaoDef } from './tipo';

function exigirRegistroAtivo(ctx: ContextoAbertura): void {
  if (ctx.pescador.situacaoRegistro !== SituacaoRegistro.ATIVO) throw AppError.recusa(CodigoErro.SOLICITACAO_INDISPONIVEL, MENSAGENS_EDICAO_DOCUMENTOS.semRegistroAtivo);
}

/**
 * Documents edit (type 9, docs/decisions/0013-edicao-documentos.md): an ATIVO fisher opens a draft without steps,
 * one at a time, uploads the new documents to it through /api/documentos and sends it with at least one; it is
 * analysed at its own address. Approval makes them the fisher's documents (the card takes the newest photo).
 */
export const edicaoDocumentos: TipoSolicitacaoDef = {
  tipo: TipoSolicitacao.EDICAO_DOCUMENTOS,
  abertura: 'rascunho',
  situacaoEnviada: S.ENVIADA,

  async exigirAbertura(ctx: ContextoAbertura) {
    exigirRegistroAtivo(ctx);
    if ((await ctx.recursos.repo.findAbertas(ctx.pescador.id, [TipoSolicitacao.EDICAO_DOCUMENTOS], SITUACOES_ABERTAS, ctx.tx)).length > 0) {
      throw AppError.recusa(CodigoErro.SOLICITACAO_EM_ANDAMENTO, MENSAGENS_EDICAO_DOCUMENTOS.jaAberta);
    }
  },

  async exigirEnvio(ctx: ContextoEnvio) {
    exigirRegistroAtivo(ctx);
    if ((await ctx.recursos.repo.tiposDocumentoPresentes([ctx.solicitacao.id], undefined, ctx.tx)).length === 0) {
      throw AppError.badRequest(MENSAGENS_EDICAO_DOCUMENTOS.semDocumentos);
    }
  },

  analise: {
    async aoDeferir({ pescador, recursos, tx }: ContextoDecisao) {
      // The request's approved documents are the fisher's current ones from now on (the card takes the newest photo).
      await recursos.pescadores.atualizarRegistro(pescador.id, { emitirCarteira: true }, tx);
      return undefined;
    },

    aoIndeferir: devolverParaAtualizacao,
  },
};
