import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { isValidCpf } from '../../../shared/cpf';
import { hojeSaoPaulo } from '../../../shared/datas';
import { SituacaoCpfReceita, TipoCargaReferencia } from '../../../shared/schemas/sinal';
import type { Database, Executor } from '../../db/client';
import type { AuditoriaService } from '../auditoria/auditoria.service';

/**
 * Loads the reference data the signals read (decision 0113): the Receita's irregular CPFs (`cpf_situacao_receita`)
 * and IBGE's adult population per municipality (`municipio_populacao`). The file is read as a stream, each line
 * checked, the good ones copied in batches into a temporary table; then, in the same transaction, the table is made
 * equal to the file (rows gone deleted, new ones inserted, changed ones updated), the load recorded and audited. Any
 * bad line and nothing changes: a reload replaces the previous load whole or not at all.
 */

export type TipoCarga = 'receita' | 'ibge';

export interface OpcoesCarga {
  /** The file's name as the operator gave it (kept, not its path). */
  arquivo: string;
  /** The operator's CPF, recorded with the load and in the audit. */
  cpfOperador: string;
  /** IBGE: the population's year when the file has no third column. */
  ano?: number;
  /** Receita: the date of the situation when the file has no third column (default today). */
  data?: string;
  /** A load keeping less than half of what the previous one kept is refused unless accepted (a cut file). */
  aceitarReducao?: boolean;
}

export interface ResultadoCarga {
  id: number;
  linhas: number;
  mantidas: number;
  inseridas: number;
  atualizadas: number;
  removidas: number;
  sha256: string;
}

export interface ErroLinha { linha: number; mensagem: string }

/** The load was refused; nothing changed. `erros` holds the first few bad lines, `totalErros` all of them. */
export class CargaRecusada extends Error {
  constructor(mensagem: string, readonly erros: ErroLinha[] = [], readonly totalErros = erros.length) {
    super(mensagem);
    this.name = 'CargaRecusada';
  }
}

const LOTE = 5_000;
const ERROS_MOSTRADOS = 20;
const POPULACAO_MAXIMA = 20_000_000;

/**
 * The Receita's situations, by the codes of its CPF consultation (Serpro) and by name. Only the irregular ones are
 * kept (decision 0112); a regular or pending CPF is a valid line that keeps nothing.
 */
const SITUACOES_RECEITA: Record<string, number | null> = {
  '0': null, 'regular': null,
  '2': SituacaoCpfReceita.SUSPENSA, 'suspensa': SituacaoCpfReceita.SUSPENSA,
  '3': SituacaoCpfReceita.TITULAR_FALECIDO, 'titular falecido': SituacaoCpfReceita.TITULAR_FALECIDO,
  'falecido': SituacaoCpfReceita.TITULAR_FALECIDO,
  '4': null, 'pendente de regularizacao': null,
  '5': SituacaoCpfReceita.CANCELADA, 'cancelada por multiplicidade': SituacaoCpfReceita.CANCELADA,
  '8': SituacaoCpfReceita.NULA, 'nula': SituacaoCpfReceita.NULA,
  '9': SituacaoCpfReceita.CANCELADA, 'cancelada de oficio': SituacaoCpfReceita.CANCELADA,
  'cancelada': SituacaoCpfReceita.CANCELADA,
};
const AJUDA_SITUACAO = 'use 0 (regular), 2 (suspensa), 3 (titular falecido), 4 (pendente de regularização), '
  + '5 (cancelada por multiplicidade), 8 (nula), 9 (cancelada de ofício) ou o nome da situação';

function semAcento(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * A value quoted back to the operator, whose terminal and job logs are kept: short, and never what may be a CPF (eleven
 * digits or more, in any punctuation) or a person's name (several words in a field that holds a code or a word).
 */
function citado(v: string): string {
  const digitos = v.replace(/\D/g, '').length;
  if (digitos >= 11) return `(valor com ${digitos} dígitos, não reproduzido)`;
  if (/\p{L}+\s+\p{L}+/u.test(v)) return '(texto de mais de uma palavra, não reproduzido)';
  return `"${v.length > 30 ? `${v.slice(0, 30)}…` : v}"`;
}

function separar(linha: string): string[] {
  const sep = linha.includes(';') ? ';' : linha.includes('\t') ? '\t' : ',';
  return linha.split(sep).map((c) => c.trim().replace(/^"(.*)"$/, '$1').trim());
}

/** 'AAAA-MM-DD' or 'DD/MM/AAAA', a real calendar day, as 'AAAA-MM-DD'; else null. */
export function dataDoArquivo(v: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) ?? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  if (!m) return null;
  const [a, mes, d] = v.includes('/') ? [m[3]!, m[2]!, m[1]!] : [m[1]!, m[2]!, m[3]!];
  const dt = new Date(Date.UTC(Number(a), Number(mes) - 1, Number(d)));
  const iso = `${a}-${mes}-${d}`;
  return dt.toISOString().slice(0, 10) === iso ? iso : null;
}

