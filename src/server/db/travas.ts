import { eq, inArray } from 'drizzle-orm';
import type { Executor } from './client';
import { pescador, solicitacao } from './schema';

/**
 * Row lock order: the action's own record (an analysis or a REAP questionnaire), then the fisher (several in id
 * order), then the fisher's requests. Opposite orders deadlock and PostgreSQL aborts one (a 500). The fisher comes
 * first because openings, cancellations and batches hold it while changing its requests.
 */
export const ORDEM_DAS_TRAVAS = ['analise_solicitacao | reap_questionario', 'pescador', 'solicitacao'] as const;

export type PescadorTravado = typeof pescador.$inferSelect;
export type SolicitacaoTravada = typeof solicitacao.$inferSelect;

/** The fisher is found by the request, whose fisher never changes. */
export async function travarSolicitacaoComPescador(
  id: number, tx: Executor,
): Promise<{ solicitacao: SolicitacaoTravada; pescador: PescadorTravado } | undefined> {
  const doPedido = tx.select({ id: solicitacao.pescadorId }).from(solicitacao).where(eq(solicitacao.id, id));
  const [p] = await tx.select().from(pescador).where(inArray(pescador.id, doPedido)).for('update');
  if (!p) return undefined;
  const [s] = await tx.select().from(solicitacao).where(eq(solicitacao.id, id)).for('update');
  return s && { solicitacao: s, pescador: p };
}
