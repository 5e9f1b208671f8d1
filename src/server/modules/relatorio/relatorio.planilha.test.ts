import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfComDigitos, maskCpf } from '../../../shared/cpf';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { BELEM } from './relatorio.fixtures';

/**
 * The report's files as a person sees them (issue 21): the CSV and the XLSX opened by LibreOffice (headless, as
 * Debian ships it) and saved as flat ODS, whose XML says for each cell its type (text, number, date) and the text
 * shown. A CPF with a leading zero must stay text with its punctuation; the XLSX's dates must be date cells shown
 * dd/mm/yyyy (decision 0043).
 */

const run = promisify(execFile);

let t: TestApp;
let gestor: Sessao;
let externo: Sessao;
let pasta: string;

/** A fisher whose codes all start with zeros: what a spreadsheet would turn into numbers. */
const ZERO = {
  nome: 'ZZZ ZERO',
  cpf: cpfComDigitos('032249259'),
  cnpj: '00000000000191',
  tie: '0012345',
};

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(t.app, '10000000108');
  externo = await entrarComo(t.app, '70000000744');
  pasta = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-planilha-'));
  await t.db.execute(sql`
    INSERT INTO pescador (cpf, nome, uf, municipio_id, sexo, categoria, forma_atuacao, tie, cnpj_entidade_representante,
      recebeu_ajuda, nacionalidade_brasileira, situacao_registro, numero_rgp, data_emissao_carteira, data_primeiro_rgp,
      data_nascimento)
    VALUES (${ZERO.cpf}, ${ZERO.nome}, 'PA', ${BELEM}, 2, 2, 1, ${ZERO.tie}, ${ZERO.cnpj}, false, true, 1,
      'PAPA00000000009', '2025-01-31T12:00:00-03:00'::timestamptz, '2009-03-05'::date, '1990-07-04'::date)`);
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (pasta) await fs.rm(pasta, { recursive: true, force: true });
});

/** LibreOffice's program on PATH (`soffice`, or Debian's `libreoffice` wrapper); `npm test` installs it. */
async function programaLibreOffice(): Promise<string> {
  for (const nome of ['soffice', 'libreoffice']) {
    try {
      await run('sh', ['-c', `command -v ${nome}`]);
      return nome;
    } catch {
      // try the next name
    }
  }
  throw new Error('LibreOffice is not on PATH (neither soffice nor libreoffice): this test opens the report with it. '
    + 'Install it (Debian: apt-get install libreoffice-calc); npm test installs it on a bare machine.');
}

/**
 * Converts `arquivo` with LibreOffice headless into `formato` (e.g. 'fods'), with a profile of its own (parallel
 * runs never share one) and a generous timeout (its first start is slow); answers the converted file's text.
 */
async function converter(arquivo: string, formato: string, filtroEntrada?: string): Promise<string> {
  const programa = await programaLibreOffice();
  const perfil = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-lo-perfil-'));
  const saida = await fs.mkdtemp(path.join(pasta, 'saida-'));
  try {
    const { stdout, stderr } = await run(programa, [
      `-env:UserInstallation=file://${perfil}`, '--headless', '--norestore', '--nolockcheck',
      ...(filtroEntrada ? [`--infilter=${filtroEntrada}`] : []),
      '--convert-to', formato, '--outdir', saida, arquivo,
    ], { timeout: 240_000 });
    const destino = path.join(saida, `${path.basename(arquivo, path.extname(arquivo))}.${formato}`);
    return await fs.readFile(destino, 'utf8').catch(() => {
      throw new Error(`LibreOffice wrote no ${formato}:\n${stdout}\n${stderr}`);
    });
  } finally {
    await fs.rm(perfil, { recursive: true, force: true });
  }
}

/** One cell of a flat ODS sheet: its type, its value (dates: YYYY-MM-DD) and the text a person sees. */
interface Celula {
  tipo: string | null;
  data: string | null;
  texto: string;
}

const entidades = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The rows of the first sheet of a flat ODS document, cells repeated by `number-columns-repeated` spelt out. */
function linhasFods(xml: string): Celula[][] {
  const tabela = /<table:table [\s\S]*?<\/table:table>/.exec(xml)?.[0] ?? '';
  const linhas: Celula[][] = [];
  for (const [, linha] of tabela.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)) {
    const celulas: Celula[] = [];
    for (const m of linha!.matchAll(/<table:(?:covered-)?table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:(?:covered-)?table-cell>)/g)) {
      const attr = m[1]!;
      const texto = [...(m[2] ?? '').matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)]
        .map((p) => entidades(p[1]!.replace(/<text:s\/>/g, ' ').replace(/<[^>]+>/g, ''))).join('\n');
      const celula = {
        tipo: /office:value-type="([^"]+)"/.exec(attr)?.[1] ?? null,
        data: /office:date-value="([^"T]+)/.exec(attr)?.[1] ?? null,
        texto,
      };
      const vezes = Number(/table:number-columns-repeated="(\d+)"/.exec(attr)?.[1] ?? 1);
      for (let i = 0; i < Math.min(vezes, 64); i++) celulas.push(celula);
    }
    linhas.push(celulas);
  }
  return linhas;
}