type Linha<T> = { ok: true; valor: T | null } | { ok: false; mensagem: string };

interface Formato<T> {
  tipo: TipoCargaReferencia;
  /** The temporary table and its columns, and how a batch goes in (one array per column). */
  criarTemporaria: SQL;
  inserirLote: (lote: (T & { linha: number })[]) => SQL;
  ler: (campos: string[]) => Linha<T>;
  /** Lines the database must judge (a municipality that does not exist, a key twice), in line order. */
  errosNoBanco: SQL;
  /** Makes the table equal to the temporary one; returns what changed. */
  aplicar: SQL;
  contarAtual: SQL;
}

/**
 * Makes `tabela` equal to the temporary one: rows absent deleted, new ones inserted, changed ones updated (unchanged
 * rows untouched). Names are this file's constants, never input.
 */
function igualar(tabela: string, chave: string, colunas: [string, string]): SQL {
  const [t, k, a, b] = [tabela, chave, ...colunas].map((n) => sql.raw(n));
  return sql`
    WITH removidas AS (
      DELETE FROM ${t} WHERE NOT EXISTS (SELECT 1 FROM carga_tmp s WHERE s.${k} = ${t}.${k}) RETURNING 1),
    gravadas AS (
      INSERT INTO ${t} (${k}, ${a}, ${b}) SELECT ${k}, ${a}, ${b} FROM carga_tmp
      ON CONFLICT (${k}) DO UPDATE SET ${a} = EXCLUDED.${a}, ${b} = EXCLUDED.${b}
      WHERE (${t}.${a}, ${t}.${b}) IS DISTINCT FROM (EXCLUDED.${a}, EXCLUDED.${b})
      RETURNING (xmax = 0) AS nova)
    SELECT (SELECT count(*)::int FROM removidas) AS removidas,
           (SELECT count(*) FILTER (WHERE nova)::int FROM gravadas) AS inseridas,
           (SELECT count(*) FILTER (WHERE NOT nova)::int FROM gravadas) AS atualizadas`;
}

function formatoReceita(opcoes: OpcoesCarga, hoje: string): Formato<{ cpf: string; situacao: number; data: string }> {
  const padrao = opcoes.data ?? hoje;
  return {
    tipo: TipoCargaReferencia.RECEITA_CPF,
    criarTemporaria: sql`CREATE TEMP TABLE carga_tmp (cpf char(11) NOT NULL, situacao smallint NOT NULL, atualizado_em date NOT NULL, linha int NOT NULL) ON COMMIT DROP`,
    inserirLote: (l) => sql`INSERT INTO carga_tmp SELECT * FROM unnest(
      ${sql.param(l.map((r) => r.cpf))}::char(11)[], ${sql.param(l.map((r) => r.situacao))}::smallint[],
      ${sql.param(l.map((r) => r.data))}::date[], ${sql.param(l.map((r) => r.linha))}::int[])`,
    ler: (c) => {
      if (c.length < 2 || c.length > 3) return { ok: false, mensagem: `esperados 2 ou 3 campos (CPF; situação; data da situação), encontrados ${c.length}.` };
      const cpf = c[0]!.replace(/[.\-\s]/g, '');
      if (!/^\d{11}$/.test(cpf) || !isValidCpf(cpf)) return { ok: false, mensagem: 'CPF inválido (são 11 dígitos, com os dígitos verificadores corretos).' };
      const chave = semAcento(c[1]!);
      if (!(chave in SITUACOES_RECEITA)) return { ok: false, mensagem: `situação ${citado(c[1]!)} desconhecida; ${AJUDA_SITUACAO}.` };
      let data = padrao;
      if (c[2] !== undefined && c[2] !== '') {
        const d = dataDoArquivo(c[2]);
        if (!d) return { ok: false, mensagem: `data ${citado(c[2])} inválida; use AAAA-MM-DD ou DD/MM/AAAA.` };
        if (d > hoje) return { ok: false, mensagem: `data ${citado(c[2])} no futuro.` };
        data = d;
      }
      const situacao = SITUACOES_RECEITA[chave]!;
      return { ok: true, valor: situacao === null ? null : { cpf, situacao, data } };
    },
    errosNoBanco: sql`
      SELECT d.linha, 'CPF repetido (já na linha ' || d.primeira || ').' AS mensagem
      FROM (SELECT linha, min(linha) OVER (PARTITION BY cpf) AS primeira FROM carga_tmp) d
      WHERE d.linha <> d.primeira ORDER BY d.linha LIMIT ${ERROS_MOSTRADOS}`,
    aplicar: igualar('cpf_situacao_receita', 'cpf', ['situacao', 'atualizado_em']),
    contarAtual: sql`SELECT count(*)::int AS n FROM cpf_situacao_receita`,
  };
}

