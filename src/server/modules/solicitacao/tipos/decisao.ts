import { Perfil, SituacaoSolicitacao as S, TipoNotificacao, tipoSolicitacaoLabel, type TipoSolicitacao } from '../../../../shared/enums';
import { ROTA_HOME, rotaDocumentos } from '../../../../shared/rotas-web';
import { MENSAGENS_SOLICITACAO_API, MOTIVOS_HISTORICO } from '../../../../shared/schemas/solicitacao-api';
import { mudarSituacao } from '../situacoes';
import type { ContextoDecisao } from './tipo';

/** Tells the fisher what the decision did to their registry (the notification opens their home). */
export async function avisarPescador(ctx: ContextoDecisao, tipo: TipoNotificacao, conteudo: string): Promise<void> {
  await ctx.recursos.notificacoes.criar({ pescadorId: ctx.pescador.id, tipo, urlRedirecionamento: ROTA_HOME, conteudo }, ctx.tx);
}

/**
 * What rejection does to every analysed type today: the request goes back to the fisher for updating, at the
 * instance that rejected it (SFPA, or the ministry for everybody else), and the fisher is told where to see the
 * rejected documents and send them again.
 */
export async function devolverParaAtualizacao(ctx: ContextoDecisao): Promise<number> {
  const { solicitacao: s, ator, recursos, tx } = ctx;
  const para = ator.perfil === Perfil.SFPA ? S.ATUALIZACAO_SFPA : S.ATUALIZACAO_MPA;
  await mudarSituacao(recursos.repo, {
    solicitacaoId: s.id, de: s.situacao, para, ator, motivo: MOTIVOS_HISTORICO.analiseIndeferida,
  }, tx);
  await recursos.notificacoes.criar({
    pescadorId: s.pescadorId,
    tipo: TipoNotificacao.INDEFERIMENTO,
    conteudo: MENSAGENS_SOLICITACAO_API.notificacaoIndeferida(tipoSolicitacaoLabel[s.tipo as TipoSolicitacao] ?? 'solicitação', s.numeroProtocolo),
    urlRedirecionamento: rotaDocumentos(s.id, s.tipo),
  }, tx);
  return para;
}
