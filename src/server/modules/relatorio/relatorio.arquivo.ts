import { PassThrough } from 'node:stream';
import { maskCpf } from '../../../shared/cpf';
import { categoriaLabel, situacaoRegistroLabel, sexoLabel, type Categoria, type SituacaoRegistro, type Sexo } from '../../../shared/enums';
import { descricaoDe } from '../../../shared/referencias';
import { exibirRgp } from '../../../shared/rgp';
import type { FormatoRelatorio } from '../../../shared/schemas/relatorio';
import { sobDemanda } from '../../lib/sob-demanda';
import type { LinhaPescador } from './relatorio.repository';

const carregarExcelJs = sobDemanda(async () => (await import('exceljs')).default);

/** A column of the report file: its heading and how a row's cell is written. */
interface Coluna {
  titulo: string;
  valor(l: LinhaPescador): string | number | null;
  /** Only in the full report: CONSULTA_EXTERNO's leaves it out (birth date, schooling, ethnicity). */
  interna?: boolean;
}

const simNao = (v: boolean | null) => (v === null ? null : v ? 'Sim' : 'Não');
const lista = (nome: 'ambientes-pesca' | 'grupos-alvo', ids: number[] | null) =>
  (ids ?? []).map((i) => descricaoDe(nome, i) ?? String(i)).join(', ') || null;

/** The columns, in order. The CPF column is masked for CONSULTA_EXTERNO (`colunasDoRelatorio`). */
const COLUNAS: readonly Coluna[] = [
  { titulo: 'CPF', valor: (l) => l.cpf },
  { titulo: 'Nome', valor: (l) => l.nome },
  { titulo: 'Data de nascimento', valor: (l) => l.dataNascimento, interna: true },
  { titulo: 'Idade', valor: (l) => l.idade, interna: true },
  { titulo: 'Sexo', valor: (l) => (l.sexo ? sexoLabel[l.sexo as Sexo] ?? null : null) },
  { titulo: 'Escolaridade', valor: (l) => (l.escolaridade ? descricaoDe('escolaridades', l.escolaridade) ?? null : null), interna: true },
  { titulo: 'Etnia', valor: (l) => (l.etnia ? descricaoDe('etnias', l.etnia) ?? null : null), interna: true },
  { titulo: 'Alfabetizado', valor: (l) => simNao(l.alfabetizacao), interna: true },
  { titulo: 'Nacionalidade', valor: (l) => (l.nacionalidadeBrasileira === null ? null : l.nacionalidadeBrasileira ? 'Brasileira' : 'Estrangeira') },
  { titulo: 'UF', valor: (l) => l.uf },
  { titulo: 'Município', valor: (l) => l.municipio },
  { titulo: 'Categoria', valor: (l) => (l.categoria ? categoriaLabel[l.categoria as Categoria] ?? null : null) },
  { titulo: 'Forma de atuação', valor: (l) => (l.formaAtuacao ? descricaoDe('formas-atuacao', l.formaAtuacao) ?? null : null) },
  { titulo: 'Propriedade da embarcação', valor: (l) => (l.propriedadeEmbarcacao ? descricaoDe('propriedades-embarcacao', l.propriedadeEmbarcacao) ?? null : null) },
  { titulo: 'TIE/TIEM', valor: (l) => l.tie },
  { titulo: 'CNPJ da entidade representante', valor: (l) => l.cnpjEntidadeRepresentante },
  { titulo: 'Recebeu ajuda no preenchimento', valor: (l) => simNao(l.recebeuAjuda) },
  { titulo: 'Ambientes de pesca', valor: (l) => lista('ambientes-pesca', l.ambientes) },
  { titulo: 'Grupos-alvo de pesca', valor: (l) => lista('grupos-alvo', l.grupos) },
  { titulo: 'Número do RGP', valor: (l) => (l.numeroRgp ? exibirRgp(l.numeroRgp) : null) },
  { titulo: 'Situação do registro', valor: (l) => (l.situacaoRegistro ? situacaoRegistroLabel[l.situacaoRegistro as SituacaoRegistro] ?? null : null) },
  { titulo: 'Data de emissão da carteira', valor: (l) => l.dataEmissaoCarteira },
  { titulo: 'Data do primeiro RGP', valor: (l) => l.dataPrimeiroRgp },
];