function formatoIbge(opcoes: OpcoesCarga, hoje: string): Formato<{ municipio: number; populacao: number; ano: number }> {
  const anoAtual = Number(hoje.slice(0, 4));
  const anoValido = (a: number) => Number.isInteger(a) && a >= 1990 && a <= anoAtual;
  return {
    tipo: TipoCargaReferencia.IBGE_POPULACAO,
    criarTemporaria: sql`CREATE TEMP TABLE carga_tmp (municipio_id int NOT NULL, populacao_adulta int NOT NULL, ano smallint NOT NULL, linha int NOT NULL) ON COMMIT DROP`,
    inserirLote: (l) => sql`INSERT INTO carga_tmp SELECT * FROM unnest(
      ${sql.param(l.map((r) => r.municipio))}::int[], ${sql.param(l.map((r) => r.populacao))}::int[],
      ${sql.param(l.map((r) => r.ano))}::smallint[], ${sql.param(l.map((r) => r.linha))}::int[])`,
    ler: (c) => {
      if (c.length < 2 || c.length > 3) return { ok: false, mensagem: `esperados 2 ou 3 campos (código do município; população adulta; ano), encontrados ${c.length}.` };
      if (!/^\d{7}$/.test(c[0]!)) return { ok: false, mensagem: `código de município ${citado(c[0]!)} inválido; use os 7 dígitos do código do IBGE.` };
      const bruto = c[1]!.replace(/\./g, '');
      const populacao = /^\d{1,9}$/.test(bruto) ? Number(bruto) : NaN;
      if (!(populacao > 0 && populacao <= POPULACAO_MAXIMA)) {
        return { ok: false, mensagem: `população adulta ${citado(c[1]!)} inválida; use um número inteiro maior que zero.` };
      }
      let ano = opcoes.ano;
      if (c[2] !== undefined && c[2] !== '') {
        ano = /^\d{4}$/.test(c[2]) ? Number(c[2]) : NaN;
        if (!anoValido(ano)) return { ok: false, mensagem: `ano ${citado(c[2])} inválido; use um ano de 1990 a ${anoAtual}.` };
      }
      if (ano === undefined) return { ok: false, mensagem: 'sem o ano da população: acrescente a terceira coluna ou informe --ano.' };
      return { ok: true, valor: { municipio: Number(c[0]), populacao, ano } };
    },
    errosNoBanco: sql`
      SELECT linha, mensagem FROM (
        SELECT s.linha, 'município ' || s.municipio_id || ' não existe na lista de municípios do IBGE do sistema.' AS mensagem
        FROM carga_tmp s WHERE NOT EXISTS (SELECT 1 FROM municipio m WHERE m.id = s.municipio_id)
        UNION ALL
        SELECT d.linha, 'município ' || d.municipio_id || ' repetido (já na linha ' || d.primeira || ').'
        FROM (SELECT municipio_id, linha, min(linha) OVER (PARTITION BY municipio_id) AS primeira FROM carga_tmp) d
        WHERE d.linha <> d.primeira) e
      ORDER BY linha LIMIT ${ERROS_MOSTRADOS}`,
    aplicar: igualar('municipio_populacao', 'municipio_id', ['populacao_adulta', 'ano']),
    contarAtual: sql`SELECT count(*)::int AS n FROM municipio_populacao`,
  };
}

/** Lines of a byte stream (UTF-8, with or without BOM; LF or CRLF), hashing every byte as it passes. */
async function* linhasDe(fonte: AsyncIterable<Buffer | string>, hash: ReturnType<typeof createHash>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let resto = '';
  let primeira = true;
  for await (const pedaco of fonte) {
    const bytes = typeof pedaco === 'string' ? Buffer.from(pedaco) : pedaco;
    hash.update(bytes);
    let texto = resto + decoder.decode(bytes, { stream: true });
    if (primeira && texto.length > 0) {
      texto = texto.replace(/^\uFEFF/, '');
      primeira = false;
    }
    const partes = texto.split('\n');
    resto = partes.pop()!;
    for (const p of partes) yield p.replace(/\r$/, '');
  }
  resto += decoder.decode();
  if (resto !== '') yield resto.replace(/\r$/, '');
}

export class CargaReferenciaService {
  constructor(private readonly db: Database, private readonly auditoria: AuditoriaService) {}

