import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { atoNormativo, lotePescador, usuario, usuarioMapa } from '../../db/schema';
import { SituacaoRegistro } from '../../../shared/enums';
import { ObjetoRecurso, ResultadoRecurso } from '../../../shared/schemas/recurso';
import type { FiltroLotes } from '../../../shared/schemas/lote';

export type LoteRow = typeof lotePescador.$inferSelect;
export type LoteComAto = LoteRow & { atoNome: string };

export interface ItemNovo {
  linha: number;
  cpfInformado: string;
  cpf: string | null;
  resultado: number | null;
}

export interface ResultadoItem {
  linha: number;
  resultado: number;
  pescadorId: number | null;
  situacaoAnterior: number | null;
}

export interface Contagens {
  processados: number;
  naoEncontrados: number;
  jaNaSituacao: number;
  naoPermitidos: number;
}

const BLOCO_INSERCAO = 10_000;
const BLOCO_LEITURA = 5_000;

const colunasLote = {
  lote: lotePescador,
  atoNome: atoNormativo.nome,
};

/** Fishers change only through PescadorService. */
export class LoteRepository {
  constructor(private readonly db: Database) {}

  async atoNormativo(id: number): Promise<{ id: number; nome: string; dataInicioVigencia: string; dataTerminoVigencia: string | null } | undefined> {
    const [row] = await this.db.select({
      id: atoNormativo.id, nome: atoNormativo.nome,
      dataInicioVigencia: atoNormativo.dataInicioVigencia, dataTerminoVigencia: atoNormativo.dataTerminoVigencia,
    }).from(atoNormativo).where(eq(atoNormativo.id, id));
    return row;
  }

  /** One JSON parameter per slice: a 100,000-CPF batch never holds one huge parameter string. */
  async criar(valores: typeof lotePescador.$inferInsert, itens: ItemNovo[], tx: Executor): Promise<LoteRow> {
    const [lote] = await tx.insert(lotePescador).values(valores).returning();
    for (let inicio = 0; inicio < itens.length; inicio += BLOCO_INSERCAO) {
      const fatia = itens.slice(inicio, inicio + BLOCO_INSERCAO).map((i) => ({ l: i.linha, ci: i.cpfInformado, c: i.cpf, r: i.resultado }));
      await tx.execute(sql`
        INSERT INTO lote_pescador_item (lote_id, linha, cpf_informado, cpf, resultado, processado_em)
        SELECT ${lote!.id}, (x.i ->> 'l')::int, left(x.i ->> 'ci', 20), x.i ->> 'c', (x.i ->> 'r')::smallint,
          CASE WHEN x.i ->> 'r' IS NULL THEN NULL ELSE now() END
        FROM jsonb_array_elements(${JSON.stringify(fatia)}::jsonb) AS x(i)`);
    }
    return lote!;
  }

  /**
   * Lines come from the database in one statement, never through memory (decision 0055). A fisher whose warning of
   * that year was withdrawn by a provided appeal is left out; a pending or refused appeal suspends nothing (art. 61).
   */
  async criarSuspensaoReap(valores: typeof lotePescador.$inferInsert, ano: number, tx: Executor): Promise<LoteRow> {
    const [lote] = await tx.insert(lotePescador).values(valores).returning();
    const { rowCount } = await tx.execute(sql`
      INSERT INTO lote_pescador_item (lote_id, linha, cpf_informado, cpf)
      SELECT ${lote!.id}, row_number() OVER (ORDER BY q.pescador_id), p.cpf, p.cpf
      FROM reap_questionario q JOIN pescador p ON p.id = q.pescador_id
      WHERE q.ano_referencia = ${ano} AND NOT q.enviada AND p.situacao_registro <> ${SituacaoRegistro.CANCELADO}
        AND NOT EXISTS (
          SELECT 1 FROM recurso r WHERE r.pescador_id = q.pescador_id AND r.objeto = ${ObjetoRecurso.AVISO_REAP}
            AND r.ano_referencia = ${ano} AND r.resultado = ${ResultadoRecurso.PROVIDO})`);
    const [atualizado] = await tx.update(lotePescador).set({ total: rowCount ?? 0 }).where(eq(lotePescador.id, lote!.id)).returning();
    return atualizado!;
  }

