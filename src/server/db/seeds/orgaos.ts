import { sql } from 'drizzle-orm';
import { UFS } from '../../../shared/ufs';
import type { Database } from '../client';

/**
 * Agencies: the ministry (MPA, in DF) and one federal inspection unit per state (SFPA-XX; the state is the
 * code after the hyphen, as the specification says). Idempotent.
 */
export async function seedOrgaos(db: Database): Promise<void> {
  const rows = [
    { sigla: 'MPA', nome: 'Ministério da Pesca e Aquicultura', uf: 'DF' },
    ...UFS.map((u) => ({ sigla: `SFPA-${u.sigla}`, nome: `Superintendência Federal de Pesca e Aquicultura – ${u.nome}`, uf: u.sigla })),
  ];
  await db.execute(sql`
    INSERT INTO orgao (sigla, nome, uf)
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(sigla varchar, nome varchar, uf char(2))
    ON CONFLICT (sigla) DO UPDATE SET nome = EXCLUDED.nome, uf = EXCLUDED.uf`);
}
