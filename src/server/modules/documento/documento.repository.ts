import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { consultaNomeada, type Database, type Executor } from '../../db/client';
import { linhaDrizzle, TIPOS_COMO_DRIZZLE } from '../../db/linha-drizzle';
import { documento, documentoHash, pescador, solicitacao } from '../../db/schema';

export type DocumentoRow = typeof documento.$inferSelect;
export type NovoDocumento = typeof documento.$inferInsert;

const DOCUMENTO = linhaDrizzle(documento, 'd');
const ATIVOS_DA_SOLICITACAO = `SELECT ${DOCUMENTO.lista} FROM documento d
  WHERE d.solicitacao_id = $1 AND d.removido_em IS NULL ORDER BY d.tipo_documento, d.id`;

export interface SolicitacaoDoDocumento {
  id: number;
  pescadorId: number;
  tipo: number;
  situacao: number;
  inativa: boolean;
  ufPescador: string | null;
}

export type DocumentoComEscopo = DocumentoRow & { ufPescador: string | null };

/**
 * The state whose SFPA may read a request: the one recorded when it was sent, else the fisher's address. A fisher
 * who moves does not take a request under analysis away from its analyst.
 */
const ufDoEscopo = sql<string | null>`coalesce(${solicitacao.ufPescador}, ${pescador.uf})`;

const colunasSolicitacao = {
  id: solicitacao.id,
  pescadorId: solicitacao.pescadorId,
  tipo: solicitacao.tipo,
  situacao: solicitacao.situacao,
  inativa: solicitacao.inativa,
  ufPescador: ufDoEscopo,
};

/** The only writer of `documento`. Active documents: `removido_em IS NULL`. */
export class DocumentoRepository {
  constructor(private readonly db: Database) {}

  async findSolicitacao(id: number): Promise<SolicitacaoDoDocumento | undefined> {
    const [row] = await this.db.select(colunasSolicitacao).from(solicitacao)
      .innerJoin(pescador, eq(pescador.id, solicitacao.pescadorId))
      .where(eq(solicitacao.id, id));
    return row;
  }

  /** Locked to the end of the transaction: uploads and removals on one request run one at a time. */
  async lockSolicitacao(id: number, tx: Executor): Promise<SolicitacaoDoDocumento | undefined> {
    const [row] = await tx.select(colunasSolicitacao).from(solicitacao)
      .innerJoin(pescador, eq(pescador.id, solicitacao.pescadorId))
      .where(eq(solicitacao.id, id))
      .for('update', { of: solicitacao });
    return row;
  }

  async contarAtivos(solicitacaoId: number, tipoDocumento: number, ex: Executor = this.db): Promise<number> {
    const [row] = await ex.select({ n: count() }).from(documento).where(and(
      eq(documento.solicitacaoId, solicitacaoId), eq(documento.tipoDocumento, tipoDocumento), isNull(documento.removidoEm)));
    return row?.n ?? 0;
  }

  async removerAtivosDoTipo(solicitacaoId: number, tipoDocumento: number, em: Date, ex: Executor = this.db): Promise<string[]> {
    const rows = await ex.update(documento).set({ removidoEm: em }).where(and(
      eq(documento.solicitacaoId, solicitacaoId), eq(documento.tipoDocumento, tipoDocumento), isNull(documento.removidoEm)))
      .returning({ chave: documento.chaveArquivo });
    return rows.map((r) => r.chave);
  }

  /** With the SHA-256 of the stored bytes when known: the same file under two CPFs is a signal (decision 0112). */
  async inserir(novo: NovoDocumento, ex: Executor = this.db, sha256?: Buffer): Promise<DocumentoRow> {
    const [row] = await ex.insert(documento).values(novo).returning();
    if (sha256) await ex.insert(documentoHash).values({ documentoId: row!.id, pescadorId: row!.pescadorId, sha256 });
    return row!;
  }

