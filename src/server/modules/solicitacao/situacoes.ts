import { SituacaoSolicitacao as S } from '../../../shared/enums';
import type { Executor } from '../../db/client';
import type { SolicitacaoRepository, SolicitacaoRow } from './solicitacao.repository';

/** Statuses in which the fisher may still change a request (wizard steps, vessel removal, documents, sending). */
export const SITUACOES_EDITAVEIS: readonly number[] = [S.RASCUNHO, S.ATUALIZACAO_SFPA, S.ATUALIZACAO_MPA];
/** Blocks the submission of another one. */
export const SITUACOES_EM_ANDAMENTO: readonly number[] = [S.ENVIADA, S.EM_ANALISE];
export const SITUACOES_ABERTAS: readonly number[] = [S.RASCUNHO, S.ENVIADA, S.EM_ANALISE, S.ATUALIZACAO_SFPA, S.ATUALIZACAO_MPA];
/** Requests filed outside the wizard are never drafts. */
export const SITUACOES_ENVIADAS_ABERTAS: readonly number[] = [S.ENVIADA, S.EM_ANALISE, S.ATUALIZACAO_SFPA, S.ATUALIZACAO_MPA];
export const SITUACOES_DEVOLVIDAS: readonly number[] = [S.ATUALIZACAO_SFPA, S.ATUALIZACAO_MPA];

export function editavel(s: Pick<SolicitacaoRow, 'inativa' | 'situacao'>): boolean {
  return !s.inativa && SITUACOES_EDITAVEIS.includes(s.situacao);
}

export interface MudancaDeSituacao {
  solicitacaoId: number;
  de: number | null;
  para: number;
  ator: { cpf: string; perfil: number } | null;
  motivo: string;
}

/** The one way a request's status changes. */
export async function mudarSituacao(repo: SolicitacaoRepository, m: MudancaDeSituacao, ex: Executor): Promise<void> {
  await repo.updateSolicitacao(m.solicitacaoId, { situacao: m.para }, ex);
  await repo.insertHistorico({
    solicitacaoId: m.solicitacaoId, situacaoAnterior: m.de, situacaoNova: m.para,
    cpfAtor: m.ator?.cpf ?? null, perfilAtor: m.ator?.perfil ?? null, motivo: m.motivo,
  }, ex);
}

/** Many at once, the same writes as `mudarSituacao` each. */
export async function mudarSituacoes(repo: SolicitacaoRepository, ms: MudancaDeSituacao[], ex: Executor): Promise<void> {
  await repo.mudarSituacoes(ms.map((m) => ({
    solicitacaoId: m.solicitacaoId, de: m.de, para: m.para, cpfAtor: m.ator?.cpf ?? null, perfilAtor: m.ator?.perfil ?? null, motivo: m.motivo,
  })), ex);
}
