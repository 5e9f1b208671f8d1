import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { agenteEntidade, delegacao, entidadeRepresentativa } from '../../db/schema';

export type EntidadeRow = typeof entidadeRepresentativa.$inferSelect;
export type AgenteRow = typeof agenteEntidade.$inferSelect;
export type DelegacaoRow = typeof delegacao.$inferSelect;
export type DelegacaoComEntidade = DelegacaoRow & { nomeEntidade: string; tipoEntidade: number };

export interface VinculoAgente {
  idAgente: number;
  validade: string;
  entidade: EntidadeRow;
}

export interface TermoPendenteRow extends DelegacaoComEntidade {
  cpfPescador: string;
  nomePescador: string;
  ufPescador: string | null;
}

/** The tables of entities, agents and delegations: SQL only. */
export class EntidadeRepository {
  constructor(private readonly db: Database) {}

  async listar(ex: Executor = this.db): Promise<(EntidadeRow & { agentesAtivos: number; delegacoesAtivas: number })[]> {
    const { rows } = await ex.execute<{ id: number; agentes: number; delegacoes: number }>(sql`
      SELECT e.id,
        (SELECT count(*)::int FROM agente_entidade a WHERE a.entidade_id = e.id AND a.desligado_em IS NULL) AS agentes,
        (SELECT count(*)::int FROM delegacao d WHERE d.entidade_id = e.id AND d.situacao = 1) AS delegacoes
      FROM entidade_representativa e`);
    const contagens = new Map(rows.map((r) => [r.id, r]));
    const entidades = await ex.select().from(entidadeRepresentativa).orderBy(entidadeRepresentativa.nome);
    return entidades.map((e) => ({ ...e, agentesAtivos: contagens.get(e.id)?.agentes ?? 0, delegacoesAtivas: contagens.get(e.id)?.delegacoes ?? 0 }));
  }

  async findById(id: number, ex: Executor = this.db): Promise<EntidadeRow | undefined> {
    const [e] = await ex.select().from(entidadeRepresentativa).where(eq(entidadeRepresentativa.id, id));
    return e;
  }

  async findByCnpj(cnpj: string, ex: Executor = this.db): Promise<EntidadeRow | undefined> {
    const [e] = await ex.select().from(entidadeRepresentativa).where(eq(entidadeRepresentativa.cnpj, cnpj));
    return e;
  }

  async inserir(v: typeof entidadeRepresentativa.$inferInsert, ex: Executor = this.db): Promise<EntidadeRow> {
    const [e] = await ex.insert(entidadeRepresentativa).values(v).returning();
    return e!;
  }

  async atualizar(id: number, v: Partial<typeof entidadeRepresentativa.$inferInsert>, ex: Executor = this.db): Promise<EntidadeRow | undefined> {
    const [e] = await ex.update(entidadeRepresentativa).set({ ...v, atualizadoEm: sql`now()` }).where(eq(entidadeRepresentativa.id, id)).returning();
    return e;
  }

  /** Active entities serving the state; `hoje` inside the cooperation act. */
  async disponiveis(uf: string, hoje: string, ex: Executor = this.db): Promise<EntidadeRow[]> {
    const { rows } = await ex.execute<{ id: number }>(sql`
      SELECT id FROM entidade_representativa
      WHERE situacao = 1 AND vigencia_inicio <= ${hoje}::date AND vigencia_fim >= ${hoje}::date AND ${uf}::char(2) = ANY (ufs)`);
    if (rows.length === 0) return [];
    return ex.select().from(entidadeRepresentativa).where(inArray(entidadeRepresentativa.id, rows.map((r) => r.id))).orderBy(entidadeRepresentativa.nome);
  }