  /** A named statement: every REAP save and send answers with its documents. */
  async listarAtivosDaSolicitacao(solicitacaoId: number): Promise<DocumentoRow[]> {
    const { rows } = await consultaNomeada<Record<string, unknown>>(this.db, {
      name: 'documento_ativos_da_solicitacao', text: ATIVOS_DA_SOLICITACAO, values: [solicitacaoId], types: TIPOS_COMO_DRIZZLE,
    });
    return rows.map((r) => DOCUMENTO.ler(r));
  }

  async findAtivo(id: number, ex: Executor = this.db): Promise<DocumentoRow | undefined> {
    const [row] = await ex.select().from(documento).where(and(eq(documento.id, id), isNull(documento.removidoEm)));
    return row;
  }

  async marcarRemovido(id: number, em: Date, ex: Executor = this.db): Promise<string | null> {
    const [row] = await ex.update(documento).set({ removidoEm: em })
      .where(and(eq(documento.id, id), isNull(documento.removidoEm)))
      .returning({ chave: documento.chaveArquivo });
    return row?.chave ?? null;
  }

  /** Records an analysis's verdict on each document (primary key). */
  async marcarAvaliados(avaliacoes: readonly { documentoId: number; aprovado: boolean }[], ex: Executor = this.db): Promise<void> {
    if (avaliacoes.length === 0) return;
    await ex.execute(sql`
      UPDATE documento d SET aprovado = x.aprovado
      FROM jsonb_to_recordset(${JSON.stringify(avaliacoes)}::jsonb) AS x("documentoId" int, aprovado boolean)
      WHERE d.id = x."documentoId"`);
  }

  async findAtivoPorChave(chave: string): Promise<DocumentoComEscopo | undefined> {
    const [row] = await this.db.select({ doc: documento, ufPescador: ufDoEscopo }).from(documento)
      .innerJoin(pescador, eq(pescador.id, documento.pescadorId))
      .leftJoin(solicitacao, eq(solicitacao.id, documento.solicitacaoId))
      .where(and(eq(documento.chaveArquivo, chave), isNull(documento.removidoEm)));
    return row ? { ...row.doc, ufPescador: row.ufPescador } : undefined;
  }

  async listarMigradosDoPescador(pescadorId: number): Promise<DocumentoRow[]> {
    return this.db.select().from(documento)
      .where(and(eq(documento.pescadorId, pescadorId), eq(documento.migrado, true), isNull(documento.removidoEm)))
      .orderBy(asc(documento.tipoDocumento), asc(documento.id));
  }

  /** In the byte order storages list keys in (`COLLATE "C"`). */
  async ativosPorChave(depois: string | null, limite: number): Promise<{ id: number; chave: string; criadoEm: Date }[]> {
    const chaveC = sql`${documento.chaveArquivo} COLLATE "C"`;
    return this.db.select({ id: documento.id, chave: documento.chaveArquivo, criadoEm: documento.criadoEm }).from(documento)
      .where(and(isNull(documento.removidoEm), depois === null ? undefined : sql`${chaveC} > ${depois}`))
      .orderBy(chaveC)
      .limit(limite);
  }

  async chavesAtivas(chaves: readonly string[], ex: Executor = this.db): Promise<Set<string>> {
    if (chaves.length === 0) return new Set();
    const rows = await ex.select({ chave: documento.chaveArquivo }).from(documento)
      .where(and(inArray(documento.chaveArquivo, [...chaves]), isNull(documento.removidoEm)));
    return new Set(rows.map((r) => r.chave));
  }

  async tiposAtivos(solicitacaoId: number): Promise<number[]> {
    const rows = await this.db.selectDistinct({ tipo: documento.tipoDocumento }).from(documento)
      .where(and(eq(documento.solicitacaoId, solicitacaoId), isNull(documento.removidoEm)))
      .orderBy(sql`1`);
    return rows.map((r) => r.tipo);
  }
}
