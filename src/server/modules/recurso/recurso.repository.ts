import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { FiltrosRecurso, OrgaoRecurso } from '../../../shared/schemas/recurso';

export type SancaoRow = {
  historicoId: number;
  situacaoNova: number;
  situacaoAnterior: number | null;
  loteId: number;
  aplicadaEm: string;
  aplicadaEmInstante: Date;
  orgaoSolicitante: string;
  reapAnoReferencia: number | null;
  atoId: number;
  atoNome: string;
  atoInicio: string;
  prazoRecursoDias: number | null;
  prazoDecisaoRecursoDias: number | null;
};

export type IndeferimentoRow = {
  solicitacaoId: number;
  tipo: number;
  numeroProtocolo: string | null;
  finalizadaEm: string;
  perfilAnalista: number | null;
};

export type AvisoRow = {
  avisoId: number;
  anoReferencia: number;
  fimPreenchimento: string;
  avisadoEm: string;
  avisadoEmInstante: Date;
  atoId: number | null;
  atoNome: string | null;
  prazoRecursoDias: number | null;
  prazoDecisaoRecursoDias: number | null;
};

export type RecursoRow = {
  id: number;
  solicitacaoId: number;
  pescadorId: number;
  uf: string | null;
  objeto: number;
  chaveObjeto: string;
  solicitacaoContestadaId: number | null;
  historicoSituacaoId: number | null;
  loteId: number | null;
  avisoId: number | null;
  anoReferencia: number | null;
  atoNormativoId: number | null;
  inicioPrazo: string;
  ultimoDia: string;
  prazoDecisaoDias: number;
  razoes: string | null;
  tempestivo: boolean | null;
  instancia: number;
  orgao: OrgaoRecurso;
  recebidoEm: string | null;
  prazoInstancia: string | null;
  prorrogado: boolean;
  justificativaProrrogacao: string | null;
  analistaId: number | null;
  bloqueadoEm: Date | null;
  resultado: number | null;
  ultimoDiaProximaInstancia: string | null;
};

export type RecursoLido = RecursoRow & {
  numeroProtocolo: string | null;
  situacaoSolicitacao: number;
  nomePescador: string;
  atoNome: string | null;
  nomeAnalista: string | null;
};

export type LinhaSancao = { situacaoAnterior: number | null; situacaoNova: number; suspensoAte: string | null };

export type DecisaoRow = {
  instancia: number;
  orgao: string;
  resultado: number;
  justificativa: string;
  perfilAtor: number | null;
  criadoEm: Date;
};

export type NovoRecurso = Pick<RecursoRow,
  'solicitacaoId' | 'pescadorId' | 'uf' | 'objeto' | 'chaveObjeto' | 'solicitacaoContestadaId' | 'historicoSituacaoId' | 'loteId'
  | 'avisoId' | 'anoReferencia' | 'atoNormativoId' | 'inicioPrazo' | 'ultimoDia' | 'prazoDecisaoDias' | 'orgao'>;

const COLUNAS = sql`
  r.id, r.solicitacao_id AS "solicitacaoId", r.pescador_id AS "pescadorId", r.uf, r.objeto, r.chave_objeto AS "chaveObjeto",
  r.solicitacao_contestada_id AS "solicitacaoContestadaId", r.historico_situacao_id::int AS "historicoSituacaoId", r.lote_id AS "loteId",
  r.aviso_id AS "avisoId", r.ano_referencia AS "anoReferencia", r.ato_normativo_id AS "atoNormativoId",
  to_char(r.inicio_prazo, 'YYYY-MM-DD') AS "inicioPrazo", to_char(r.ultimo_dia, 'YYYY-MM-DD') AS "ultimoDia",
  r.prazo_decisao_dias AS "prazoDecisaoDias", r.razoes, r.tempestivo, r.instancia, r.orgao,
  to_char(r.recebido_em, 'YYYY-MM-DD') AS "recebidoEm", to_char(r.prazo_instancia, 'YYYY-MM-DD') AS "prazoInstancia",
  r.prorrogado, r.justificativa_prorrogacao AS "justificativaProrrogacao", r.analista_id AS "analistaId",
  r.bloqueado_em AS "bloqueadoEm", r.resultado,
  to_char(r.ultimo_dia_proxima_instancia, 'YYYY-MM-DD') AS "ultimoDiaProximaInstancia"`;

