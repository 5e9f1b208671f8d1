import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfComDigitos } from '../../../shared/cpf';
import { TipoSinal } from '../../../shared/schemas/sinal';
import { createTestApp, type TestApp } from '../../test/helpers';
import { AuditoriaService } from '../auditoria/auditoria.service';
import {
  BELEM, cpfDe, criar, DOCUMENTOS_BASICOS, inserirDocumentos, novoPescador, passo1, passoPadrao, type Pescador, salvar, umaLinha,
} from '../solicitacao/passos.test-utils';
import { CargaRecusada, CargaReferenciaService, type OpcoesCarga, type TipoCarga } from './carga-referencia.service';

let t: TestApp;
let servico: CargaReferenciaService;
const OPERADOR = cpfComDigitos('555000111');
const CPF_A = cpfComDigitos('123450001');
const CPF_B = cpfComDigitos('123450002');
const CPF_C = cpfComDigitos('123450003');
const CPF_D = cpfComDigitos('123450004');
let n = 9700;

beforeAll(async () => {
  t = await createTestApp();
  servico = new CargaReferenciaService(t.db, new AuditoriaService(t.db));
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** The file as a stream of small pieces, so a line split across two reads is tested too. */
function arquivo(texto: string): Readable {
  const bytes = Buffer.from(texto, 'utf8');
  const pedacos: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 7) pedacos.push(bytes.subarray(i, i + 7));
  return Readable.from(pedacos);
}

function carregar(tipo: TipoCarga, texto: string, opcoes: Partial<OpcoesCarga> = {}) {
  return servico.carregar(tipo, arquivo(texto), { arquivo: `${tipo}.csv`, cpfOperador: OPERADOR, ...opcoes });
}

async function recusada(p: Promise<unknown>): Promise<CargaRecusada> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(CargaRecusada);
  return err as CargaRecusada;
}

async function receita(): Promise<{ cpf: string; situacao: number; atualizadoEm: string }[]> {
  const { rows } = await t.db.execute<{ cpf: string; situacao: number; atualizadoEm: string }>(sql`
    SELECT cpf, situacao, atualizado_em::text AS "atualizadoEm" FROM cpf_situacao_receita ORDER BY cpf`);
  return rows;
}

/** A first-registration draft with steps 1–4 saved, living in `municipio`; sent by the fisher. */
async function enviarPedido(municipio = BELEM, cpf?: string): Promise<{ p: Pescador; id: number }> {
  n += 1;
  const p = await novoPescador(t, n);
  if (cpf) expect(p.cpf).toBe(cpf);
  const r1 = await criar(p, 1, passo1(p.cpf, {
    endereco: { cep: '66.010-000', logradouro: 'Rua das Flores', numeroLogradouro: String(n), bairro: 'Centro', complemento: null, municipio, uf: 'PA' },
    contato: { email: `carga${n}@example.com`, telefone: `(91) 9${n}-1234` },
  }));
  expect(r1.statusCode, r1.body).toBe(200);
  const id = r1.json().dados.id as number;
  await inserirDocumentos(t.db, p.id, id, DOCUMENTOS_BASICOS);
  for (const passo of [2, 3, 4] as const) {
    const r = await salvar(p, id, 1, passo, passoPadrao(passo, p.cpf));
    expect(r.statusCode, r.body).toBe(200);
  }
  const r5 = await salvar(p, id, 1, 5, { declaraCiencia: true });
  expect(r5.statusCode, r5.body).toBe(200);
  return { p, id };
}

async function sinais(id: number): Promise<number[]> {
  const { rows } = await t.db.execute<{ tipo: number }>(sql`SELECT tipo FROM sinal_solicitacao WHERE solicitacao_id = ${id} ORDER BY tipo`);
  return rows.map((r) => r.tipo);
}

