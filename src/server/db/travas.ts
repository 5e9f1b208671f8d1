import { consultaNomeada, type Executor } from './client';
import { linhaDrizzle, TIPOS_COMO_DRIZZLE } from './linha-drizzle';
import { pescador, solicitacao } from './schema';

/**
 * Row lock order: the action's own record (an analysis or a REAP questionnaire), then the fisher (several in id
 * order), then the fisher's requests. Opposite orders deadlock and PostgreSQL aborts one (a 500). The fisher comes
 * first because openings, cancellations and batches hold it while changing its requests.
 */
export const ORDEM_DAS_TRAVAS = ['analise_solicitacao | reap_questionario', 'pescador', 'solicitacao'] as const;

export type PescadorTravado = typeof pescador.$inferSelect;
export type SolicitacaoTravada = typeof solicitacao.$inferSelect;

const PESCADOR = linhaDrizzle(pescador, 'p', 'p_');
const SOLICITACAO = linhaDrizzle(solicitacao, 's', 's_');

/**
 * Both locks in one named statement, in the order above: the request's lock waits on the fisher's CTE (its
 * condition reads the locked fisher's id, an init plan run before any request row is locked), so the fisher is
 * always locked first, as when they were two statements.
 */
const TRAVAR = `WITH p AS MATERIALIZED (
    SELECT * FROM pescador WHERE id = (SELECT pescador_id FROM solicitacao WHERE id = $1) FOR UPDATE),
  s AS MATERIALIZED (
    SELECT * FROM solicitacao WHERE id = $1 AND pescador_id = (SELECT id FROM p) FOR UPDATE)
  SELECT ${PESCADOR.lista}, ${SOLICITACAO.lista} FROM p, s`;

/** The fisher is found by the request, whose fisher never changes. */
export async function travarSolicitacaoComPescador(
  id: number, tx: Executor,
): Promise<{ solicitacao: SolicitacaoTravada; pescador: PescadorTravado } | undefined> {
  const { rows: [r] } = await consultaNomeada<Record<string, unknown>>(tx, {
    name: 'travar_solicitacao_com_pescador', text: TRAVAR, values: [id], types: TIPOS_COMO_DRIZZLE,
  });
  return r && { solicitacao: SOLICITACAO.ler(r), pescador: PESCADOR.ler(r) };
}
