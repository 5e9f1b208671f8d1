import { eq, inArray } from 'drizzle-orm';
import type { Executor } from './client';
import { pescador, solicitacao } from './schema';

/**
 * The order in which a transaction takes row locks (`FOR UPDATE`, or an `UPDATE` of a row it did not lock):
 *
 * 1. the action's own record, an analysis (`analise_solicitacao`) or a REAP questionnaire (`reap_questionario`):
 *    each belongs to one request, and no transaction locks two of them;
 * 2. the fisher (`pescador`), several in id order (batches, the REAP obligations' blocks);
 * 3. the fisher's requests (`solicitacao`).
 *
 * Two transactions that lock the same rows in one order wait for each other; in opposite orders each waits for the
 * other and PostgreSQL aborts one (a 500 to its user). The fisher comes before the request because an opening, a
 * cancellation and a batch hold the fisher while they change the fisher's requests, and a decision or a send, which
 * starts from the request, must then take the fisher first too: `travarSolicitacaoComPescador`.
 */
export const ORDEM_DAS_TRAVAS = ['analise_solicitacao | reap_questionario', 'pescador', 'solicitacao'] as const;

export type PescadorTravado = typeof pescador.$inferSelect;
export type SolicitacaoTravada = typeof solicitacao.$inferSelect;

/**
 * A request and its fisher, both locked until the transaction ends, in ORDEM_DAS_TRAVAS: the fisher (found by the
 * request, whose fisher never changes), then the request. Undefined when there is no such request.
 */
export async function travarSolicitacaoComPescador(
  id: number, tx: Executor,
): Promise<{ solicitacao: SolicitacaoTravada; pescador: PescadorTravado } | undefined> {
  const doPedido = tx.select({ id: solicitacao.pescadorId }).from(solicitacao).where(eq(solicitacao.id, id));
  const [p] = await tx.select().from(pescador).where(inArray(pescador.id, doPedido)).for('update');
  if (!p) return undefined;
  const [s] = await tx.select().from(solicitacao).where(eq(solicitacao.id, id)).for('update');
  return s && { solicitacao: s, pescador: p };
}
