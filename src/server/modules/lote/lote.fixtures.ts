import { sql } from 'drizzle-orm';
import { cpfComDigitos } from '../../../shared/cpf';
import type { Database } from '../../db/client';

/** Test fixtures of batches: a normative act in force and fishers with a given registry status. */

/** A normative act in force since 2020, inserted directly (its CRUD belongs to the administration module). */
export async function criarAtoVigente(db: Database, nome = 'Portaria SAP/MPA nº 123/2025'): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia) VALUES (${nome}, 'Ato de teste dos lotes.', '2020-01-01')
    RETURNING id`);
  return rows[0]!.id;
}

/**
 * `n` fishers with CPFs from `cpfComDigitos(base + i)` and the registry status `situacao`; answers their CPFs (11
 * digits) in order. Set-based (generate_series), as the benchmark seeds two million.
 */
export async function criarPescadores(db: Database, base: number, n: number, situacao: number | null): Promise<string[]> {
  const cpfs = Array.from({ length: n }, (_, i) => cpfComDigitos(base + i));
  await db.execute(sql`
    INSERT INTO pescador (cpf, nome, situacao_registro, uf)
    SELECT c, 'PESCADOR DE LOTE ' || ord, ${situacao}::smallint, 'PA'
    FROM unnest(${`{${cpfs.join(',')}}`}::char(11)[]) WITH ORDINALITY AS x(c, ord)`);
  return cpfs;
}
