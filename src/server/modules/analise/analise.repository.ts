import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { analiseSolicitacao } from '../../db/schema';
import { SituacaoAnalise as A } from '../../../shared/enums';
import type { FiltrosAnalise } from '../../../shared/schemas/analise';
import { SituacaoSinal } from '../../../shared/schemas/sinal';
import type { TotalizadoresServidor } from '../../../shared/schemas/totalizadores';

export type AnaliseLinha = {
  id: number;
  solicitacaoId: number;
  situacaoAnalise: number;
  ufPescador: string | null;
  usuarioMapaId: number | null;
  nomeAnalista: string | null;
  dataHoraBloqueio: Date | null;
  justificativa: string | null;
  instancia: string;
  documentoParecerId: number | null;
  criadoEm: Date;
  concluidaEm: Date | null;
  tipo: number;
  situacaoSolicitacao: number;
  pescadorId: number;
  nomePescador: string;
  cpfPescador: string;
  numeroProtocolo: string | null;
  enviadaEm: Date | null;
  dados: Record<string, unknown>;
};

export type DocumentoAtivo = {
  id: number;
  tipoDocumento: number;
  nomeArquivo: string;
  chaveArquivo: string;
  migrado: boolean;
  aprovado: boolean;
};

const selectAnalise = (dados: SQL) => sql`
  SELECT a.id, a.solicitacao_id AS "solicitacaoId", a.situacao_analise AS "situacaoAnalise", a.uf_pescador AS "ufPescador",
         a.usuario_mapa_id AS "usuarioMapaId", u.nome AS "nomeAnalista", a.data_hora_bloqueio AS "dataHoraBloqueio",
         a.justificativa, a.instancia, a.documento_parecer_id AS "documentoParecerId", a.criado_em AS "criadoEm",
         a.concluida_em AS "concluidaEm",
         s.tipo, s.situacao AS "situacaoSolicitacao", s.pescador_id AS "pescadorId", p.nome AS "nomePescador",
         p.cpf AS "cpfPescador", s.numero_protocolo AS "numeroProtocolo", s.enviada_em AS "enviadaEm"${dados}
  FROM analise_solicitacao a
  JOIN solicitacao s ON s.id = a.solicitacao_id
  JOIN pescador p ON p.id = s.pescador_id
  LEFT JOIN usuario_mapa um ON um.id = a.usuario_mapa_id
  LEFT JOIN usuario u ON u.id = um.usuario_id`;

const SELECT_ANALISE = selectAnalise(sql`, s.dados`);
const SELECT_ANALISE_LISTA = selectAnalise(sql``);

function dataSp(iso: string, fim: boolean): SQL {
  return fim
    ? sql`((${iso}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')`
    : sql`(${iso}::date::timestamp AT TIME ZONE 'America/Sao_Paulo')`;
}

function data(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  return v instanceof Date ? v : new Date(String(v));
}

export type LinhaLista = Omit<AnaliseLinha, 'dados'> & { diasAguardando: number; sinaisPendentes: number };

function normalizar<T extends Omit<AnaliseLinha, 'dados'>>(l: T): T {
  return {
    ...l,
    dataHoraBloqueio: data(l.dataHoraBloqueio),
    criadoEm: data(l.criadoEm)!,
    concluidaEm: data(l.concluidaEm),
    enviadaEm: data(l.enviadaEm),
  };
}

/** Each situation is read through its own index only as far as the page needs, and the short runs are merged. */
function paginaAbertasPrimeiro(juncoes: SQL, where: SQL[], offset: number, tamanho: number): SQL {
  const ate = offset + tamanho;
  const ramo = (situacao: number, grupo: number) => sql`(
    SELECT a.id, ${grupo}::int AS grupo, a.criado_em FROM analise_solicitacao a ${juncoes}
    WHERE ${sql.join([...where, sql`a.situacao_analise = ${situacao}`], sql` AND `)}
    ORDER BY a.criado_em ASC, a.id ASC LIMIT ${ate})`;
  return sql`SELECT id FROM (
      ${ramo(A.AGUARDANDO_ANALISE, 0)} UNION ALL ${ramo(A.EM_ANALISE, 0)}
      UNION ALL ${ramo(A.DEFERIDA, 1)} UNION ALL ${ramo(A.INDEFERIDA, 1)}
    ) u ORDER BY grupo, criado_em, id LIMIT ${tamanho} OFFSET ${offset}`;
}