  /** One chunk of a batch at a time, whoever processes it. */
  async travar(id: number, tx: Executor): Promise<LoteComAto | undefined> {
    const [row] = await tx.select(colunasLote).from(lotePescador)
      .innerJoin(atoNormativo, eq(atoNormativo.id, lotePescador.atoNormativoId))
      .where(eq(lotePescador.id, id)).for('update', { of: lotePescador });
    return row ? { ...row.lote, atoNome: row.atoNome } : undefined;
  }

  async findById(id: number, ex: Executor = this.db): Promise<LoteComAto | undefined> {
    const [row] = await ex.select(colunasLote).from(lotePescador)
      .innerJoin(atoNormativo, eq(atoNormativo.id, lotePescador.atoNormativoId))
      .where(eq(lotePescador.id, id));
    return row ? { ...row.lote, atoNome: row.atoNome } : undefined;
  }

  async pendentes(loteId: number, limite: number, tx: Executor): Promise<{ linha: number; cpf: string }[]> {
    const { rows } = await tx.execute<{ linha: number; cpf: string }>(sql`
      SELECT linha, cpf FROM lote_pescador_item WHERE lote_id = ${loteId} AND resultado IS NULL ORDER BY linha LIMIT ${limite}`);
    return rows;
  }

  async temPendentes(loteId: number, tx: Executor): Promise<boolean> {
    const { rows } = await tx.execute<{ existe: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM lote_pescador_item WHERE lote_id = ${loteId} AND resultado IS NULL) AS existe`);
    return rows[0]!.existe;
  }

  async registrarResultados(loteId: number, resultados: ResultadoItem[], tx: Executor): Promise<void> {
    await tx.execute(sql`
      UPDATE lote_pescador_item i SET resultado = r.resultado, pescador_id = r.pescador_id,
        situacao_anterior = r.situacao_anterior, processado_em = now()
      FROM jsonb_to_recordset(${JSON.stringify(resultados.map((r) => ({
        linha: r.linha, resultado: r.resultado, pescador_id: r.pescadorId, situacao_anterior: r.situacaoAnterior,
      })))}::jsonb) AS r(linha int, resultado smallint, pescador_id int, situacao_anterior smallint)
      WHERE i.lote_id = ${loteId} AND i.linha = r.linha AND i.resultado IS NULL`);
  }

  async somarContagens(loteId: number, c: Contagens, concluir: boolean, tx: Executor): Promise<void> {
    await tx.update(lotePescador).set({
      qtdProcessados: sql`${lotePescador.qtdProcessados} + ${c.processados}`,
      qtdNaoEncontrados: sql`${lotePescador.qtdNaoEncontrados} + ${c.naoEncontrados}`,
      qtdJaNaSituacao: sql`${lotePescador.qtdJaNaSituacao} + ${c.jaNaSituacao}`,
      qtdNaoPermitidos: sql`${lotePescador.qtdNaoPermitidos} + ${c.naoPermitidos}`,
      atualizadoEm: sql`now()`,
      ...(concluir ? { situacao: 2, concluidoEm: sql`now()` } : {}),
    }).where(eq(lotePescador.id, loteId));
  }

  async interrompidos(segundos: number): Promise<number[]> {
    const { rows } = await this.db.execute<{ id: number }>(sql`
      SELECT id FROM lote_pescador WHERE situacao = 1 AND atualizado_em < now() - make_interval(secs => ${segundos})
      ORDER BY id`);
    return rows.map((r) => r.id);
  }

  async marcarEmailEnviado(loteId: number): Promise<void> {
    await this.db.update(lotePescador).set({ emailEnviadoEm: sql`now()` }).where(eq(lotePescador.id, loteId));
  }

  async emailDoUsuario(cpf: string): Promise<string | null> {
    const [row] = await this.db.select({ email: usuarioMapa.email }).from(usuarioMapa)
      .innerJoin(usuario, eq(usuario.id, usuarioMapa.usuarioId)).where(eq(usuario.cpf, cpf));
    return row?.email ?? null;
  }

  async listar(f: FiltroLotes): Promise<{ total: number; lotes: LoteComAto[] }> {
    const where = and(
      f.tipo === undefined ? undefined : eq(lotePescador.tipo, f.tipo),
      f.situacao === undefined ? undefined : eq(lotePescador.situacao, f.situacao),
      f.idLote === undefined ? undefined : eq(lotePescador.id, f.idLote),
    );
    const [{ total }] = await this.db.select({ total: count() }).from(lotePescador).where(where) as [{ total: number }];
    const rows = await this.db.select(colunasLote).from(lotePescador)
      .innerJoin(atoNormativo, eq(atoNormativo.id, lotePescador.atoNormativoId))
      .where(where).orderBy(desc(lotePescador.criadoEm), desc(lotePescador.id))
      .limit(f.tamanhoPagina).offset((f.pagina - 1) * f.tamanhoPagina);
    return { total, lotes: rows.map((r) => ({ ...r.lote, atoNome: r.atoNome })) };
  }

  async itens(loteId: number, f: Pick<FiltroLotes, 'resultado' | 'cpf' | 'paginaItens' | 'tamanhoPaginaItens'>): Promise<{ total: number; itens: ItemRow[] }> {
    const filtros: SQL[] = [sql`lote_id = ${loteId}`];
    if (f.resultado !== undefined) filtros.push(sql`resultado = ${f.resultado}`);
    if (f.cpf !== undefined) filtros.push(f.cpf.length === 11 ? sql`cpf = ${f.cpf}` : sql`cpf LIKE ${`${f.cpf}%`}`);
    const where = sql.join(filtros, sql` AND `);
    const { rows: c } = await this.db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM lote_pescador_item WHERE ${where}`);
    const { rows } = await this.db.execute<ItemRow>(sql`
      SELECT linha, cpf_informado AS "cpfInformado", cpf, resultado, situacao_anterior AS "situacaoAnterior"
      FROM lote_pescador_item WHERE ${where} ORDER BY linha
      LIMIT ${f.tamanhoPaginaItens} OFFSET ${(f.paginaItens - 1) * f.tamanhoPaginaItens}`);
    return { total: c[0]!.total, itens: rows };
  }

  /** Written while read, never held whole (decision 0035). */
  async *percorrerItens(loteId: number, tamanho = BLOCO_LEITURA): AsyncGenerator<ItemRow[]> {
    let depoisDe = 0;
    for (;;) {
      const { rows } = await this.db.execute<ItemRow>(sql`
        SELECT linha, cpf_informado AS "cpfInformado", cpf, resultado, situacao_anterior AS "situacaoAnterior"
        FROM lote_pescador_item WHERE lote_id = ${loteId} AND linha > ${depoisDe} ORDER BY linha LIMIT ${tamanho}`);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < tamanho) return;
      depoisDe = rows[rows.length - 1]!.linha;
    }
  }

  async todosItens(loteId: number, ex: Executor = this.db): Promise<ItemRow[]> {
    const { rows } = await ex.execute<ItemRow>(sql`
      SELECT linha, cpf_informado AS "cpfInformado", cpf, resultado, situacao_anterior AS "situacaoAnterior"
      FROM lote_pescador_item WHERE lote_id = ${loteId} ORDER BY linha`);
    return rows;
  }
}

export type ItemRow = {
  linha: number;
  cpfInformado: string;
  cpf: string | null;
  resultado: number | null;
  situacaoAnterior: number | null;
};