  /** Reads `fonte` whole and replaces the kind's table with it, or throws CargaRecusada and changes nothing. */
  async carregar(tipo: TipoCarga, fonte: AsyncIterable<Buffer | string>, opcoes: OpcoesCarga): Promise<ResultadoCarga> {
    if (!isValidCpf(opcoes.cpfOperador)) throw new CargaRecusada('Informe o CPF de quem faz a carga (--operador), com 11 dígitos válidos.');
    const hoje = hojeSaoPaulo();
    if (opcoes.data !== undefined) {
      const d = dataDoArquivo(opcoes.data);
      if (!d || d > hoje) throw new CargaRecusada(`Data ${citado(opcoes.data)} inválida; use AAAA-MM-DD ou DD/MM/AAAA, até hoje.`);
      opcoes = { ...opcoes, data: d };
    }
    const formato: Formato<object> = (tipo === 'receita' ? formatoReceita(opcoes, hoje) : formatoIbge(opcoes, hoje)) as Formato<object>;
    return this.db.transaction(async (tx) => {
      const { rows: [trava] } = await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(hashtext('carga_referencia'), ${formato.tipo}) AS ok`);
      if (!trava?.ok) throw new CargaRecusada('Outra carga do mesmo tipo está em andamento; tente de novo quando ela terminar.');
      await tx.execute(formato.criarTemporaria);

      const hash = createHash('sha256');
      const erros: ErroLinha[] = [];
      let totalErros = 0;
      let linhas = 0;
      let lote: (object & { linha: number })[] = [];
      let numero = 0;
      let cabecalhoVisto = false;
      for await (const texto of linhasDe(fonte, hash)) {
        numero += 1;
        if (texto.trim() === '') continue;
        const campos = separar(texto);
        // A header is the first line when its first field has no digit ("cpf", "codigo_municipio").
        if (!cabecalhoVisto) {
          cabecalhoVisto = true;
          if (!/\d/.test(campos[0]!)) continue;
        }
        linhas += 1;
        const r = formato.ler(campos);
        if (!r.ok) {
          totalErros += 1;
          if (erros.length < ERROS_MOSTRADOS) erros.push({ linha: numero, mensagem: r.mensagem });
          continue;
        }
        // After the first bad line the rest is only checked: the load will be refused anyway.
        if (r.valor === null || totalErros > 0) continue;
        lote.push({ ...r.valor, linha: numero });
        if (lote.length === LOTE) {
          await tx.execute(formato.inserirLote(lote));
          lote = [];
        }
      }
      if (totalErros > 0) throw recusa(erros, totalErros);
      if (linhas === 0) throw new CargaRecusada('O arquivo não tem nenhuma linha de dados.');
      if (lote.length > 0) await tx.execute(formato.inserirLote(lote));
      await tx.execute(sql`ANALYZE carga_tmp`);

      const { rows: doBanco } = await tx.execute<{ linha: number; mensagem: string }>(formato.errosNoBanco);
      if (doBanco.length > 0) throw recusa(doBanco.map((e) => ({ linha: e.linha, mensagem: e.mensagem })), doBanco.length);

      const { rows: [{ n: mantidas } = { n: 0 }] } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM carga_tmp`);
      const { rows: [{ n: antes } = { n: 0 }] } = await tx.execute<{ n: number }>(formato.contarAtual);
      if (!opcoes.aceitarReducao && mantidas < antes / 2) {
        throw new CargaRecusada(
          `A carga manteria ${mantidas} registros onde há ${antes} (menos da metade): confira se o arquivo está completo; `
          + 'se a redução é esperada, repita com --aceitar-reducao.',
        );
      }
      const { rows: [mudou] } = await tx.execute<{ removidas: number; inseridas: number; atualizadas: number }>(formato.aplicar);
      const sha256 = hash.digest();
      const registro = { linhas, mantidas, inseridas: mudou!.inseridas, atualizadas: mudou!.atualizadas, removidas: mudou!.removidas };
      const { rows: [carga] } = await tx.execute<{ id: number }>(sql`
        INSERT INTO carga_referencia (tipo, arquivo, sha256, linhas, mantidas, inseridas, atualizadas, removidas, cpf_operador)
        VALUES (${formato.tipo}, ${opcoes.arquivo.slice(0, 255)}, ${sha256}, ${linhas}, ${mantidas}, ${registro.inseridas},
                ${registro.atualizadas}, ${registro.removidas}, ${opcoes.cpfOperador})
        RETURNING id`);
      await this.auditoria.registrar({
        acao: 'CARGA_REFERENCIA', cpfAtor: opcoes.cpfOperador, recurso: 'carga-referencia', recursoId: carga!.id,
        detalhes: { tipo, arquivo: opcoes.arquivo.slice(0, 255), sha256: sha256.toString('hex'), ...registro },
      }, tx as Executor);
      return { id: carga!.id, ...registro, sha256: sha256.toString('hex') };
    });
  }
}

function recusa(erros: ErroLinha[], total: number): CargaRecusada {
  const mais = total > erros.length ? ` (mostradas as ${erros.length} primeiras)` : '';
  return new CargaRecusada(`O arquivo tem ${total} linha(s) com erro${mais}; nada foi carregado.`, erros, total);
}