  async ufsDosMunicipios(ids: number[], ex: Executor = this.db): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await ex.execute<{ uf: string }>(sql`SELECT uf FROM municipio WHERE id = ANY (${sql.param(ids)}::int[])`);
    return rows.map((r) => r.uf);
  }

  /**
   * The fisher's state (the record's, else the address of their latest request, decision 0110), and whether they ever
   * signed in (gov.br) themselves.
   */
  async pescador(id: number, ex: Executor = this.db): Promise<{ uf: string | null; nome: string; entrouComGovbr: boolean } | undefined> {
    const { rows } = await ex.execute<{ uf: string | null; nome: string; entrou: boolean }>(sql`
      SELECT COALESCE(p.uf, (SELECT s.dados -> 'endereco' ->> 'uf' FROM solicitacao s
               WHERE s.pescador_id = p.id AND NOT s.inativa AND s.dados -> 'endereco' ->> 'uf' ~ '^[A-Z]{2}$'
               ORDER BY s.id DESC LIMIT 1)) AS uf,
             p.nome, EXISTS (SELECT 1 FROM sessao s WHERE s.cpf = p.cpf AND s.perfil = 4) AS entrou FROM pescador p WHERE p.id = ${id}`);
    const r = rows[0];
    return r ? { uf: r.uf, nome: r.nome, entrouComGovbr: r.entrou } : undefined;
  }

  /** A staff member of the RGP (a user account), blocked or not. */
  async ehServidor(cpf: string, ex: Executor = this.db): Promise<boolean> {
    const { rows } = await ex.execute<{ e: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM usuario WHERE cpf = ${cpf}) AS e`);
    return rows[0]?.e ?? false;
  }

  async entrouComGovbr(cpf: string, ex: Executor = this.db): Promise<boolean> {
    const { rows } = await ex.execute<{ entrou: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM sessao WHERE cpf = ${cpf} AND perfil = 4) AS entrou`);
    return rows[0]?.entrou ?? false;
  }

  /** The consent terms' files, read beside the terms (the documents stay the document module's to write). */
  async documentosDosTermos(ids: number[], ex: Executor = this.db): Promise<{ id: number; tipo: number; chave: string; nomeArquivo: string }[]> {
    if (ids.length === 0) return [];
    const { rows } = await ex.execute<{ id: number; tipo: number; chave: string; nomeArquivo: string }>(sql`
      SELECT id, tipo_documento AS tipo, chave_arquivo AS chave, nome_arquivo AS "nomeArquivo" FROM documento
      WHERE id = ANY (${sql.param(ids)}::int[]) AND removido_em IS NULL`);
    return rows;
  }

  async agentes(entidadeId: number, ex: Executor = this.db): Promise<AgenteRow[]> {
    return ex.select().from(agenteEntidade).where(eq(agenteEntidade.entidadeId, entidadeId)).orderBy(agenteEntidade.nome);
  }

  async agenteAtivo(entidadeId: number, cpf: string, ex: Executor = this.db): Promise<AgenteRow | undefined> {
    const [a] = await ex.select().from(agenteEntidade)
      .where(and(eq(agenteEntidade.entidadeId, entidadeId), eq(agenteEntidade.cpf, cpf), isNull(agenteEntidade.desligadoEm)));
    return a;
  }

  async inserirAgente(v: typeof agenteEntidade.$inferInsert, ex: Executor = this.db): Promise<AgenteRow> {
    const [a] = await ex.insert(agenteEntidade).values(v).returning();
    return a!;
  }

  async desligarAgente(entidadeId: number, id: number, agora: Date, ex: Executor = this.db): Promise<AgenteRow | undefined> {
    const [a] = await ex.update(agenteEntidade).set({ desligadoEm: agora })
      .where(and(eq(agenteEntidade.id, id), eq(agenteEntidade.entidadeId, entidadeId), isNull(agenteEntidade.desligadoEm))).returning();
    return a;
  }

  /** The entities a CPF is an agent of, not dismissed (validity and status are the caller's to judge). */
  async vinculosDoAgente(cpf: string, ex: Executor = this.db): Promise<VinculoAgente[]> {
    const linhas = await ex.select({ a: agenteEntidade, e: entidadeRepresentativa }).from(agenteEntidade)
      .innerJoin(entidadeRepresentativa, eq(entidadeRepresentativa.id, agenteEntidade.entidadeId))
      .where(and(eq(agenteEntidade.cpf, cpf), isNull(agenteEntidade.desligadoEm)));
    return linhas.map(({ a, e }) => ({ idAgente: a.id, validade: a.validade, entidade: e }));
  }

  async delegacoesDoPescador(pescadorId: number, entidades: number[] | null, ex: Executor = this.db): Promise<DelegacaoComEntidade[]> {
    const linhas = await ex.select({ d: delegacao, nome: entidadeRepresentativa.nome, tipo: entidadeRepresentativa.tipo }).from(delegacao)
      .innerJoin(entidadeRepresentativa, eq(entidadeRepresentativa.id, delegacao.entidadeId))
      .where(and(eq(delegacao.pescadorId, pescadorId), entidades ? inArray(delegacao.entidadeId, entidades) : undefined))
      .orderBy(desc(delegacao.criadaEm), desc(delegacao.id));
    return linhas.map(({ d, nome, tipo }) => ({ ...d, nomeEntidade: nome, tipoEntidade: tipo }));
  }

  async findDelegacao(id: number, ex: Executor = this.db): Promise<DelegacaoComEntidade | undefined> {
    const [l] = await ex.select({ d: delegacao, nome: entidadeRepresentativa.nome, tipo: entidadeRepresentativa.tipo }).from(delegacao)
      .innerJoin(entidadeRepresentativa, eq(entidadeRepresentativa.id, delegacao.entidadeId))
      .where(eq(delegacao.id, id));
    return l ? { ...l.d, nomeEntidade: l.nome, tipoEntidade: l.tipo } : undefined;
  }

  /** Locks the row: a revocation and a validation of the same delegation do not cross. */
  async travarDelegacao(id: number, ex: Executor): Promise<DelegacaoRow | undefined> {
    const [d] = await ex.select().from(delegacao).where(eq(delegacao.id, id)).for('update');
    return d;
  }

  /** The fisher's open delegations (active or waiting for validation) to one entity, locked: at most one (decision 0111). */
  /**
   * The fisher's open delegations with the entity, locked; grants and terms for one fisher are taken one at a time
   * (a transaction lock on the fisher), so two at once never both find none and collide on the unique index.
   */
  async travarAbertas(pescadorId: number, entidadeId: number, ex: Executor): Promise<DelegacaoRow[]> {
    await ex.execute(sql`SELECT pg_advisory_xact_lock(hashtext('delegacao'), ${pescadorId}::int)`);
    return ex.select().from(delegacao)
      .where(and(eq(delegacao.pescadorId, pescadorId), eq(delegacao.entidadeId, entidadeId), inArray(delegacao.situacao, [1, 2]))).for('update');
  }

  async inserirDelegacao(v: typeof delegacao.$inferInsert, ex: Executor = this.db): Promise<DelegacaoRow> {
    const [d] = await ex.insert(delegacao).values(v).returning();
    return d!;
  }

  async atualizarDelegacao(id: number, v: Partial<typeof delegacao.$inferInsert>, ex: Executor = this.db): Promise<void> {
    await ex.update(delegacao).set(v).where(eq(delegacao.id, id));
  }

  /** Consent terms waiting for an analyst, oldest first (`delegacao_pendente_idx`); `ufs` null for every state. */
  async termosPendentes(ufs: string[] | null, ex: Executor = this.db): Promise<TermoPendenteRow[]> {
    const { rows } = await ex.execute<{ id: number; cpf: string; nome: string; uf: string | null }>(sql`
      SELECT d.id, p.cpf, p.nome, coalesce(p.uf, d.uf) AS uf FROM delegacao d JOIN pescador p ON p.id = d.pescador_id
      WHERE d.situacao = 2 AND (${ufs === null}::boolean OR coalesce(p.uf, d.uf) = ANY (${sql.param(ufs ?? [])}::bpchar[]))
      ORDER BY d.criada_em LIMIT 200`);
    const pescadores = new Map(rows.map((r) => [r.id, r]));
    if (rows.length === 0) return [];
    const linhas = await ex.select({ d: delegacao, nome: entidadeRepresentativa.nome, tipo: entidadeRepresentativa.tipo }).from(delegacao)
      .innerJoin(entidadeRepresentativa, eq(entidadeRepresentativa.id, delegacao.entidadeId))
      .where(inArray(delegacao.id, rows.map((r) => r.id))).orderBy(delegacao.criadaEm);
    return linhas.map(({ d, nome, tipo }) => {
      const p = pescadores.get(d.id)!;
      return { ...d, nomeEntidade: nome, tipoEntidade: tipo, cpfPescador: p.cpf, nomePescador: p.nome, ufPescador: p.uf };
    });
  }

  /** Was an answer with this idempotency key already audited for this fisher and route? */
  async atuacaoComChave(pescadorId: number, rota: string, chave: string, ex: Executor = this.db): Promise<boolean> {
    const { rows } = await ex.execute<{ existe: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM auditoria WHERE pescador_id = ${pescadorId} AND acao = 'ATUACAO_REPRESENTANTE' AND recurso = ${rota}
        AND detalhes->>'chave' = ${chave}) AS existe`);
    return rows[0]?.existe ?? false;
  }
}