describe('the Receita file (irregular CPFs)', () => {
  it('loads the irregular CPFs of a good file, keeps none of the regular ones, records and audits the load', async () => {
    const texto = [
      'cpf;situacao;data_situacao',
      `${CPF_A};3;2026-10-01`,
      `${CPF_B.slice(0, 3)}.${CPF_B.slice(3, 6)}.${CPF_B.slice(6, 9)}-${CPF_B.slice(9)};Cancelada de Ofício;02/10/2026`,
      `${CPF_C};0`,
      '',
      `${CPF_D};suspensa`,
    ].join('\r\n');
    const r = await carregar('receita', texto, { data: '2026-11-15' });
    expect(r).toMatchObject({ linhas: 4, mantidas: 3, inseridas: 3, atualizadas: 0, removidas: 0 });
    expect(await receita()).toEqual([
      { cpf: CPF_A, situacao: 3, atualizadoEm: '2026-10-01' },
      { cpf: CPF_B, situacao: 2, atualizadoEm: '2026-10-02' },
      { cpf: CPF_D, situacao: 1, atualizadoEm: '2026-11-15' },
    ].sort((a, b) => a.cpf.localeCompare(b.cpf)));

    const carga = await umaLinha<{ tipo: number; arquivo: string; sha: string; cpf: string }>(t.db, sql`
      SELECT tipo, arquivo, encode(sha256, 'hex') AS sha, cpf_operador AS cpf FROM carga_referencia WHERE id = ${r.id}`);
    expect(carga).toEqual({ tipo: 1, arquivo: 'receita.csv', sha: r.sha256, cpf: OPERADOR });
    const audit = await umaLinha<{ cpf: string; detalhes: Record<string, unknown> }>(t.db, sql`
      SELECT cpf_ator AS cpf, detalhes FROM auditoria WHERE acao = 'CARGA_REFERENCIA' AND recurso_id = ${String(r.id)}`);
    expect(audit).toMatchObject({ cpf: OPERADOR, detalhes: { tipo: 'receita', linhas: 4, mantidas: 3, inseridas: 3, sha256: r.sha256 } });
  });

  it('refuses a file with a bad CPF, a bad situation, a bad date or a CPF twice, naming each line, and changes nothing', async () => {
    const antes = await receita();
    const invalido = `${CPF_A.slice(0, 10)}${(Number(CPF_A[10]) + 1) % 10}`;
    const err = await recusada(carregar('receita', [
      `${CPF_A};3`,
      `${invalido};3`,
      `${CPF_C};MARIA DAS DORES`,
      `${CPF_D};2;31/02/2026`,
      `${CPF_B}`,
    ].join('\n')));
    expect(err.message).toBe('O arquivo tem 4 linha(s) com erro; nada foi carregado.');
    expect(err.erros).toEqual([
      { linha: 2, mensagem: 'CPF inválido (são 11 dígitos, com os dígitos verificadores corretos).' },
      // A name in the situation's column (a file laid out as CPF; nome; situação) is not quoted back either.
      { linha: 3, mensagem: expect.stringMatching(/^situação \(texto de mais de uma palavra, não reproduzido\) desconhecida; use 0 \(regular\), 2 \(suspensa\)/) as unknown },
      { linha: 4, mensagem: 'data "31/02/2026" inválida; use AAAA-MM-DD ou DD/MM/AAAA.' },
      { linha: 5, mensagem: 'esperados 2 ou 3 campos (CPF; situação; data da situação), encontrados 1.' },
    ]);
    // The CPF itself is never quoted back (it is personal data).
    expect(JSON.stringify(err.erros)).not.toContain(invalido);

    const repetido = await recusada(carregar('receita', `${CPF_A};3\n${CPF_B};8\n${CPF_A};9\n`));
    expect(repetido.erros).toEqual([{ linha: 3, mensagem: 'CPF repetido (já na linha 1).' }]);
    expect(await receita()).toEqual(antes);
  });

  it('a reload replaces the previous load whole: gone, changed and new CPFs, and the signal reads it', async () => {
    const { n: cargasAntes } = await umaLinha<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM carga_referencia WHERE tipo = 1`);
    // The next fisher's CPF is known before they sign in (cpfDe), so the file can name them.
    const proximo = cpfDe(n + 1);
    const r = await carregar('receita', `${CPF_A};3;2026-10-01\n${CPF_B};8;2026-11-20\n${CPF_D};2;2026-11-20\n${proximo};3;2026-11-20\n`);
    expect(r).toMatchObject({ linhas: 4, mantidas: 4, inseridas: 1, atualizadas: 2, removidas: 0 });
    expect((await receita()).find((x) => x.cpf === CPF_B)).toEqual({ cpf: CPF_B, situacao: 4, atualizadoEm: '2026-11-20' });

    const { id } = await enviarPedido(BELEM, proximo);
    expect(await sinais(id)).toEqual([TipoSinal.CPF_IRREGULAR]);

    // Less than half of what was kept: refused unless the operator says the reduction is expected.
    const cortado = await recusada(carregar('receita', `${CPF_A};3;2026-10-01\n`));
    expect(cortado.message).toMatch(/^A carga manteria 1 registros onde há 4 \(menos da metade\)/);
    const r2 = await carregar('receita', `${CPF_A};3;2026-10-01\n`, { aceitarReducao: true });
    expect(r2).toMatchObject({ linhas: 1, mantidas: 1, inseridas: 0, atualizadas: 0, removidas: 3 });
    expect(await receita()).toEqual([{ cpf: CPF_A, situacao: 3, atualizadoEm: '2026-10-01' }]);
    const { n: cargas } = await umaLinha<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM carga_referencia WHERE tipo = 1`);
    expect(cargas).toBe(cargasAntes + 2);
  });

  it('refuses an empty file and a missing operator', async () => {
    expect((await recusada(carregar('receita', 'cpf;situacao\n\n'))).message).toBe('O arquivo não tem nenhuma linha de dados.');
    expect((await recusada(carregar('receita', `${CPF_A};3\n`, { cpfOperador: '' }))).message).toMatch(/^Informe o CPF de quem faz a carga/);
  });
});