const LIDO_COLUNAS = sql`${COLUNAS}, s.numero_protocolo AS "numeroProtocolo", s.situacao AS "situacaoSolicitacao", p.nome AS "nomePescador",
         a.nome AS "atoNome", u.nome AS "nomeAnalista"`;
const LIDO_DE = sql`
  FROM recurso r
  JOIN solicitacao s ON s.id = r.solicitacao_id
  JOIN pescador p ON p.id = r.pescador_id
  LEFT JOIN ato_normativo a ON a.id = r.ato_normativo_id
  LEFT JOIN usuario_mapa um ON um.id = r.analista_id
  LEFT JOIN usuario u ON u.id = um.usuario_id`;
const SELECT_LIDO = sql`SELECT ${LIDO_COLUNAS} ${LIDO_DE}`;

const diaSp = (coluna: SQL) => sql`to_char((${coluna} AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD')`;

/** The only writer of `recurso` and `recurso_decisao`; what an appeal contests is only read here. */
export class RecursoRepository {
  constructor(private readonly db: Database) {}

  async indeferimentos(pescadorId: number, ex: Executor = this.db): Promise<IndeferimentoRow[]> {
    const { rows } = await ex.execute<IndeferimentoRow>(sql`
      SELECT s.id AS "solicitacaoId", s.tipo, s.numero_protocolo AS "numeroProtocolo",
             COALESCE((SELECT ${diaSp(sql`h.criado_em`)} FROM solicitacao_historico h
                       WHERE h.solicitacao_id = s.id AND h.situacao_nova = 5 ORDER BY h.criado_em DESC LIMIT 1),
                      ${diaSp(sql`s.atualizado_em`)}) AS "finalizadaEm",
             (SELECT a.perfil_analista FROM analise_solicitacao a WHERE a.solicitacao_id = s.id ORDER BY a.id DESC LIMIT 1) AS "perfilAnalista"
      FROM solicitacao s
      WHERE s.pescador_id = ${pescadorId} AND s.situacao = 5 AND s.tipo NOT IN (4, 11) AND NOT s.inativa
      ORDER BY s.id`);
    return rows;
  }

  /** The latest registry history line, if it suspended or cancelled and the registry is still so. */
  async sancaoVigente(pescadorId: number, ex: Executor = this.db): Promise<SancaoRow | undefined> {
    const { rows } = await ex.execute<SancaoRow>(sql`
      SELECT h.id::int AS "historicoId", h.situacao_nova AS "situacaoNova", h.situacao_anterior AS "situacaoAnterior",
             h.lote_id AS "loteId", ${diaSp(sql`h.criado_em`)} AS "aplicadaEm", h.criado_em AS "aplicadaEmInstante", l.orgao_solicitante AS "orgaoSolicitante",
             l.reap_ano_referencia AS "reapAnoReferencia", a.id AS "atoId", a.nome AS "atoNome",
             to_char(a.data_inicio_vigencia, 'YYYY-MM-DD') AS "atoInicio", a.prazo_recurso_dias AS "prazoRecursoDias",
             a.prazo_decisao_recurso_dias AS "prazoDecisaoRecursoDias"
      FROM (SELECT * FROM pescador_historico_situacao WHERE pescador_id = ${pescadorId} ORDER BY id DESC LIMIT 1) h
      JOIN pescador p ON p.id = h.pescador_id AND p.situacao_registro = h.situacao_nova
      JOIN lote_pescador l ON l.id = h.lote_id
      JOIN ato_normativo a ON a.id = h.ato_normativo_id
      WHERE h.situacao_nova IN (2, 6)`);
    return rows[0] ? { ...rows[0], aplicadaEmInstante: new Date(rows[0].aplicadaEmInstante) } : undefined;
  }

  async avisos(pescadorId: number, ex: Executor = this.db): Promise<AvisoRow[]> {
    const { rows } = await ex.execute<AvisoRow>(sql`
      SELECT av.id AS "avisoId", av.ano_referencia AS "anoReferencia", to_char(av.fim_preenchimento, 'YYYY-MM-DD') AS "fimPreenchimento",
             ${diaSp(sql`av.iniciado_em`)} AS "avisadoEm", av.iniciado_em AS "avisadoEmInstante",
             a.id AS "atoId", a.nome AS "atoNome", a.prazo_recurso_dias AS "prazoRecursoDias",
             a.prazo_decisao_recurso_dias AS "prazoDecisaoRecursoDias"
      FROM reap_aviso_pescador ap
      JOIN reap_aviso av ON av.id = ap.aviso_id
      LEFT JOIN LATERAL (
        SELECT ph.ato_normativo_id FROM reap_prazo_historico ph
        WHERE ph.ano_referencia = av.ano_referencia AND ph.fim_preenchimento = av.fim_preenchimento ORDER BY ph.id DESC LIMIT 1
      ) ph ON true
      LEFT JOIN ato_normativo a ON a.id = ph.ato_normativo_id
      WHERE ap.pescador_id = ${pescadorId}
      ORDER BY av.id`);
    return rows.map((r) => ({ ...r, avisadoEmInstante: new Date(r.avisadoEmInstante) }));
  }