/** The only writer of `analise_solicitacao` and `analise_documento`. */
export class AnaliseRepository {
  constructor(private readonly db: Database) {}

  /** Migration 0006, never by counting. */
  async totalizadores(ufs: string[] | null): Promise<TotalizadoresServidor> {
    const filtroUf = ufs === null ? sql`true` : sql`uf = ANY(${sql.param(ufs)}::bpchar[])`;
    const { rows } = await this.db.execute<TotalizadoresServidor>(sql`
      SELECT
        coalesce(sum(total) FILTER (WHERE situacao_analise = ${A.AGUARDANDO_ANALISE}), 0)::int AS "aguardandoAnalise",
        coalesce(sum(total) FILTER (WHERE situacao_analise IN (${A.DEFERIDA}, ${A.INDEFERIDA})), 0)::int AS analisadas,
        coalesce(sum(total) FILTER (WHERE situacao_analise = ${A.EM_ANALISE}), 0)::int AS "emAnalise"
      FROM analise_totais
      WHERE ${filtroUf}`);
    return rows[0]!;
  }

  /** Every filter served by an index; the total from the kept totals unless a period, a name or a CPF is asked. */
  async listar(f: FiltrosAnalise, ufs: string[] | null): Promise<{ total: number; linhas: LinhaLista[] }> {
    const where: SQL[] = [];
    if (ufs !== null) {
      // One state as an equality, so the (uf_pescador, …) indexes keep their order.
      where.push(ufs.length === 1 ? sql`a.uf_pescador = ${ufs[0]}` : sql`a.uf_pescador = ANY(${sql.param(ufs)}::bpchar[])`);
    }
    if (f.situacao) where.push(sql`a.situacao_analise = ${f.situacao}`);
    if (f.uf) where.push(sql`a.uf_pescador = ${f.uf}`);
    if (f.dataInicio) where.push(sql`a.criado_em >= ${dataSp(f.dataInicio, false)}`);
    if (f.dataFim) where.push(sql`a.criado_em < ${dataSp(f.dataFim, true)}`);
    if (f.tipoSolicitacao) where.push(sql`a.tipo_solicitacao = ${f.tipoSolicitacao}`);
    if (f.cpf) where.push(sql`p.cpf = ${f.cpf}`);
    if (f.nome) where.push(sql`p.nome ILIKE ${`%${f.nome.toUpperCase().replace(/[%_\\]/g, '')}%`}`);
    const usaPescador = Boolean(f.cpf || f.nome);
    const usaSolicitacao = usaPescador;
    const juncoes = sql`${usaSolicitacao ? sql`JOIN solicitacao s ON s.id = a.solicitacao_id` : sql``}
      ${usaPescador ? sql`JOIN pescador p ON p.id = s.pescador_id` : sql``}`;
    const filtro = where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``;
    const offset = (f.pagina - 1) * f.tamanhoPagina;
    const contarPelosTotais = !f.dataInicio && !f.dataFim && !usaPescador;
    const [contagem, pagina] = await Promise.all([
      contarPelosTotais
        ? this.db.execute<{ total: number }>(sql`
            SELECT coalesce(sum(total), 0)::int AS total FROM analise_totais t WHERE ${sql.join([
              sql`true`,
              ...(ufs === null ? [] : [sql`t.uf = ANY(${sql.param(ufs)}::bpchar[])`]),
              ...(f.situacao ? [sql`t.situacao_analise = ${f.situacao}`] : []),
              ...(f.uf ? [sql`t.uf = ${f.uf}`] : []),
              ...(f.tipoSolicitacao ? [sql`t.tipo_solicitacao = ${f.tipoSolicitacao}`] : []),
            ], sql` AND `)}`)
        : this.db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM analise_solicitacao a ${juncoes} ${filtro}`),
      this.db.execute<LinhaLista>(sql`
        WITH pagina AS (${f.situacao || usaPescador
          // One situation keeps the index order; a name or a CPF leaves few rows, sorted once.
          ? sql`SELECT a.id FROM analise_solicitacao a ${juncoes} ${filtro}
                ORDER BY ${f.situacao ? sql`` : sql`(a.situacao_analise IN (${A.AGUARDANDO_ANALISE}, ${A.EM_ANALISE})) DESC,`}
                  a.criado_em ASC, a.id ASC LIMIT ${f.tamanhoPagina} OFFSET ${offset}`
          : paginaAbertasPrimeiro(juncoes, where, offset, f.tamanhoPagina)})
        SELECT x.*, ((coalesce(x."concluidaEm", now()) AT TIME ZONE 'America/Sao_Paulo')::date
                    - (x."criadoEm" AT TIME ZONE 'America/Sao_Paulo')::date)::int AS "diasAguardando",
               -- The page's rows only, through the signal's unique index (decision 0112).
               (SELECT count(*)::int FROM sinal_solicitacao si
                WHERE si.solicitacao_id = x."solicitacaoId" AND si.situacao = ${SituacaoSinal.PENDENTE}) AS "sinaisPendentes"
        FROM (${SELECT_ANALISE_LISTA} WHERE a.id IN (SELECT id FROM pagina)) x
        ORDER BY (x."situacaoAnalise" IN (${A.AGUARDANDO_ANALISE}, ${A.EM_ANALISE})) DESC, x."criadoEm" ASC, x.id ASC`),
    ]);
    return { total: contagem.rows[0]!.total, linhas: pagina.rows.map(normalizar) };
  }

  async findById(id: number): Promise<AnaliseLinha | undefined> {
    const { rows } = await this.db.execute<AnaliseLinha>(sql`${SELECT_ANALISE} WHERE a.id = ${id}`);
    return rows[0] && normalizar(rows[0]);
  }

  /** Decisions run one at a time; taken before the fisher's lock (db/travas.ts). */
  async lockById(id: number, tx: Executor): Promise<AnaliseLinha | undefined> {
    const { rows } = await tx.execute<AnaliseLinha>(sql`${SELECT_ANALISE} WHERE a.id = ${id} FOR UPDATE OF a`);
    return rows[0] && normalizar(rows[0]);
  }

  async inserir(nova: { solicitacaoId: number; ufPescador: string | null; instancia: string }, ex: Executor = this.db): Promise<void> {
    await ex.insert(analiseSolicitacao).values({ ...nova, situacaoAnalise: A.AGUARDANDO_ANALISE });
  }

  async findAtualDaSolicitacao(solicitacaoId: number): Promise<AnaliseLinha | undefined> {
    const { rows } = await this.db.execute<AnaliseLinha>(sql`${SELECT_ANALISE} WHERE a.solicitacao_id = ${solicitacaoId} ORDER BY a.id DESC LIMIT 1`);
    return rows[0] && normalizar(rows[0]);
  }

  async findUltimaIndeferida(solicitacaoId: number): Promise<AnaliseLinha | undefined> {
    const { rows } = await this.db.execute<AnaliseLinha>(sql`
      ${SELECT_ANALISE} WHERE a.solicitacao_id = ${solicitacaoId} AND a.situacao_analise = ${A.INDEFERIDA}
      ORDER BY a.concluida_em DESC NULLS LAST, a.id DESC LIMIT 1`);
    return rows[0] && normalizar(rows[0]);
  }

  async findSolicitacaoPescador(solicitacaoId: number): Promise<{ pescadorId: number; uf: string | null } | undefined> {
    const { rows } = await this.db.execute<{ pescadorId: number; uf: string | null }>(sql`
      SELECT s.pescador_id AS "pescadorId", coalesce(s.uf_pescador, p.uf) AS uf
      FROM solicitacao s JOIN pescador p ON p.id = s.pescador_id WHERE s.id = ${solicitacaoId}`);
    return rows[0];
  }

  async documentosAtivos(solicitacaoId: number, ex: Executor = this.db): Promise<DocumentoAtivo[]> {
    const { rows } = await ex.execute<DocumentoAtivo>(sql`
      SELECT id, tipo_documento AS "tipoDocumento", nome_arquivo AS "nomeArquivo", chave_arquivo AS "chaveArquivo", migrado, aprovado
      FROM documento WHERE solicitacao_id = ${solicitacaoId} AND removido_em IS NULL ORDER BY tipo_documento, id`);
    return rows;
  }

  async documentoParecer(id: number): Promise<{ id: number; nomeArquivo: string; chaveArquivo: string } | undefined> {
    const { rows } = await this.db.execute<{ id: number; nomeArquivo: string; chaveArquivo: string }>(sql`
      SELECT id, nome_arquivo AS "nomeArquivo", chave_arquivo AS "chaveArquivo" FROM documento WHERE id = ${id} AND removido_em IS NULL`);
    return rows[0];
  }

  async definirParecer(analiseId: number, documentoId: number | null, ex: Executor = this.db): Promise<void> {
    await ex.execute(sql`UPDATE analise_solicitacao SET documento_parecer_id = ${documentoId} WHERE id = ${analiseId}`);
  }

  async findAnaliseDoParecer(documentoId: number): Promise<number | undefined> {
    const { rows } = await this.db.execute<{ id: number }>(sql`SELECT id FROM analise_solicitacao WHERE documento_parecer_id = ${documentoId}`);
    return rows[0]?.id;
  }

  async checklist(analiseId: number): Promise<{ tipoDocumento: number; aprovado: boolean }[]> {
    const { rows } = await this.db.execute<{ tipoDocumento: number; aprovado: boolean }>(sql`
      SELECT tipo_documento AS "tipoDocumento", aprovado FROM analise_documento WHERE analise_id = ${analiseId} ORDER BY tipo_documento, documento_id`);
    return rows;
  }

  async bloquear(analiseId: number, usuarioMapaId: number, quando: Date, ex: Executor = this.db): Promise<Date> {
    const { rows } = await ex.execute<{ dataHoraBloqueio: Date }>(sql`
      UPDATE analise_solicitacao SET situacao_analise = ${A.EM_ANALISE}, usuario_mapa_id = ${usuarioMapaId},
        data_hora_bloqueio = ${quando.toISOString()}::timestamptz
      WHERE id = ${analiseId} RETURNING data_hora_bloqueio AS "dataHoraBloqueio"`);
    return data(rows[0]!.dataHoraBloqueio)!;
  }

  async desbloquear(analiseId: number, ex: Executor = this.db): Promise<void> {
    await ex.execute(sql`
      UPDATE analise_solicitacao SET situacao_analise = ${A.AGUARDANDO_ANALISE}, usuario_mapa_id = NULL, data_hora_bloqueio = NULL
      WHERE id = ${analiseId}`);
  }

  async concluir(p: {
    analiseId: number; situacao: number; justificativa: string | null; perfilAnalista: number; documentoParecerId: number | null;
    checklist: { documentoId: number; tipoDocumento: number; aprovado: boolean }[];
  }, ex: Executor = this.db): Promise<void> {
    await ex.execute(sql`
      UPDATE analise_solicitacao SET situacao_analise = ${p.situacao}, justificativa = ${p.justificativa},
        perfil_analista = ${p.perfilAnalista}, documento_parecer_id = ${p.documentoParecerId}, concluida_em = now()
      WHERE id = ${p.analiseId}`);
    const linhas = JSON.stringify(p.checklist);
    await ex.execute(sql`
      INSERT INTO analise_documento (analise_id, documento_id, tipo_documento, aprovado)
      SELECT ${p.analiseId}, x."documentoId", x."tipoDocumento", x.aprovado
      FROM jsonb_to_recordset(${linhas}::jsonb) AS x("documentoId" int, "tipoDocumento" smallint, aprovado boolean)`);
  }
}