/** The columns one caller's report has: CONSULTA_EXTERNO's without the internal ones and with the CPF masked. */
export function colunasDoRelatorio(externo: boolean): readonly Coluna[] {
  if (!externo) return COLUNAS;
  return COLUNAS.filter((c) => !c.interna).map((c) => (c.titulo === 'CPF' ? { ...c, valor: (l: LinhaPescador) => maskCpf(l.cpf) } : c));
}

/**
 * A CSV cell (RFC 4180 with ';'): quoted when it holds ';', '"' or a line break. A text that a spreadsheet would
 * run as a formula (starting with = + - @ or a tab) is prefixed with an apostrophe.
 */
export function celulaCsv(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const t = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[;"\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

const BOM = '\ufeff';
/** Bytes gathered before a chunk is handed on (the storage writes chunks, not rows). */
const PEDACO = 256 * 1024;

/**
 * The CSV (UTF-8 with BOM, ';'-separated, CRLF, as Brazilian spreadsheets expect) of the rows as they come,
 * in chunks of about PEDACO bytes. `aoEscrever` is told the rows written so far after each batch.
 */
export async function* csv(
  lotes: AsyncIterable<LinhaPescador[]>, colunas: readonly Coluna[], aoEscrever: (linhas: number) => Promise<void>,
): AsyncGenerator<Buffer> {
  let buf = `${BOM}${colunas.map((c) => celulaCsv(c.titulo)).join(';')}\r\n`;
  let linhas = 0;
  for await (const lote of lotes) {
    for (const l of lote) {
      buf += `${colunas.map((c) => celulaCsv(c.valor(l))).join(';')}\r\n`;
      if (buf.length >= PEDACO) {
        yield Buffer.from(buf, 'utf8');
        buf = '';
      }
    }
    linhas += lote.length;
    await aoEscrever(linhas);
  }
  if (buf) yield Buffer.from(buf, 'utf8');
}

/**
 * The XLSX of the rows, through exceljs' streaming WorkbookWriter (rows committed as written, no shared
 * strings, so memory does not grow with the rows). The zip comes out of the returned stream while the rows go in;
 * writing waits whenever the reader is behind.
 */
export function xlsx(
  lotes: AsyncIterable<LinhaPescador[]>, colunas: readonly Coluna[], aoEscrever: (linhas: number) => Promise<void>,
): PassThrough {
  const saida = new PassThrough({ highWaterMark: 1024 * 1024 });
  void (async () => {
    const ExcelJS = await carregarExcelJs();
    const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useSharedStrings: false, useStyles: true });
    const planilha = livro.addWorksheet('Pescadores');
    planilha.columns = colunas.map((c) => ({ header: c.titulo, key: c.titulo, width: Math.max(12, c.titulo.length + 2) }));
    planilha.getRow(1).font = { bold: true };
    planilha.getRow(1).commit();
    let linhas = 0;
    for await (const lote of lotes) {
      for (const l of lote) planilha.addRow(colunas.map((c) => c.valor(l))).commit();
      linhas += lote.length;
      await aoEscrever(linhas);
      // Backpressure: let the zip drain into the reader before the next batch.
      await new Promise((r) => setImmediate(r));
      while (!saida.destroyed && (saida.readableLength >= saida.readableHighWaterMark || saida.writableNeedDrain)) {
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    planilha.commit();
    await livro.commit();
  })().catch((err: unknown) => saida.destroy(err as Error));
  return saida;
}

export const MIME_RELATORIO: Record<FormatoRelatorio, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