  async reapEnviada(pescadorId: number, ano: number, ex: Executor = this.db): Promise<{ enviadaEm: Date; numeroProtocolo: string | null } | undefined> {
    const { rows } = await ex.execute<{ enviadaEm: Date; numeroProtocolo: string | null }>(sql`
      SELECT q.enviada_em AS "enviadaEm", s.numero_protocolo AS "numeroProtocolo"
      FROM reap_questionario q JOIN solicitacao s ON s.id = q.solicitacao_id
      WHERE q.pescador_id = ${pescadorId} AND q.ano_referencia = ${ano} AND q.enviada AND q.enviada_em IS NOT NULL`);
    return rows[0] ? { ...rows[0], enviadaEm: new Date(rows[0].enviadaEm) } : undefined;
  }

  async doPescador(pescadorId: number, ex: Executor = this.db): Promise<RecursoLido[]> {
    const { rows } = await ex.execute<RecursoLido>(sql`${SELECT_LIDO} WHERE r.pescador_id = ${pescadorId} ORDER BY r.id DESC`);
    return rows.map(lido);
  }

  async historicoSituacao(id: number, ex: Executor = this.db): Promise<LinhaSancao | undefined> {
    const { rows } = await ex.execute<LinhaSancao>(sql`
      SELECT situacao_anterior AS "situacaoAnterior", situacao_nova AS "situacaoNova", to_char(suspenso_ate, 'YYYY-MM-DD') AS "suspensoAte"
      FROM pescador_historico_situacao WHERE id = ${id}`);
    return rows[0];
  }

  async ufDoPescador(pescadorId: number, ex: Executor = this.db): Promise<string | null> {
    const { rows } = await ex.execute<{ uf: string | null }>(sql`SELECT uf FROM pescador WHERE id = ${pescadorId}`);
    return rows[0]?.uf ?? null;
  }

  async lido(id: number, ex: Executor = this.db): Promise<RecursoLido | undefined> {
    const { rows } = await ex.execute<RecursoLido>(sql`${SELECT_LIDO} WHERE r.id = ${id}`);
    return rows[0] ? lido(rows[0]) : undefined;
  }

  async lock(id: number, tx: Executor): Promise<RecursoRow | undefined> {
    const { rows } = await tx.execute<RecursoRow>(sql`SELECT ${COLUNAS} FROM recurso r WHERE r.id = ${id} FOR UPDATE`);
    return rows[0] ? lido(rows[0] as RecursoLido) : undefined;
  }

  async daChave(pescadorId: number, chave: string, ex: Executor = this.db): Promise<{ id: number } | undefined> {
    const { rows } = await ex.execute<{ id: number }>(sql`
      SELECT id FROM recurso WHERE pescador_id = ${pescadorId} AND chave_objeto = ${chave}`);
    return rows[0];
  }

  async inserir(n: NovoRecurso, tx: Executor): Promise<number> {
    const { rows } = await tx.execute<{ id: number }>(sql`
      INSERT INTO recurso (solicitacao_id, pescador_id, uf, objeto, chave_objeto, solicitacao_contestada_id, historico_situacao_id,
        lote_id, aviso_id, ano_referencia, ato_normativo_id, inicio_prazo, ultimo_dia, prazo_decisao_dias, orgao)
      VALUES (${n.solicitacaoId}, ${n.pescadorId}, ${n.uf}, ${n.objeto}, ${n.chaveObjeto}, ${n.solicitacaoContestadaId},
        ${n.historicoSituacaoId}, ${n.loteId}, ${n.avisoId}, ${n.anoReferencia}, ${n.atoNormativoId}, ${n.inicioPrazo}::date,
        ${n.ultimoDia}::date, ${n.prazoDecisaoDias}, ${n.orgao})
      RETURNING id`);
    return rows[0]!.id;
  }

