import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * An active task force (with its normative act) serving `uf` for 30 days, with the staff user of `cpfServidor`
 * as a member; answers its id (deactivate it with `UPDATE forca_tarefa SET ativa = false`).
 */
export async function criarForcaTarefa(db: Database, cpfServidor: string, uf: string): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    WITH ato AS (
      INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia)
      VALUES (${`Portaria ${Date.now()}/2026`}, ${`Força-tarefa ${uf}`}, '2026-01-01') RETURNING id
    ), ft AS (
      INSERT INTO forca_tarefa (titulo, ato_normativo_id, data_limite, ativa)
      SELECT ${`Mutirão ${uf}`}, id, (now() + interval '30 days')::date, true FROM ato RETURNING id
    ), uf AS (
      INSERT INTO forca_tarefa_uf (forca_tarefa_id, uf) SELECT id, ${uf} FROM ft RETURNING forca_tarefa_id
    )
    INSERT INTO forca_tarefa_lotacao (forca_tarefa_id, usuario_mapa_id)
    SELECT ft.id, um.id FROM ft, usuario_mapa um JOIN usuario u ON u.id = um.usuario_id WHERE u.cpf = ${cpfServidor}
    RETURNING forca_tarefa_id AS id`);
  return rows[0]!.id;
}
