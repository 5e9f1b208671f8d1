import { hojeSaoPaulo } from '../../../shared/datas';
import type { Database } from '../client';
import { reapPrazo, reapPrazoHistorico } from '../schema';

/**
 * The filling window of the current REAP reference year (the last closed year), when none is set (decision 0026):
 * the whole of the following year, until GESTOR or ADMIN set the real one on screen (/administracao/prazos-reap).
 */
export async function seedReap(db: Database, agora: Date = new Date()): Promise<void> {
  const ano = Number(hojeSaoPaulo(agora).slice(0, 4));
  const prazo = { anoReferencia: ano - 1, inicioPreenchimento: `${ano}-01-01`, fimPreenchimento: `${ano}-12-31` };
  const criado = await db.insert(reapPrazo).values(prazo).onConflictDoNothing({ target: reapPrazo.anoReferencia }).returning();
  // The window's history starts with it (decision 0052); the daily job then creates its obligations (decision 0051).
  if (criado.length > 0) await db.insert(reapPrazoHistorico).values(prazo);
}
