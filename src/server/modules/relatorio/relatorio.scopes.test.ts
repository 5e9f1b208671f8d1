import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskCpf } from '../../../shared/cpf';
import { MENSAGENS_RELATORIO } from '../../../shared/schemas/relatorio';
import { criarForcaTarefa } from '../../test/forca-tarefa';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { PESCADORES, semearPescadores } from './relatorio.fixtures';

/**
 * Who may emit the fisher report (product guide, "Who may do what"), × the eight callers: the staff who read
 * fishers (SFPA only its states and its active task forces' states), CONSULTA_EXTERNO with the CPF masked and
 * without birth date, schooling or ethnicity; the fisher and the anonymous caller never.
 */

let t: TestApp;
const s: Record<string, Sessao> = {};
const CPFS = {
  GESTOR: '10000000108', MPA: '20000000299', SFPA: '30000000388', INTERESSADO: '40000000477', ADMIN: '50000000566',
  CONSULTA_INTERNO: '60000000655', CONSULTA_EXTERNO: '70000000744',
} as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const [perfil, cpf] of Object.entries(CPFS)) s[perfil] = await entrarComo(t.app, cpf);
  await semearPescadores(t.db);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const PREVIA = '/api/pescador/relatorio/pescadores/previa';
const EMITIR = '/api/pescador/relatorio/pescadores';
/** The four fixtures, without a name filter: only they have a request sent. */
const SO_ZZ = 'dataInicioSolicitacao=2000-01-01';

async function previa(perfil: string, query = 'nome=zz') {
  return s[perfil]!.api({ method: 'GET', url: `${PREVIA}?${query}` });
}

