import { CodigoErro } from '../../../shared/codigos-erro';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { SituacaoSolicitacao as S } from '../../../shared/enums';
import { MOTIVOS_HISTORICO } from '../../../shared/schemas/solicitacao-api';
import { AppError } from '../../lib/errors';
import type { DadosDeclarados, PescadorRow } from '../pescador/pescador.service';
import { editavel } from './situacoes';
import type { SolicitacaoRow } from './solicitacao.repository';
import type { ContextoAbertura, ContextoEnvio, TipoSolicitacaoDef } from './tipos';

/** A request returned by the ministry (ATUALIZACAO_MPA) comes back to the ministry instance, which SFPA may not take. */
function instanciaDaNovaAnalise(situacaoAnterior: number | null): 'MPA' | 'SFPA' {
  return situacaoAnterior === S.ATUALIZACAO_MPA ? 'MPA' : 'SFPA';
}

/**
 * The one submission path of every request type, with the request and its fisher locked: the type's requirements
 * (decision 0020), its sent status and protocol number, the history row, the analysis and the type's own effect.
 */
export async function enviar(
  ctx: ContextoEnvio, def: TipoSolicitacaoDef, anterior: { situacao: number | null; motivo?: string },
): Promise<{ enviada: SolicitacaoRow; pescador: PescadorRow }> {
  const { solicitacao: s, pescador, ator, recursos, tx } = ctx;
  await def.exigirEnvio(ctx);
  const dados = s.dados as DadosDeclarados;
  const enviada = await recursos.repo.marcarEnviada(s.id, {
    situacao: def.situacaoEnviada, ufPescador: dados.endereco?.uf ?? pescador.uf,
  }, {
    situacaoAnterior: anterior.situacao,
    cpfAtor: ator.cpf,
    perfilAtor: ator.perfil,
    entidadeId: ator.representacao?.idEntidade ?? null,
    motivo: anterior.motivo ?? (anterior.situacao === S.RASCUNHO ? MOTIVOS_HISTORICO.enviada : MOTIVOS_HISTORICO.reenviada),
  }, tx);
  const r = ator.representacao;
  const entidade = r ? { id: r.idEntidade, nome: r.nomeEntidade, cpfAgente: ator.cpf } : null;
  // An entity's filings, counted for its volume signal and its managers' monthly view (decision 0112).
  if (entidade) await recursos.repo.registrarEnvioEntidade({ solicitacaoId: s.id, entidadeId: entidade.id, cpfAgente: entidade.cpfAgente }, tx);
  if (def.analise) {
    await recursos.analises.abrir({
      solicitacaoId: s.id, ufPescador: enviada.ufPescador, instancia: instanciaDaNovaAnalise(anterior.situacao), entidade,
      envio: { pescador, dados },
    }, tx);
  }
  const depois = def.aoEnviar ? await def.aoEnviar({ ...ctx, solicitacao: enviada }) : pescador;
  return { enviada, pescador: depois };
}

/**
 * Sends the fisher's draft, or their request back for update (a wizard's step 5, a documents edit): still
 * changeable (406 otherwise), the type's requirements met, then the one submission path.
 */
export async function enviarRascunho(
  ctx: ContextoAbertura, def: TipoSolicitacaoDef, solicitacaoId: number,
): Promise<{ enviada: SolicitacaoRow; pescador: PescadorRow }> {
  const atual = await ctx.recursos.repo.lockSolicitacao(solicitacaoId, ctx.tx);
  if (!editavel(atual)) throw AppError.recusa(CodigoErro.SOLICITACAO_NAO_EDITAVEL, MENSAGENS_SOLICITACAO.naoEditavel);
  return enviar({ ...ctx, solicitacao: atual }, def, { situacao: atual.situacao });
}