  async atualizar(id: number, m: Partial<Pick<RecursoRow,
    'uf' | 'razoes' | 'tempestivo' | 'instancia' | 'orgao' | 'recebidoEm' | 'prazoInstancia' | 'prorrogado' | 'justificativaProrrogacao'
    | 'analistaId' | 'bloqueadoEm' | 'resultado' | 'ultimoDiaProximaInstancia'>>, tx: Executor): Promise<void> {
    const partes: SQL[] = [sql`atualizado_em = now()`];
    const col: Record<string, string> = {
      uf: 'uf', razoes: 'razoes', tempestivo: 'tempestivo', instancia: 'instancia', orgao: 'orgao', recebidoEm: 'recebido_em',
      prazoInstancia: 'prazo_instancia', prorrogado: 'prorrogado', justificativaProrrogacao: 'justificativa_prorrogacao',
      analistaId: 'analista_id', bloqueadoEm: 'bloqueado_em', resultado: 'resultado', ultimoDiaProximaInstancia: 'ultimo_dia_proxima_instancia',
    };
    for (const [k, v] of Object.entries(m)) {
      if (v === undefined) continue;
      partes.push(sql`${sql.identifier(col[k]!)} = ${v instanceof Date ? v.toISOString() : v}`);
    }
    await tx.execute(sql`UPDATE recurso SET ${sql.join(partes, sql`, `)} WHERE id = ${id}`);
  }

  async inserirDecisao(d: {
    recursoId: number; instancia: number; orgao: string; resultado: number; justificativa: string; cpfAtor: string | null; perfilAtor: number | null;
  }, tx: Executor): Promise<void> {
    await tx.execute(sql`
      INSERT INTO recurso_decisao (recurso_id, instancia, orgao, resultado, justificativa, cpf_ator, perfil_ator)
      VALUES (${d.recursoId}, ${d.instancia}, ${d.orgao}, ${d.resultado}, ${d.justificativa}, ${d.cpfAtor}, ${d.perfilAtor})`);
  }

  async decisoes(recursoId: number, ex: Executor = this.db): Promise<DecisaoRow[]> {
    const { rows } = await ex.execute<DecisaoRow>(sql`
      SELECT instancia, orgao, resultado, justificativa, perfil_ator AS "perfilAtor", criado_em AS "criadoEm"
      FROM recurso_decisao WHERE recurso_id = ${recursoId} ORDER BY id`);
    return rows.map((r) => ({ ...r, criadoEm: new Date(r.criadoEm) }));
  }

