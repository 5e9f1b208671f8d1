import { PassThrough } from 'node:stream';
import { formatCpf, maskCpf, onlyDigits } from '../../../shared/cpf';
import { categoriaLabel, situacaoRegistroLabel, sexoLabel, type Categoria, type SituacaoRegistro, type Sexo } from '../../../shared/enums';
import { descricaoDe } from '../../../shared/referencias';
import { exibirRgp } from '../../../shared/rgp';
import { celulaCodigoCsv, celulaCsv } from '../../lib/celula-csv';
import { sobDemanda } from '../../lib/sob-demanda';
import type { LinhaPescador } from './relatorio.repository';

export { celulaCodigoCsv, celulaCsv };

const carregarExcelJs = sobDemanda(async () => (await import('exceljs')).default);

/** `tipo` says how a spreadsheet must read it (decision 0043). */
interface Coluna {
  titulo: string;
  valor(l: LinhaPescador): string | number | null;
  tipo?: 'data' | 'codigo';
  largura: number;
  /** CONSULTA_EXTERNO's report leaves it out. */
  interna?: boolean;
}

const simNao = (v: boolean | null) => (v === null ? null : v ? 'Sim' : 'Não');
const lista = (nome: 'ambientes-pesca' | 'grupos-alvo', ids: number[] | null) =>
  (ids ?? []).map((i) => descricaoDe(nome, i) ?? String(i)).join(', ') || null;

