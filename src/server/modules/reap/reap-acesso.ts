import { MENSAGENS_REAP } from '../../../shared/regras/reap';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import {
  auditarVisaoDoServidor, exigirLeituraPescador, exigirPescadorProprio, MENSAGEM_FORA_DO_ESCOPO, pescadorNoEscopo,
  podeLerPescador,
} from '../escopo';
import type { PescadorReap, QuestionarioRow, ReapRepository } from './reap.repository';

// Who may read and who may write a REAP, over escopo.ts, and the audit of a staff view of one.

/** The fisher, if `ator` may read them: 403 out of scope whether or not they exist, 404 otherwise. */
export function pescadorLegivel(repo: ReapRepository, ator: AuthContext, pescadorId: number): Promise<PescadorReap> {
  return pescadorNoEscopo(ator, pescadorId, (id) => repo.findPescador(id), MENSAGENS_REAP.naoEncontrada);
}

/** A questionnaire `ator` may read: 403 out of scope, and 403 (not 404) for a missing one to anyone who could not read any. */
export async function questionarioLegivel(repo: ReapRepository, ator: AuthContext, id: number): Promise<QuestionarioRow> {
  const q = await repo.find(id);
  if (!q) {
    if (podeLerPescador(ator, 0, null)) throw AppError.notFound(MENSAGENS_REAP.naoEncontrada);
    throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
  }
  exigirLeituraPescador(ator, q.pescadorId, q.ufPescador);
  return q;
}

/** Only the REAP's own fisher writes it; 403 whether or not it exists. */
export function exigirDono(ator: AuthContext, q: QuestionarioRow | undefined): asserts q is QuestionarioRow {
  exigirPescadorProprio(ator, q?.pescadorId);
}

/** A staff view of one fisher's REAP data (their name and CPF included): audited on the fisher's record, as every view of personal data. */
export async function auditarVisualizacao(
  auditoria: AuditoriaService, ator: AuthContext, recurso: string, recursoId: number, idPescador: number,
): Promise<void> {
  await auditarVisaoDoServidor(auditoria, ator, recurso, recursoId, idPescador, { idPescador });
}
