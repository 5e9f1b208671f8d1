import { sql } from 'drizzle-orm';
import { listasReferencia, type ItemReferencia } from '../../../shared/referencias';
import { UFS } from '../../../shared/ufs';
import type { Database } from '../client';
import { ESPECIES } from '../reference/especies';
import { carregarMunicipios } from '../reference/municipios';
import { PROFISSOES } from '../reference/profissoes';
import { especie, municipio, profissao, referencia, uf } from '../schema';

/** Rows per INSERT: 500 municipalities are 1,500 parameters, far below PostgreSQL's 65,535. */
const LOTE = 500;

function lotes<T>(rows: readonly T[], tamanho = LOTE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += tamanho) out.push(rows.slice(i, i + tamanho));
  return out;
}

/**
 * Reference data: states, municipalities, occupations, species and the small fixed lists. Idempotent (INSERT …
 * ON CONFLICT DO UPDATE, touching only rows whose values changed), in one transaction, safe on every start.
 * Items that operators added (other ids) are kept.
 */
export async function seedReferencia(db: Database): Promise<void> {
  const municipios = carregarMunicipios();
  const itens = (Object.entries(listasReferencia) as [string, readonly ItemReferencia[]][])
    // The states are served from the `uf` table.
    .filter(([lista]) => lista !== 'ufs')
    .flatMap(([lista, rows]) => rows.map((r) => ({ lista, id: r.id, descricao: r.descricao, sigla: r.sigla ?? null })));

  await db.transaction(async (tx) => {
    await tx.insert(uf)
      .values(UFS.map((u) => ({ codigo: u.codigo, sigla: u.sigla, nome: u.nome })))
      .onConflictDoUpdate({
        target: uf.codigo,
        set: { sigla: sql`excluded.sigla`, nome: sql`excluded.nome` },
        setWhere: sql`(${uf.sigla}, ${uf.nome}) IS DISTINCT FROM (excluded.sigla, excluded.nome)`,
      });

    for (const lote of lotes(municipios)) {
      await tx.insert(municipio)
        .values(lote)
        .onConflictDoUpdate({
          target: municipio.id,
          set: { nome: sql`excluded.nome`, uf: sql`excluded.uf` },
          setWhere: sql`(${municipio.nome}, ${municipio.uf}) IS DISTINCT FROM (excluded.nome, excluded.uf)`,
        });
    }

    for (const lote of lotes(PROFISSOES)) {
      await tx.insert(profissao)
        .values(lote)
        .onConflictDoUpdate({
          target: profissao.id,
          set: { descricao: sql`excluded.descricao` },
          setWhere: sql`${profissao.descricao} IS DISTINCT FROM excluded.descricao`,
        });
    }

    for (const lote of lotes(ESPECIES)) {
      await tx.insert(especie)
        .values(lote)
        .onConflictDoUpdate({
          target: especie.id,
          set: { nome: sql`excluded.nome`, nomeCientifico: sql`excluded.nome_cientifico` },
          setWhere: sql`(${especie.nome}, ${especie.nomeCientifico}) IS DISTINCT FROM (excluded.nome, excluded.nome_cientifico)`,
        });
    }

    for (const lote of lotes(itens)) {
      await tx.insert(referencia)
        .values(lote)
        .onConflictDoUpdate({
          target: [referencia.lista, referencia.id],
          set: { descricao: sql`excluded.descricao`, sigla: sql`excluded.sigla` },
          setWhere: sql`(${referencia.descricao}, ${referencia.sigla}) IS DISTINCT FROM (excluded.descricao, excluded.sigla)`,
        });
    }
  });
}