export function formatarCnpj(v: string): string {
  const d = onlyDigits(v);
  return d.length === 14 ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}` : v;
}

/** CPF and CNPJ keep their punctuation, so no spreadsheet reads them as numbers. */
const COLUNAS: readonly Coluna[] = [
  { titulo: 'CPF', valor: (l) => formatCpf(l.cpf), largura: 16 },
  { titulo: 'Nome', valor: (l) => l.nome, largura: 40 },
  { titulo: 'Data de nascimento', valor: (l) => l.dataNascimento, tipo: 'data', largura: 12, interna: true },
  { titulo: 'Idade', valor: (l) => l.idade, largura: 7, interna: true },
  { titulo: 'Sexo', valor: (l) => (l.sexo ? sexoLabel[l.sexo as Sexo] ?? null : null), largura: 11 },
  { titulo: 'Escolaridade', valor: (l) => (l.escolaridade ? descricaoDe('escolaridades', l.escolaridade) ?? null : null), largura: 30, interna: true },
  { titulo: 'Etnia', valor: (l) => (l.etnia ? descricaoDe('etnias', l.etnia) ?? null : null), largura: 14, interna: true },
  { titulo: 'Alfabetizado', valor: (l) => simNao(l.alfabetizacao), largura: 8, interna: true },
  { titulo: 'Nacionalidade', valor: (l) => (l.nacionalidadeBrasileira === null ? null : l.nacionalidadeBrasileira ? 'Brasileira' : 'Estrangeira'), largura: 13 },
  { titulo: 'UF', valor: (l) => l.uf, largura: 5 },
  { titulo: 'Município', valor: (l) => l.municipio, largura: 28 },
  { titulo: 'Categoria', valor: (l) => (l.categoria ? categoriaLabel[l.categoria as Categoria] ?? null : null), largura: 12 },
  { titulo: 'Forma de atuação', valor: (l) => (l.formaAtuacao ? descricaoDe('formas-atuacao', l.formaAtuacao) ?? null : null), largura: 24 },
  { titulo: 'Propriedade da embarcação', valor: (l) => (l.propriedadeEmbarcacao ? descricaoDe('propriedades-embarcacao', l.propriedadeEmbarcacao) ?? null : null), largura: 24 },
  { titulo: 'TIE/TIEM', valor: (l) => l.tie, tipo: 'codigo', largura: 16 },
  { titulo: 'CNPJ da entidade representante', valor: (l) => (l.cnpjEntidadeRepresentante ? formatarCnpj(l.cnpjEntidadeRepresentante) : null), largura: 20 },
  { titulo: 'Recebeu ajuda no preenchimento', valor: (l) => simNao(l.recebeuAjuda), largura: 10 },
  { titulo: 'Ambientes de pesca', valor: (l) => lista('ambientes-pesca', l.ambientes), largura: 30 },
  { titulo: 'Grupos-alvo de pesca', valor: (l) => lista('grupos-alvo', l.grupos), largura: 40 },
  { titulo: 'Número do RGP', valor: (l) => (l.numeroRgp ? exibirRgp(l.numeroRgp) : null), tipo: 'codigo', largura: 19 },
  { titulo: 'Situação do registro', valor: (l) => (l.situacaoRegistro ? situacaoRegistroLabel[l.situacaoRegistro as SituacaoRegistro] ?? null : null), largura: 14 },
  { titulo: 'Data de emissão da carteira', valor: (l) => l.dataEmissaoCarteira, tipo: 'data', largura: 12 },
  { titulo: 'Data do primeiro RGP', valor: (l) => l.dataPrimeiroRgp, tipo: 'data', largura: 12 },
];

export function colunasDoRelatorio(externo: boolean): readonly Coluna[] {
  if (!externo) return COLUNAS;
  return COLUNAS.filter((c) => !c.interna).map((c) => (c.titulo === 'CPF' ? { ...c, valor: (l: LinhaPescador) => maskCpf(l.cpf) } : c));
}

function dataBr(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

function celulaCsvDe(c: Coluna, l: LinhaPescador): string {
  const v = c.valor(l);
  if (c.tipo === 'data') return typeof v === 'string' ? dataBr(v) : '';
  if (c.tipo === 'codigo') return celulaCodigoCsv(v === null ? null : String(v));
  return celulaCsv(v);
}

function celulaXlsx(c: Coluna, l: LinhaPescador): string | number | Date | null {
  const v = c.valor(l);
  if (c.tipo === 'data') return typeof v === 'string' ? new Date(`${v}T00:00:00Z`) : null;
  return v;
}

function linhasAoQuebrar(texto: string, largura: number): number {
  let linhas = 1;
  let atual = 0;
  for (const palavra of texto.split(' ')) {
    const com = atual === 0 ? palavra.length : atual + 1 + palavra.length;
    if (com <= largura - 1 || atual === 0) atual = com;
    else {
      linhas++;
      atual = palavra.length;
    }
  }
  return linhas;
}

export const FORMATO_DATA_XLSX = 'dd/mm/yyyy';

const BOM = '\ufeff';
const PEDACO = 256 * 1024;

/** UTF-8 with BOM, ';', CRLF, as Brazilian spreadsheets expect. */
export async function* csv(
  lotes: AsyncIterable<LinhaPescador[]>, colunas: readonly Coluna[], aoEscrever: (linhas: number) => Promise<void>,
): AsyncGenerator<Buffer> {
  let buf = `${BOM}${colunas.map((c) => celulaCsv(c.titulo)).join(';')}\r\n`;
  let linhas = 0;
  for await (const lote of lotes) {
    for (const l of lote) {
      buf += `${colunas.map((c) => celulaCsvDe(c, l)).join(';')}\r\n`;
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

/** exceljs' streaming writer, no shared strings: memory does not grow with the rows. */
export function xlsx(
  lotes: AsyncIterable<LinhaPescador[]>, colunas: readonly Coluna[], aoEscrever: (linhas: number) => Promise<void>,
): PassThrough {
  const saida = new PassThrough({ highWaterMark: 1024 * 1024 });
  void (async () => {
    const ExcelJS = await carregarExcelJs();
    const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useSharedStrings: false, useStyles: true });
    const planilha = livro.addWorksheet('Pescadores', {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    });
    planilha.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: colunas.length } };
    planilha.columns = colunas.map((c) => ({
      header: c.titulo, key: c.titulo, width: c.largura,
      ...(c.tipo === 'data' ? { style: { numFmt: FORMATO_DATA_XLSX } } : {}),
    }));
    const cabecalho = planilha.getRow(1);
    cabecalho.font = { bold: true };
    // Excel does not measure a wrapped heading's height.
    cabecalho.alignment = { vertical: 'top', wrapText: true };
    cabecalho.height = 15 * Math.max(...colunas.map((c) => linhasAoQuebrar(c.titulo, c.largura)));
    cabecalho.commit();
    const datas = colunas.flatMap((c, i) => (c.tipo === 'data' ? [i + 1] : []));
    let linhas = 0;
    for await (const lote of lotes) {
      for (const l of lote) {
        const linha = planilha.addRow(colunas.map((c) => celulaXlsx(c, l)));
        for (const i of datas) linha.getCell(i).numFmt = FORMATO_DATA_XLSX;
        linha.commit();
      }
      linhas += lote.length;
      await aoEscrever(linhas);
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