describe('the IBGE file (adult population per municipality)', () => {
  it('loads a good file, refuses a bad municipality code naming the line, and the municipality signal reads the load', async () => {
    const { id: pequeno } = await umaLinha<{ id: number }>(t.db, sql`
      SELECT id FROM municipio WHERE uf = 'PA' AND id <> ${BELEM} AND id NOT IN (SELECT municipio_id FROM pescador WHERE municipio_id IS NOT NULL) ORDER BY id LIMIT 1`);
    const err = await recusada(carregar('ibge', `codigo;populacao\n${BELEM};1.000.000\n9999999;10\n15014;10\n${pequeno};0\n${BELEM};5\n${CPF_A};3\n`, { ano: 2022 }));
    expect(err.erros).toEqual([
      { linha: 4, mensagem: 'código de município "15014" inválido; use os 7 dígitos do código do IBGE.' },
      { linha: 5, mensagem: 'população adulta "0" inválida; use um número inteiro maior que zero.' },
      // The Receita's file given as IBGE's by mistake: its CPFs are not quoted back.
      { linha: 7, mensagem: 'código de município (valor com 11 dígitos, não reproduzido) inválido; use os 7 dígitos do código do IBGE.' },
    ]);
    const noBanco = await recusada(carregar('ibge', `${BELEM};1000000\n9999999;10\n${BELEM};5\n`, { ano: 2022 }));
    expect(noBanco.erros).toEqual([
      { linha: 2, mensagem: 'município 9999999 não existe na lista de municípios do IBGE do sistema.' },
      { linha: 3, mensagem: `município ${BELEM} repetido (já na linha 1).` },
    ]);
    expect((await recusada(carregar('ibge', `${BELEM};1000000\n`))).erros).toEqual([
      { linha: 1, mensagem: 'sem o ano da população: acrescente a terceira coluna ou informe --ano.' },
    ]);
    expect(await t.db.execute(sql`SELECT 1 FROM municipio_populacao`).then((r) => r.rows.length)).toBe(0);

    const r = await carregar('ibge', `${BELEM};1000000;2022\n${pequeno};1;2022\n`);
    expect(r).toMatchObject({ linhas: 2, mantidas: 2, inseridas: 2 });
    const { id } = await enviarPedido(pequeno);
    expect(await sinais(id)).toEqual([TipoSinal.MUNICIPIO_ACIMA_POPULACAO]);

    // A reload with the right population: updated in place, and the next submission raises nothing.
    const r2 = await carregar('ibge', `${BELEM};1000000;2022\n${pequeno};50000;2022\n`);
    expect(r2).toMatchObject({ mantidas: 2, inseridas: 0, atualizadas: 1, removidas: 0 });
    const { id: outro } = await enviarPedido(pequeno);
    expect(await sinais(outro)).toEqual([]);
  });
});

describe('the command', () => {
  it('loads a file given on the command line and names the bad line on a refusal', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carga-'));
    const bom = path.join(dir, 'populacao.csv');
    const ruim = path.join(dir, 'ruim.csv');
    fs.writeFileSync(bom, `${BELEM};1000000\n`);
    fs.writeFileSync(ruim, `${BELEM};1000000\n12;5\n`);
    const rodar = (arq: string) => promisify(execFile)(
      process.execPath, ['--import', 'tsx', 'src/server/carga-referencia-main.ts', 'ibge', arq, '--operador', OPERADOR, '--ano', '2022', '--aceitar-reducao'],
      { env: { ...process.env, DATABASE_URL: t.config.database.url, NODE_ENV: 'production' } },
    ).then((r) => ({ codigo: 0, ...r }), (e: { code: number; stdout: string; stderr: string }) => ({ codigo: e.code, stdout: e.stdout, stderr: e.stderr }));
    const ok = await rodar(bom);
    expect(ok.codigo, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^Carga \d+ \(ibge\) concluída em [\d.]+ s: 1 linha lida, 1 registro mantido \(0 novos, 0 alterados, 1 removido\)/);
    const falha = await rodar(ruim);
    expect(falha.codigo).toBe(1);
    expect(falha.stderr).toContain('Linha 2: código de município "12" inválido');
    fs.rmSync(dir, { recursive: true });
  }, 60_000);
});