  /**
   * The queue's count and page, apart so the service overlaps them. Pending ones are read through recurso_fila_idx,
   * an act's through recurso_ato_fila_idx, the national queue through recurso_pendente_prazo_idx; a page after
   * `apos` (clock day, id) costs the same at any depth.
   */
  async contarFila(f: FiltrosRecurso, escopo: { ufs: string[] | null }, hoje: string, ex: Executor = this.db): Promise<number> {
    const { rows } = await ex.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM recurso r WHERE ${sql.join(condicoesFila(f, escopo, hoje), sql` AND `)}`);
    return rows[0]?.n ?? 0;
  }

  /**
   * A page of the queue: only the columns its summary shows (the bench's hand-written page reads the same), so the
   * plan is the bare one's and each row is one small object.
   */
  async paginaFila(f: FiltrosRecurso, escopo: { ufs: string[] | null }, hoje: string, ex: Executor = this.db): Promise<LinhaFila[]> {
    const pagina = condicoesFila(f, escopo, hoje);
    let deslocamento = (f.pagina - 1) * f.tamanhoPagina;
    if (f.apos) {
      const [dia, id] = f.apos.split('_');
      pagina.push(sql`(r.prazo_instancia, r.id) > (${dia}::date, ${Number(id)})`);
      deslocamento = 0;
    }
    const { rows } = await ex.execute<LinhaFila>(sql`
      SELECT r.id, s.numero_protocolo AS "numeroProtocolo", p.nome AS "nomePescador", r.uf, r.objeto, r.instancia, r.orgao,
        to_char(r.prazo_instancia, 'YYYY-MM-DD') AS "prazoInstancia", r.resultado, u.nome AS "nomeAnalista"
      FROM recurso r JOIN solicitacao s ON s.id = r.solicitacao_id JOIN pescador p ON p.id = r.pescador_id
      LEFT JOIN usuario_mapa um ON um.id = r.analista_id LEFT JOIN usuario u ON u.id = um.usuario_id
      WHERE ${sql.join(pagina, sql` AND `)} ORDER BY r.prazo_instancia, r.id
      LIMIT ${f.tamanhoPagina} OFFSET ${deslocamento}`);
    return rows;
  }

  async loteDoAnexo(loteId: number, ex: Executor = this.db): Promise<{ id: number; tipo: number; atoNome: string } | undefined> {
    const { rows } = await ex.execute<{ id: number; tipo: number; atoNome: string }>(sql`
      SELECT l.id, l.tipo, a.nome AS "atoNome" FROM lote_pescador l JOIN ato_normativo a ON a.id = l.ato_normativo_id WHERE l.id = ${loteId}`);
    return rows[0];
  }

  /** Those the batch changed (lote_pescador_item_resultado_idx), by state and name. */
  async anexo(loteId: number, uf: string | undefined, ex: Executor = this.db): Promise<LinhaAnexo[]> {
    const { rows } = await ex.execute<LinhaAnexo>(sql`
      SELECT p.uf, p.nome, p.cpf, p.numero_rgp AS "numeroRgp"
      FROM lote_pescador_item i JOIN pescador p ON p.id = i.pescador_id
      WHERE i.lote_id = ${loteId} AND i.resultado = 1 ${uf ? sql`AND p.uf = ${uf}` : sql``}
      ORDER BY p.uf, p.nome, p.id`);
    return rows;
  }

  /** The acts with pending appeals in scope (the queue's act filter), newest first, with their counts. */
  async atosPendentes(ufs: string[] | null, ex: Executor = this.db): Promise<{ id: number; nome: string; pendentes: number }[]> {
    const escopo = ufs === null ? sql`` : sql`AND r.uf = ANY(${`{${ufs.join(',')}}`}::char(2)[])`;
    const { rows } = await ex.execute<{ id: number; nome: string; pendentes: number }>(sql`
      SELECT a.id, a.nome, c.n AS pendentes FROM (
        SELECT r.ato_normativo_id AS id, count(*)::int AS n FROM recurso r
        WHERE r.resultado IS NULL AND r.prazo_instancia IS NOT NULL AND r.ato_normativo_id IS NOT NULL ${escopo}
        GROUP BY r.ato_normativo_id
      ) c JOIN ato_normativo a ON a.id = c.id ORDER BY a.id DESC LIMIT 50`);
    return rows;
  }

  /**
   * Many appeals locked in id order (two batches wait for each other, never deadlock), with the sanction's line: only
   * what a batch decision reads of each (no reasons, names or act), so a chunk of 2,000 builds few objects.
   */
  async lockVarios(ids: number[], tx: Executor): Promise<RecursoEmLote[]> {
    const lista = `{${ids.join(',')}}`;
    await tx.execute(sql`SELECT count(*) FROM (SELECT 1 FROM recurso WHERE id = ANY(${lista}::int[]) ORDER BY id FOR UPDATE) x`);
    const { rows } = await tx.execute<RecursoEmLote>(sql`
      SELECT r.id, r.solicitacao_id AS "solicitacaoId", r.pescador_id AS "pescadorId", r.uf, r.objeto,
        r.solicitacao_contestada_id AS "solicitacaoContestadaId", r.ano_referencia AS "anoReferencia", r.ato_normativo_id AS "atoNormativoId",
        to_char(r.inicio_prazo, 'YYYY-MM-DD') AS "inicioPrazo", to_char(r.ultimo_dia, 'YYYY-MM-DD') AS "ultimoDia", r.tempestivo,
        r.instancia, r.orgao, r.prazo_instancia IS NOT NULL AS "temPrazoInstancia", r.analista_id AS "analistaId", r.bloqueado_em AS "bloqueadoEm",
        r.resultado, s.numero_protocolo AS "numeroProtocolo", s.situacao AS "situacaoSolicitacao",
        hs.situacao_anterior AS "sancaoSituacaoAnterior", hs.situacao_nova AS "sancaoSituacaoNova"
      FROM recurso r JOIN solicitacao s ON s.id = r.solicitacao_id
      LEFT JOIN pescador_historico_situacao hs ON hs.id = r.historico_situacao_id
      WHERE r.id = ANY(${lista}::int[]) ORDER BY r.id`);
    for (const r of rows) if (r.bloqueadoEm !== null) r.bloqueadoEm = new Date(r.bloqueadoEm);
    return rows;
  }

  async inserirDecisoes(ds: { recursoId: number; instancia: number; orgao: string }[], resultado: number, justificativa: string,
    ator: { cpf: string; perfil: number }, tx: Executor): Promise<void> {
    if (ds.length === 0) return;
    await tx.execute(sql`
      INSERT INTO recurso_decisao (recurso_id, instancia, orgao, resultado, justificativa, cpf_ator, perfil_ator)
      SELECT u.id, u.instancia, u.orgao, ${resultado}, ${justificativa}, ${ator.cpf}, ${ator.perfil}
      FROM unnest(${`{${ds.map((d) => d.recursoId).join(',')}}`}::int[], ${`{${ds.map((d) => d.instancia).join(',')}}`}::smallint[],
        ${`{${ds.map((d) => d.orgao).join(',')}}`}::varchar[]) AS u(id, instancia, orgao)`);
  }

  /** The result of many, each with its next-instance day (null when none). */
  async decidirVarios(ds: { id: number; ultimoDiaProximaInstancia: string | null }[], resultado: number, tx: Executor): Promise<void> {
    if (ds.length === 0) return;
    await tx.execute(sql`
      UPDATE recurso r SET resultado = ${resultado}, analista_id = NULL, bloqueado_em = NULL,
        ultimo_dia_proxima_instancia = u.dia, atualizado_em = now()
      FROM unnest(${`{${ds.map((d) => d.id).join(',')}}`}::int[], ${`{${ds.map((d) => d.ultimoDiaProximaInstancia ?? 'NULL').join(',')}}`}::date[]) AS u(id, dia)
      WHERE r.id = u.id`);
  }
}

/** The queue's filter as SQL conditions on `recurso r`: the queue and a batch decision by filter share them. */
export function condicoesFila(
  f: Pick<FiltrosRecurso, 'orgao' | 'instancia' | 'uf' | 'ato' | 'situacao' | 'prazoAte' | 'resultado'>, escopo: { ufs: string[] | null }, hoje: string,
): SQL[] {
  const conds: SQL[] = [sql`r.prazo_instancia IS NOT NULL`];
  if (escopo.ufs !== null) conds.push(sql`r.uf = ANY(${`{${escopo.ufs.join(',')}}`}::char(2)[])`);
  if (f.orgao) conds.push(sql`r.orgao = ${f.orgao}`);
  if (f.instancia) conds.push(sql`r.instancia = ${f.instancia}`);
  if (f.uf) conds.push(sql`r.uf = ${f.uf}`);
  if (f.ato) conds.push(sql`r.ato_normativo_id = ${f.ato}`);
  if (f.situacao === 'decididos') conds.push(sql`r.resultado IS NOT NULL`);
  else conds.push(sql`r.resultado IS NULL`);
  if (f.situacao === 'atrasados') conds.push(sql`r.prazo_instancia < ${hoje}::date`);
  if (f.prazoAte) conds.push(sql`r.prazo_instancia <= ${f.prazoAte}::date`);
  if (f.resultado) conds.push(sql`r.resultado = ${f.resultado}`);
  return conds;
}

/** A row of the staff queue's page. */
export type LinhaFila = Pick<RecursoLido, 'id' | 'numeroProtocolo' | 'nomePescador' | 'uf' | 'objeto' | 'instancia' | 'orgao' | 'prazoInstancia'
  | 'resultado' | 'nomeAnalista'>;

export type LinhaAnexo = { uf: string | null; nome: string; cpf: string; numeroRgp: string | null };

/** An appeal locked for a batch decision: what its rules and effects read, with the registry line its sanction wrote. */
export type RecursoEmLote = Pick<RecursoLido, 'id' | 'solicitacaoId' | 'pescadorId' | 'uf' | 'objeto' | 'solicitacaoContestadaId' | 'anoReferencia'
  | 'atoNormativoId' | 'inicioPrazo' | 'ultimoDia' | 'tempestivo' | 'instancia' | 'orgao' | 'analistaId' | 'bloqueadoEm' | 'resultado'
  | 'numeroProtocolo' | 'situacaoSolicitacao'> & { temPrazoInstancia: boolean; sancaoSituacaoAnterior: number | null; sancaoSituacaoNova: number | null };

function lido<T extends RecursoLido>(r: T): T {
  return { ...r, bloqueadoEm: r.bloqueadoEm ? new Date(r.bloqueadoEm) : null };
}
