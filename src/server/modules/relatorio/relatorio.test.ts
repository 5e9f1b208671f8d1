import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '../../../shared/cpf';
import { instanteSaoPaulo, MENSAGENS_RELATORIO, SituacaoRelatorio } from '../../../shared/schemas/relatorio';
import { createTestApp, entrarComo, executarJobsPendentes, type Sessao, type TestApp } from '../../test/helpers';
import { celulaCodigoCsv, celulaCsv, formatarCnpj } from './relatorio.arquivo';
import { PESCADORES, semearPescadores } from './relatorio.fixtures';

let t: TestApp;
let gestor: Sessao;
let mpa: Sessao;

const GESTOR = '10000000108';
const MPA = '20000000299';

beforeAll(async () => {
  // Three fishers at most are written during the request; more go to the job.
  t = await createTestApp({ env: { RELATORIO_LIMITE_SINCRONO: '3' } });
  gestor = await entrarComo(t.app, GESTOR);
  mpa = await entrarComo(t.app, MPA);
  await semearPescadores(t.db);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function previa(query: string, s: Sessao = gestor) {
  const q = query.includes('nome=') ? query : `nome=zz&${query}`;
  return s.api({ method: 'GET', url: `/api/pescador/relatorio/pescadores/previa?${q}` });
}

async function nomes(query: string): Promise<string[]> {
  const res = await previa(query);
  expect(res.statusCode, res.body).toBe(200);
  const dados = res.json().dados as { total: number; pescadores: { nome: string }[] };
  expect(dados.total).toBe(dados.pescadores.length);
  return dados.pescadores.map((p) => p.nome);
}

/** Opens a report's address as the browser does: the address plus `&jwt=` with the caller's token. */
async function abrir(url: string, s: Sessao = gestor) {
  return t.app.inject({ method: 'GET', url: `${url}&jwt=${encodeURIComponent(s.token)}` });
}

describe('the report filters (spec point 3) and rules (spec point 5)', () => {
  it('upper-cases the name and matches it as a prefix, ordered by name', async () => {
    expect(await nomes('')).toEqual(['ZZ ANA', 'ZZ BRUNO', 'ZZ CARLA', 'ZZ DANIEL; "TESTE"']);
    expect(await nomes('nome=zz c')).toEqual(['ZZ CARLA']);
    // LIKE's wildcards are matched as typed.
    expect(await nomes('nome=zz%25')).toEqual([]);
  });

  it.each([
    ['cpfPescador', formatCpf(PESCADORES[1]!.cpf), ['ZZ BRUNO']],
    ['numeroRGP', 'pa-pa-00000000001', ['ZZ ANA']],
    ['uf', 'sp', ['ZZ CARLA', 'ZZ DANIEL; "TESTE"']],
    ['municipio', '1500800', ['ZZ BRUNO']],
    ['tieTiem', 'tie999', ['ZZ CARLA']],
    ['situacao', '6', ['ZZ BRUNO']],
    ['sexo', '2', ['ZZ ANA', 'ZZ CARLA']],
    ['propriedadeEmbarcacao', '3', ['ZZ CARLA']],
    ['categoria', '1', ['ZZ BRUNO']],
    ['formaAtuacao', '2', ['ZZ BRUNO', 'ZZ DANIEL; "TESTE"']],
    ['recebeuAjuda', 'true', ['ZZ ANA', 'ZZ DANIEL; "TESTE"']],
    ['tipoAmbientePesca', '1', ['ZZ ANA', 'ZZ DANIEL; "TESTE"']],
    ['escolaridade', '11', ['ZZ DANIEL; "TESTE"']],
    ['alfabetizacao', 'false', ['ZZ BRUNO', 'ZZ DANIEL; "TESTE"']],
    ['etnia', '2', ['ZZ CARLA']],
    ['cnpjEntidadeRepresentante', '11.222.333/0001-81', ['ZZ ANA', 'ZZ DANIEL; "TESTE"']],
    ['nacionalidadeBrasileira', 'ESTRANGEIRA', ['ZZ BRUNO']],
    ['grupoAlvoPesca', '1,3', ['ZZ ANA', 'ZZ BRUNO']],
  ])('filters by %s', async (campo, valor, esperado) => {
    expect(await nomes(`${campo}=${encodeURIComponent(valor)}`)).toEqual(esperado);
  });

  it('takes grupoAlvoPesca as a repeated parameter too, and ignores empty fields', async () => {
    expect(await nomes('grupoAlvoPesca=2&grupoAlvoPesca=7')).toEqual(['ZZ ANA', 'ZZ CARLA', 'ZZ DANIEL; "TESTE"']);
    expect(await nomes('uf=&sexo=&grupoAlvoPesca=')).toHaveLength(4);
  });

  it('counts ages in whole years, both ends included', async () => {
    expect(await nomes('idadeInicial=18&idadeFinal=30')).toEqual(['ZZ ANA', 'ZZ CARLA']);
    expect(await nomes('idadeInicial=31&idadeFinal=45')).toEqual(['ZZ BRUNO']);
    expect(await nomes('idadeInicial=46&idadeFinal=69')).toEqual([]);
  });

  it('takes start dates from 00:00:00 and end dates to 23:59:59, São Paulo time', async () => {
    expect(instanteSaoPaulo('2025-01-31', '23:59:59')).toBe('2025-02-01T02:59:59.000Z');
    expect(instanteSaoPaulo('2018-01-15', '00:00:00')).toBe('2018-01-15T02:00:00.000Z'); // summer time then
    // CARLA's card was issued at 23:59:59 of the 31st, DANIEL's at 00:00:00 of the 1st.
    expect(await nomes('dataInicioEmissaoCarteira=2025-01-31&dataFimEmissaoCarteira=2025-01-31')).toEqual(['ZZ CARLA']);
    expect(await nomes('dataInicioEmissaoCarteira=2025-02-01')).toEqual(['ZZ DANIEL; "TESTE"']);
    expect(await nomes('dataFimEmissaoCarteira=2024-03-10')).toEqual(['ZZ ANA']);
    expect(await nomes('dataInicioSolicitacao=2025-01-31&dataFimSolicitacao=2025-01-31')).toEqual(['ZZ CARLA']);
    expect(await nomes('dataInicioSolicitacao=2023-01-01&dataFimSolicitacao=2024-12-31')).toEqual(['ZZ ANA', 'ZZ BRUNO']);
  });

  it('combines filters', async () => {
    expect(await nomes('uf=PA&sexo=2&idadeInicial=18&idadeFinal=40&categoria=2&grupoAlvoPesca=2')).toEqual(['ZZ ANA']);
  });

  it.each([
    ['idadeInicial=20', 'idadeFinal: Informe a idade inicial e a idade final'],
    ['idadeFinal=40', 'idadeInicial: Informe a idade inicial e a idade final'],
    ['idadeInicial=17&idadeFinal=40', `idadeInicial: ${MENSAGENS_RELATORIO.idadeMinima}`],
    ['idadeInicial=20&idadeFinal=10', `idadeFinal: ${MENSAGENS_RELATORIO.idadeMinima}`],
    ['idadeInicial=40&idadeFinal=30', `idadeFinal: ${MENSAGENS_RELATORIO.idadeOrdem}`],
    ['dataInicioEmissaoCarteira=2025-02-01&dataFimEmissaoCarteira=2025-01-01', `dataFimEmissaoCarteira: ${MENSAGENS_RELATORIO.carteiraOrdem}`],
    ['dataInicioEmissaoCarteira=2024-01-01&dataInicioSolicitacao=2024-02-01', `dataInicioEmissaoCarteira: ${MENSAGENS_RELATORIO.carteiraAntesDaSolicitacao}`],
    ['dataInicioSolicitacao=2025-02-01&dataFimSolicitacao=2025-01-01', `dataFimSolicitacao: ${MENSAGENS_RELATORIO.solicitacaoOrdem}`],
    ['cpfPescador=123', 'cpfPescador: CPF inválido'],
    ['cnpjEntidadeRepresentante=123', 'cnpjEntidadeRepresentante: CNPJ inválido'],
    ['uf=XX', 'uf: UF inválida'],
    ['sexo=9', 'sexo: Valor inválido'],
    ['dataInicioSolicitacao=31/01/2025', 'dataInicioSolicitacao: Data inválida'],
  ])('refuses %s with its field message', async (query, erro) => {
    for (const url of ['/api/pescador/relatorio/pescadores/previa', '/api/pescador/relatorio/pescadores']) {
      const res = await gestor.api({ method: 'GET', url: `${url}?${query}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().erros).toContain(erro);
    }
  });

  it('writes "Idade deve ser Maior que 18 anos." verbatim', () => {
    expect(MENSAGENS_RELATORIO.idadeMinima).toBe('Idade deve ser Maior que 18 anos.');
  });
});

describe('the report file', () => {
  it('emits the CSV (UTF-8 with BOM, ";"), with its address opened by ?jwt=, and audits filters and count', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/pescador/relatorio/pescadores?nome=zz&uf=SP&formato=csv' });
    expect(res.statusCode, res.body).toBe(200);
    const corpo = res.json();
    expect(corpo.mensagem).toBe('Relatório Emitido com sucesso!');
    expect(corpo.dados).toMatchObject({ situacao: SituacaoRelatorio.CONCLUIDO, total: 2, processados: 2, formato: 'csv' });
    expect(corpo.dados.url).toMatch(/^\/api\/pescador\/relatorio\/arquivo\/\d+\?expira=\d+&assinatura=/);

    const arq = await abrir(corpo.dados.url);
    expect(arq.statusCode).toBe(200);
    expect(arq.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(arq.headers['content-disposition']).toMatch(/^attachment; filename="relatorio-pescadores-/);
    const bytes = arq.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const linhas = bytes.toString('utf8').slice(1).split('\r\n');
    expect(linhas.at(-1)).toBe('');
    const [cabecalho, carla, daniel] = linhas;
    expect(cabecalho!.split(';').slice(0, 5)).toEqual(['CPF', 'Nome', 'Data de nascimento', 'Idade', 'Sexo']);
    expect(linhas).toHaveLength(4);
    const c = carla!.split(';');
    // The CPF punctuated, as a spreadsheet keeps it (text, leading zeros and all), not 11 bare digits.
    expect(c[0]).toBe(formatCpf(PESCADORES[2]!.cpf));
    expect(c[1]).toBe('ZZ CARLA');
    expect(c[3]).toBe('18');
    expect(carla).toContain(';SP;São Paulo;Artesanal;');
    expect(carla).toContain('SP-PA-00000000002');
    expect(carla).toContain('31/01/2025');
    expect(carla).toContain('Crustáceos (camarão, caranguejo, lagosta, siri)');
    // A name with ';' and '"' is quoted, its quotes doubled.
    expect(daniel).toContain(';"ZZ DANIEL; ""TESTE""";');
    expect(daniel).toContain(';11.222.333/0001-81;');

    const { rows } = await t.db.execute<{ detalhes: { filtros: Record<string, unknown>; total: number; formato: string } }>(sql`
      SELECT detalhes FROM auditoria WHERE acao = 'RELATORIO_PESCADORES' AND recurso_id = ${String(corpo.dados.id)}`);
    expect(rows[0]!.detalhes).toMatchObject({ filtros: { nome: 'ZZ', uf: 'SP' }, total: 2, formato: 'csv' });
    const gerado = await t.db.execute<{ detalhes: { linhas: number } }>(sql`
      SELECT detalhes FROM auditoria WHERE acao = 'RELATORIO_PESCADORES_GERADO' AND recurso_id = ${String(corpo.dados.id)}`);
    expect(gerado.rows[0]!.detalhes.linhas).toBe(2);
  });

  it('emits the XLSX, read back with its columns and rows', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/pescador/relatorio/pescadores?nome=zz&uf=PA&formato=xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    const arq = await abrir(res.json().dados.url);
    expect(arq.statusCode).toBe(200);
    expect(arq.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(arq.rawPayload as unknown as ArrayBuffer);
    const planilha = livro.getWorksheet('Pescadores')!;
    expect(planilha.rowCount).toBe(3);
    const valores = (n: number) => (planilha.getRow(n).values as unknown[]).slice(1);
    expect(valores(1).slice(0, 2)).toEqual(['CPF', 'Nome']);
    expect(valores(2).slice(0, 2)).toEqual([formatCpf(PESCADORES[0]!.cpf), 'ZZ ANA']);
    expect(valores(2)[3]).toBe(30);
    expect(valores(3).slice(0, 2)).toEqual([formatCpf(PESCADORES[1]!.cpf), 'ZZ BRUNO']);
    expect(valores(3)).toContain('Suspenso');
    // Dates are date cells shown dd/mm/yyyy (they sort and filter as dates), not text.
    const cabecalho = valores(1) as string[];
    const celula = (linha: number, titulo: string) => planilha.getRow(linha).getCell(cabecalho.indexOf(titulo) + 1);
    const emissao = celula(2, 'Data de emissão da carteira');
    expect(emissao.type).toBe(ExcelJS.ValueType.Date);
    expect(emissao.value).toEqual(new Date('2024-03-10T00:00:00Z'));
    expect(emissao.numFmt).toBe('dd/mm/yyyy');
    expect(celula(2, 'Data de nascimento').type).toBe(ExcelJS.ValueType.Date);
    expect(celula(2, 'CNPJ da entidade representante').value).toBe('11.222.333/0001-81');
    // The header row stays in view, and each column is about as wide as what it holds.
    expect(planilha.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(planilha.autoFilter).toBe(`A1:${planilha.getColumn(cabecalho.length).letter}1`);
    const largura = (titulo: string) => planilha.getColumn(cabecalho.indexOf(titulo) + 1).width ?? 0;
    expect(largura('CPF')).toBeGreaterThanOrEqual(15);
    expect(largura('Nome')).toBeGreaterThanOrEqual(30);
    expect(largura('Data de emissão da carteira')).toBeLessThan(largura('Nome'));
  });

  it('writes a large report by a job, with its progress, and gives the address when done', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/pescador/relatorio/pescadores?nome=zz&formato=csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mensagem).toBe(MENSAGENS_RELATORIO.emProcessamento);
    const { id, situacao, url, total } = res.json().dados;
    expect({ situacao, url, total }).toEqual({ situacao: SituacaoRelatorio.PENDENTE, url: null, total: 4 });

    const antes = await gestor.api({ method: 'GET', url: `/api/pescador/relatorio/execucao/${id}` });
    expect(antes.json().dados).toMatchObject({ situacao: SituacaoRelatorio.PENDENTE, processados: 0, url: null });
    expect(await executarJobsPendentes(t)).toBeGreaterThanOrEqual(1);
    const depois = await gestor.api({ method: 'GET', url: `/api/pescador/relatorio/execucao/${id}` });
    expect(depois.json().mensagem).toBe('Relatório Emitido com sucesso!');
    expect(depois.json().dados).toMatchObject({ situacao: SituacaoRelatorio.CONCLUIDO, processados: 4, total: 4 });
    const arq = await abrir(depois.json().dados.url);
    expect(arq.statusCode).toBe(200);
    const linhas = arq.payload.split('\r\n').filter(Boolean);
    expect(linhas).toHaveLength(5);
    // The job writes the same file as the request does: CPFs and CNPJs punctuated, dates dd/mm/yyyy.
    expect(linhas.slice(1).map((l) => l.split(';')[0])).toEqual(PESCADORES.map((p) => formatCpf(p.cpf)));
    expect(linhas[1]).toContain(';11.222.333/0001-81;');
    expect(linhas[1]).toContain(';10/03/2024');
  });

  it('answers the run and its file only to whoever asked for it, by a valid, unexpired signature', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/pescador/relatorio/pescadores?nome=zz%20ana' });
    const { id, url } = res.json().dados as { id: number; url: string };
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await abrir(url, mpa)).statusCode).toBe(404);
    expect((await mpa.api({ method: 'GET', url: `/api/pescador/relatorio/execucao/${id}` })).statusCode).toBe(404);
    // One character of the signature changed (to another character: a signature starting with 'x' stays wrong too).
    expect((await abrir(url.replace(/assinatura=(.)/, (_, c: string) => `assinatura=${c === 'x' ? 'y' : 'x'}`))).statusCode).toBe(403);
    expect((await abrir(url.replace(/expira=\d+/, 'expira=1'))).statusCode).toBe(403);
    expect((await abrir(url.replace(`/arquivo/${id}?`, `/arquivo/${id + 1000}?`))).statusCode).toBe(404);
  });

  it('removes files past their retention, and the address then answers 404', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/pescador/relatorio/pescadores?nome=zz%20bruno' });
    const { id, url } = res.json().dados as { id: number; url: string };
    await t.db.execute(sql`UPDATE relatorio_execucao SET criado_em = now() - interval '2 days' WHERE id = ${id}`);
    expect(await t.app.servicos.relatorio.limparArquivosAntigos()).toBeGreaterThanOrEqual(1);
    expect((await abrir(url)).statusCode).toBe(404);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(celulaCsv('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(celulaCsv('-10')).toBe("'-10");
    expect(celulaCsv(null)).toBe('');
    expect(celulaCsv(18)).toBe('18');
  });

  it('keeps codes a spreadsheet would read as numbers or dates as text (decision 0043)', () => {
    expect(celulaCodigoCsv('0012345')).toBe('"=""0012345"""');
    expect(celulaCodigoCsv('12E3')).toBe('"=""12E3"""');
    expect(celulaCodigoCsv('01-02')).toBe('"=""01-02"""');
    expect(celulaCodigoCsv('PA-PA-00000000001')).toBe('PA-PA-00000000001');
    expect(celulaCodigoCsv('TIE123')).toBe('TIE123');
    expect(celulaCodigoCsv('=1+1')).toBe("'=1+1");
    expect(celulaCodigoCsv(null)).toBe('');
    expect(formatarCnpj('00000000000191')).toBe('00.000.000/0001-91');
  });
});
