import { hojeSaoPaulo } from '../../../shared/datas';
import type { Database } from '../client';
import { reapPrazo } from '../schema';

/**
 * The filling window of the current REAP reference year (the last closed year), when none is set (decision 0026):
 * the whole of the following year, until GESTOR or ADMIN set the real one through PUT /api/reap/prazos/{ano}.
 */
export async function seedReap(db: Database, agora: Date = new Date()): Promise<void> {
  const ano = Number(hojeSaoPaulo(agora).slice(0, 4));
  await db.insert(reapPrazo)
    .values({ anoReferencia: ano - 1, inicioPreenchimento: `${ano}-01-01`, fimPreenchimento: `${ano}-12-31` })
    .onConflictDoNothing({ target: reapPrazo.anoReferencia });
}