/**
 * Emits the report of the fisher above (by the entity's CNPJ, a filter every profile may use) in `formato` as `s`,
 * downloads it and saves it under the test's folder.
 */
async function baixar(formato: 'csv' | 'xlsx', s: Sessao = gestor): Promise<string> {
  const res = await s.api({ method: 'GET', url: `/api/pescador/relatorio/pescadores?cnpjEntidadeRepresentante=${ZERO.cnpj}&formato=${formato}` });
  expect(res.statusCode, res.body).toBe(200);
  const arq = await t.app.inject({ method: 'GET', url: `${res.json().dados.url as string}&jwt=${encodeURIComponent(s.token)}` });
  expect(arq.statusCode).toBe(200);
  const destino = path.join(pasta, `relatorio-${s === gestor ? 'gestor' : 'externo'}.${formato}`);
  await fs.writeFile(destino, arq.rawPayload);
  return destino;
}

/** The fisher's row by column heading. */
function porTitulo(linhas: Celula[][]): Record<string, Celula> {
  const [cabecalho, linha] = linhas;
  expect(linhas.filter((l) => l.some((c) => c.texto))).toHaveLength(2);
  return Object.fromEntries(cabecalho!.filter((c) => c.texto).map((c, i) => [c.texto, linha![i]!]));
}

/**
 * The CSV as a person in Brazil opens it: separator ';', text delimiter '"', UTF-8, from line 1, language
 * Portuguese (Brazil), i.e. LibreOffice's import options "59,34,76,1,,1046".
 */
const CSV_PT_BR = 'CSV:59,34,76,1,,1046';

describe('the report opened in LibreOffice', () => {
  it('keeps the CSV\'s CPF, CNPJ and TIE as text with their leading zeros, and reads its dates day first', async () => {
    const celulas = porTitulo(linhasFods(await converter(await baixar('csv'), 'fods', CSV_PT_BR)));
    expect(celulas.CPF).toMatchObject({ tipo: 'string', texto: '032.249.259-90' });
    expect(celulas['CNPJ da entidade representante']).toMatchObject({ tipo: 'string', texto: '00.000.000/0001-91' });
    expect(celulas['TIE/TIEM']).toMatchObject({ tipo: 'string', texto: '0012345' });
    expect(celulas['Número do RGP']).toMatchObject({ tipo: 'string', texto: 'PA-PA-00000000009' });
    expect(celulas['Data de emissão da carteira']).toMatchObject({ tipo: 'date', data: '2025-01-31' });
    expect(celulas['Data do primeiro RGP']).toMatchObject({ tipo: 'date', data: '2009-03-05' });
    expect(celulas['Data de nascimento']).toMatchObject({ tipo: 'date', data: '1990-07-04' });
  }, 300_000);

  it('shows the XLSX\'s dates as date cells dd/mm/yyyy and its codes as text', async () => {
    const celulas = porTitulo(linhasFods(await converter(await baixar('xlsx'), 'fods')));
    expect(celulas.CPF).toMatchObject({ tipo: 'string', texto: '032.249.259-90' });
    expect(celulas['CNPJ da entidade representante']).toMatchObject({ tipo: 'string', texto: '00.000.000/0001-91' });
    expect(celulas['TIE/TIEM']).toMatchObject({ tipo: 'string', texto: '0012345' });
    expect(celulas['Data de emissão da carteira']).toEqual({ tipo: 'date', data: '2025-01-31', texto: '31/01/2025' });
    expect(celulas['Data do primeiro RGP']).toEqual({ tipo: 'date', data: '2009-03-05', texto: '05/03/2009' });
    expect(celulas['Data de nascimento']).toEqual({ tipo: 'date', data: '1990-07-04', texto: '04/07/1990' });
    expect(celulas.Idade).toMatchObject({ tipo: 'float' });
    // (The frozen header row is a view setting, which headless LibreOffice does not write: relatorio.test.ts reads
    // it, and the column widths, back with exceljs.)
  }, 300_000);

  it('keeps CONSULTA_EXTERNO\'s CPF masked, as text, in both files', async () => {
    const csv = porTitulo(linhasFods(await converter(await baixar('csv', externo), 'fods', CSV_PT_BR)));
    expect(csv.CPF).toMatchObject({ tipo: 'string', texto: maskCpf(ZERO.cpf) });
    expect(csv['Data de nascimento']).toBeUndefined();
    const xlsx = porTitulo(linhasFods(await converter(await baixar('xlsx', externo), 'fods')));
    expect(xlsx.CPF).toMatchObject({ tipo: 'string', texto: '***.249.259-**' });
  }, 300_000);
});