describe('the report × the eight callers', () => {
  it('refuses the anonymous caller (401) and the fisher (403), with no data', async () => {
    for (const url of [`${PREVIA}?nome=zz`, `${EMITIR}?nome=zz`, '/api/pescador/relatorio/execucao/1', '/api/pescador/relatorio/arquivo/1?expira=1&assinatura=x']) {
      const anonimo = await t.app.inject({ method: 'GET', url });
      expect(anonimo.statusCode, url).toBe(401);
      const pescador = await s.INTERESSADO!.api({ method: 'GET', url });
      expect(pescador.statusCode, url).toBe(403);
      expect(pescador.json().dados).toBeUndefined();
    }
  });

  it.each(['GESTOR', 'MPA', 'ADMIN', 'CONSULTA_INTERNO'])('lets %s report on every state, with full CPFs', async (perfil) => {
    const res = await previa(perfil);
    expect(res.statusCode, res.body).toBe(200);
    const dados = res.json().dados as { total: number; pescadores: { cpf: string; uf: string; idade: number | null }[] };
    expect(dados.total).toBe(4);
    expect(dados.pescadores.map((p) => p.cpf)).toEqual(PESCADORES.map((p) => p.cpf));
    expect(dados.pescadores[0]!.idade).toBe(30);
    const emitido = await s[perfil]!.api({ method: 'GET', url: `${EMITIR}?nome=zz&uf=SP` });
    expect(emitido.statusCode, emitido.body).toBe(200);
    expect(emitido.json().dados.total).toBe(2);
  });

  it('lets SFPA of Pará report only on Pará: other states are refused, no state means its own', async () => {
    const res = await previa('SFPA');
    expect(res.statusCode).toBe(200);
    expect((res.json().dados.pescadores as { uf: string }[]).map((p) => p.uf)).toEqual(['PA', 'PA']);
    for (const url of [`${PREVIA}?nome=zz&uf=SP`, `${EMITIR}?nome=zz&uf=SP`]) {
      const fora = await s.SFPA!.api({ method: 'GET', url });
      expect(fora.statusCode).toBe(403);
      expect(fora.json().mensagem).toBe(MENSAGENS_RELATORIO.foraDoEscopo);
      expect(fora.json().dados).toBeUndefined();
    }
    // A municipality of São Paulo without the state: nothing of São Paulo comes back.
    expect((await previa('SFPA', 'nome=zz&municipio=3550308')).json().dados.total).toBe(0);
    // The file holds the same two fishers.
    const emitido = await s.SFPA!.api({ method: 'GET', url: `${EMITIR}?nome=zz` });
    expect(emitido.json().dados.total).toBe(2);
    const arq = await t.app.inject({ method: 'GET', url: `${emitido.json().dados.url}&jwt=${s.SFPA!.token}` });
    expect(arq.payload).not.toContain(';SP;');
    expect(arq.payload).toContain('ZZ ANA');
  });

  it('widens SFPA to the states of an active task force it belongs to', async () => {
    await criarForcaTarefa(t.db, CPFS.SFPA, 'SP');
    const sfpa = await entrarComo(t.app, CPFS.SFPA);
    const res = await sfpa.api({ method: 'GET', url: `${PREVIA}?nome=zz&uf=SP` });
    expect(res.statusCode).toBe(200);
    expect(res.json().dados.total).toBe(2);
    expect((await sfpa.api({ method: 'GET', url: `${PREVIA}?nome=zz` })).json().dados.total).toBe(4);
  });

  it('gives CONSULTA_EXTERNO masked CPFs and no birth date, age, schooling or ethnicity, in the preview and the file', async () => {
    // CONSULTA_EXTERNO may not filter by name: the fishers with a request sent leave the seeded fisher out.
    const res = await previa('CONSULTA_EXTERNO', SO_ZZ);
    expect(res.statusCode).toBe(200);
    const pescadores = res.json().dados.pescadores as { cpf: string; idade: number | null }[];
    expect(pescadores.map((p) => p.cpf)).toEqual(PESCADORES.map((p) => maskCpf(p.cpf)));
    expect(pescadores.every((p) => p.idade === null)).toBe(true);

    const emitido = await s.CONSULTA_EXTERNO!.api({ method: 'GET', url: `${EMITIR}?${SO_ZZ}` });
    expect(emitido.statusCode).toBe(200);
    const arq = await t.app.inject({ method: 'GET', url: `${emitido.json().dados.url}&jwt=${s.CONSULTA_EXTERNO!.token}` });
    const [cabecalho, ...linhas] = arq.payload.slice(1).split('\r\n').filter(Boolean);
    expect(cabecalho).not.toMatch(/nascimento|Idade|Escolaridade|Etnia|Alfabetizado/);
    expect(linhas.map((l) => l.split(';')[0])).toEqual(PESCADORES.map((p) => maskCpf(p.cpf)));
    for (const p of PESCADORES) expect(arq.payload).not.toContain(p.cpf);
  });

  it('refuses CONSULTA_EXTERNO the filters on what it does not read (age, schooling, ethnicity, literacy)', async () => {
    for (const q of ['idadeInicial=18&idadeFinal=40', 'escolaridade=6', 'etnia=2', 'alfabetizacao=true']) {
      for (const url of [PREVIA, EMITIR]) {
        const res = await s.CONSULTA_EXTERNO!.api({ method: 'GET', url: `${url}?${SO_ZZ}&${q}` });
        expect(res.statusCode, q).toBe(403);
        expect(res.json().mensagem).toBe(MENSAGENS_RELATORIO.filtroExterno);
      }
    }
    expect((await previa('CONSULTA_INTERNO', 'nome=zz&etnia=2')).json().dados.total).toBe(1);
  });

  it('refuses CONSULTA_EXTERNO the filters that name one person (CPF, name, RGP number): they would unmask the CPF', async () => {
    const [ana] = PESCADORES;
    const execucoes = async () => (await t.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM relatorio_execucao WHERE cpf_solicitante = $1', [CPFS.CONSULTA_EXTERNO])).rows[0]!.n;
    const antes = await execucoes();
    for (const q of [`cpfPescador=${ana!.cpf}`, 'nome=zz', `numeroRGP=${ana!.rgp}`]) {
      for (const url of [PREVIA, EMITIR]) {
        const res = await s.CONSULTA_EXTERNO!.api({ method: 'GET', url: `${url}?${q}` });
        expect(res.statusCode, q).toBe(403);
        expect(res.json().mensagem).toBe(MENSAGENS_RELATORIO.filtroPessoaExterno);
        expect(res.json().dados).toBeUndefined();
      }
    }
    // Nothing was emitted, and the staff who see full CPFs still filter by them.
    expect(await execucoes()).toBe(antes);
    expect((await previa('CONSULTA_INTERNO', `cpfPescador=${ana!.cpf}`)).json().dados.total).toBe(1);
  });
});
