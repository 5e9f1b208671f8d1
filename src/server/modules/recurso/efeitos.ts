import { SituacaoRegistro, SituacaoSolicitacao, TipoNotificacao } from '../../../shared/enums';
import { formatarData } from '../../../shared/datas';
import { rotaRecurso } from '../../../shared/rotas-web';
import { MENSAGENS_RECURSO, ObjetoRecurso } from '../../../shared/schemas/recurso';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../auth/auth.service';
import { notificar, type DepsRecurso } from './recurso-base';
import type { RecursoEmLote, RecursoLido } from './recurso.repository';

/**
 * What a provided appeal undoes (decision 0090), in the decision's transaction, with history lines and a notice:
 * a batch's suspension or cancellation puts the registry back to what it was (if the sanction still stands); a REAP
 * warning is withdrawn (the appeal's decision is its record) and the suspension that followed it for that year, if
 * any stands, is undone too; a refusal reopens the request for a new analysis. An appeal never suspends a sanction
 * before it is provided (art. 61).
 */
export async function desfazerSancao(deps: DepsRecurso, r: RecursoLido, ator: AuthContext | null, tx: Executor): Promise<void> {
  const linha = r.historicoSituacaoId !== null ? await deps.repo.historicoSituacao(r.historicoSituacaoId, tx) : undefined;
  await desfazerSancoes(deps, [{ ...r, sancaoSituacaoAnterior: linha?.situacaoAnterior ?? null, sancaoSituacaoNova: linha?.situacaoNova ?? null }], ator, tx);
}

/** What undoing a sanction reads of an appeal (a batch decision's lean row or a single one's). */
type ADesfazer = Pick<RecursoEmLote, 'id' | 'pescadorId' | 'uf' | 'objeto' | 'orgao' | 'numeroProtocolo' | 'atoNormativoId' | 'anoReferencia'
  | 'solicitacaoContestadaId' | 'sancaoSituacaoAnterior' | 'sancaoSituacaoNova'>;

/** The same for many provided appeals: a batch's registries restored in one statement, the other kinds one by one. */
export async function desfazerSancoes(deps: DepsRecurso, rs: ADesfazer[], ator: AuthContext | null, tx: Executor): Promise<void> {
  const quem = { cpfAtor: ator?.cpf ?? null, perfilAtor: ator?.perfil ?? null };
  const protocolo = (r: ADesfazer) => r.numeroProtocolo ?? String(r.id);
  const doRegistro = rs.filter((r) => r.objeto === ObjetoRecurso.SUSPENSAO || r.objeto === ObjetoRecurso.CANCELAMENTO);
  const porPescador = new Map(doRegistro.filter((r) => r.sancaoSituacaoNova !== null).map((r) => [r.pescadorId, r]));
  await deps.pescadores.restaurarSituacoes([...porPescador.values()].map((r) => ({
    pescadorId: r.pescadorId, de: r.sancaoSituacaoNova!, para: r.sancaoSituacaoAnterior ?? SituacaoRegistro.ATIVO,
    atoNormativoId: r.atoNormativoId, ...quem, motivo: MENSAGENS_RECURSO.sancaoDesfeita(protocolo(r)),
  })), tx);
  await deps.notificacoes.criarVarias(doRegistro.map((r) => ({
    pescadorId: r.pescadorId, tipo: TipoNotificacao.RECURSO, conteudo: MENSAGENS_RECURSO.sancaoDesfeita(protocolo(r)), urlRedirecionamento: rotaRecurso(r.id),
  })), tx);
  for (const r of rs) {
    if (r.objeto === ObjetoRecurso.AVISO_REAP) await retirarAviso(deps, r, quem, tx);
    else if (r.objeto === ObjetoRecurso.INDEFERIMENTO) await reabrirSolicitacao(deps, r, ator, tx);
  }
}

/** The warning's record is the appeal's decision; the suspension that followed it for that year, if it stands, is undone. */
async function retirarAviso(deps: DepsRecurso, r: ADesfazer, quem: { cpfAtor: string | null; perfilAtor: number | null }, tx: Executor): Promise<void> {
  const protocolo = r.numeroProtocolo ?? String(r.id);
  const sancao = await deps.repo.sancaoVigente(r.pescadorId, tx);
  if (sancao && sancao.reapAnoReferencia === r.anoReferencia) {
    await deps.pescadores.restaurarSituacao({
      pescadorId: r.pescadorId, de: sancao.situacaoNova, para: sancao.situacaoAnterior ?? SituacaoRegistro.ATIVO,
      atoNormativoId: sancao.atoId, ...quem, motivo: MENSAGENS_RECURSO.sancaoDesfeita(protocolo),
    }, tx);
  }
  await notificar(deps, r, MENSAGENS_RECURSO.avisoRetirado(protocolo, r.anoReferencia ?? 0), tx);
}

async function reabrirSolicitacao(deps: DepsRecurso, r: ADesfazer, ator: AuthContext | null, tx: Executor): Promise<void> {
  if (r.solicitacaoContestadaId === null) return;
  const protocolo = r.numeroProtocolo ?? String(r.id);
  await deps.solicitacoes.mudarSituacao({
    solicitacaoId: r.solicitacaoContestadaId, de: SituacaoSolicitacao.FINALIZADA, para: SituacaoSolicitacao.ENVIADA,
    ator: ator ? { cpf: ator.cpf, perfil: ator.perfil } : null, motivo: MENSAGENS_RECURSO.solicitacaoReaberta(protocolo),
  }, tx);
  await deps.analises.abrir({ solicitacaoId: r.solicitacaoContestadaId, ufPescador: r.uf, instancia: r.orgao === 'SFPA' ? 'SFPA' : 'MPA' }, tx);
  await notificar(deps, r, MENSAGENS_RECURSO.solicitacaoReaberta(protocolo), tx);
}

/**
 * PROVIDO EM PARTE (decision 0101), only of a batch's suspension or cancellation: the sanction becomes a suspension
 * until `ate` (a cancellation is suspended instead; a suspension ends sooner), with a history line carrying that
 * last day, so the daily job reactivates the registry the day after; answers a refusal message or null.
 */
export async function proverEmParte(
  deps: DepsRecurso, r: RecursoLido, ate: string | undefined, hoje: string, ator: AuthContext, tx: Executor,
): Promise<string | null> {
  if (r.objeto !== ObjetoRecurso.SUSPENSAO && r.objeto !== ObjetoRecurso.CANCELAMENTO) return MENSAGENS_RECURSO.emParteSoSancao;
  if (!ate || ate <= hoje) return MENSAGENS_RECURSO.emParteSemData;
  const linha = r.historicoSituacaoId !== null ? await deps.repo.historicoSituacao(r.historicoSituacaoId, tx) : undefined;
  if (linha?.suspensoAte && ate >= linha.suspensoAte) return MENSAGENS_RECURSO.emParteNaoReduz(formatarData(linha.suspensoAte));
  const protocolo = r.numeroProtocolo ?? String(r.id);
  if (linha) {
    await deps.pescadores.restaurarSituacao({
      pescadorId: r.pescadorId, de: linha.situacaoNova, para: SituacaoRegistro.SUSPENSO, suspensoAte: ate,
      atoNormativoId: r.atoNormativoId, cpfAtor: ator.cpf, perfilAtor: ator.perfil, motivo: MENSAGENS_RECURSO.sancaoReduzida(protocolo, formatarData(ate)),
    }, tx);
  }
  await notificar(deps, r, MENSAGENS_RECURSO.sancaoReduzida(protocolo, formatarData(ate)), tx);
  return null;
}
