import { CodigoErro } from '../../../shared/codigos-erro';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf, onlyDigits } from '../../../shared/cpf';
import { hojeSaoPaulo } from '../../../shared/datas';
import { MENSAGENS_CIN } from '../../../shared/regras/cin';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, entrarComo, type TestApp } from '../../test/helpers';
import { artesanalCompleto, idDoAno, pescadorComRgp } from '../reap/reap.test-utils';
import {
  comEndereco, DOCUMENTOS_BASICOS, inserirDocumentos, novoPescador, passo1, passo2, passo3, passo4, rascunhoAte, salvar, type Pescador,
} from './passos.test-utils';

/**
 * The CIN as a dated setting (issue 22 point 6, decision 0053): CIN_OBRIGATORIA_DESDE is tomorrow in São Paulo,
 * and the app's clock is moved to the last second before it and to its first second (São Paulo is UTC−3). Sessions
 * last 72 h so that the clock may move a day ahead of the database's; each fisher signs in at the clock's time.
 */

const DESDE = hojeSaoPaulo(new Date(Date.now() + 24 * 3600_000));
const VESPERA = new Date(new Date(`${DESDE}T00:00:00-03:00`).getTime() - 1000);
const NO_DIA = new Date(`${DESDE}T00:00:00-03:00`);

let t: TestApp;
let agora = new Date();

beforeAll(async () => {
  t = await createTestApp({ env: { CIN_OBRIGATORIA_DESDE: DESDE, SESSION_TTL_HOURS: '72' }, now: () => agora });
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** The fisher signed in again at the clock's current time (their earlier token was issued at another). */
async function deNovo(p: Pescador, n: number): Promise<Pescador> {
  const sessao = await entrarComo(comEndereco(t.app, `10.9.${(n >> 8) & 255}.${n & 255}`), p.cpf);
  return { ...p, sessao };
}

const enviar = (p: Pescador, id: number, tipo = 1) => salvar(p, id, tipo, 5, { declaraCiencia: true });
const comCin = (cpf: string, extra: Record<string, unknown> = {}) => passo1(cpf, {
  docIdentificacao: { numero: formatCpf(cpf), ufEmissao: 'PA', orgaoEmissor: 7, dataEmissao: '2024-02-01' }, ...extra,
});

describe('the setting', () => {
  it('is a São Paulo date that exists, or unset (never)', () => {
    expect(loadConfig({}).regras.cinObrigatoriaDesde).toBeNull();
    expect(loadConfig({ CIN_OBRIGATORIA_DESDE: '' }).regras.cinObrigatoriaDesde).toBeNull();
    expect(loadConfig({ CIN_OBRIGATORIA_DESDE: '2027-01-04' }).regras.cinObrigatoriaDesde).toBe('2027-01-04');
    expect(() => loadConfig({ CIN_OBRIGATORIA_DESDE: '04/01/2027' })).toThrow(ConfigError);
    expect(() => loadConfig({ CIN_OBRIGATORIA_DESDE: '2027-02-30' })).toThrow(/CIN_OBRIGATORIA_DESDE/);
  });

  it('is told to the web, with today on the server clock, without sign-in', async () => {
    agora = VESPERA;
    const res = await t.app.inject({ method: 'GET', url: '/api/configuracao-publica' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toEqual({ cinObrigatoriaDesde: DESDE, hoje: hojeSaoPaulo(VESPERA) });
    expect(res.headers['cache-control']).toMatch(/max-age=300/);
  });

  it('is null when unset', async () => {
    const sem = await createTestApp();
    try {
      const res = await sem.app.inject({ method: 'GET', url: '/api/configuracao-publica' });
      expect(res.json().dados.cinObrigatoriaDesde).toBeNull();
    } finally {
      await sem.close();
    }
  });
});

describe('the first registration (registro inicial)', () => {
  it('is sent with any identity document on the eve of the date', async () => {
    agora = VESPERA;
    const p = await novoPescador(t, 9301);
    const id = await rascunhoAte(t, p, 1, 4);
    const res = await enviar(p, id);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('from the date, is refused without the CIN with the message naming what to do, and sent with it', async () => {
    agora = VESPERA;
    const antes = await novoPescador(t, 9302);
    // A draft begun before the date and sent after it: the date of the sending counts.
    const id = await rascunhoAte(t, antes, 1, 4);
    agora = NO_DIA;
    const p = await deNovo(antes, 9302);

    const recusa = await enviar(p, id);
    expect(recusa.statusCode, recusa.body).toBe(400);
    const mensagem = MENSAGENS_CIN.registroInicial(DESDE);
    expect(recusa.json().mensagem).toBe(mensagem);
    expect(mensagem).toContain(`A partir de ${DESDE.split('-').reverse().join('/')}, o registro inicial exige a Carteira de Identidade Nacional (CIN).`);
    expect(recusa.json().erros).toEqual([`docIdentificacao.numero: ${mensagem}`]);
    const { rows } = await t.db.execute<{ situacao: number }>(sql`SELECT situacao FROM solicitacao WHERE id = ${id}`);
    expect(rows[0]!.situacao).toBe(1);

    expect((await salvar(p, id, 1, 1, comCin(p.cpf))).statusCode).toBe(200);
    const envio = await enviar(p, id);
    expect(envio.statusCode, envio.body).toBe(200);
    const { rows: depois } = await t.db.execute<{ numero: string }>(sql`
      SELECT dados->'docIdentificacao'->>'numero' AS numero FROM pescador WHERE id = ${p.id}`);
    expect(onlyDigits(depois[0]!.numero)).toBe(p.cpf);
  });

  it('from the date, a foreign fisher keeps their own identity document (the CIN is issued to Brazilians)', async () => {
    agora = NO_DIA;
    const p = await novoPescador(t, 9303);
    const res = await p.sessao.api({
      method: 'POST', url: '/api/solicitacao',
      payload: { tipo: 1, passo: 1, ...passo1(p.cpf, { nacionalidadeBrasileira: 'ESTRANGEIRA', documentoSocial: null }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().dados.id as number;
    await inserirDocumentos(t.db, p.id, id, [...DOCUMENTOS_BASICOS, 7]);
    for (const [n, corpo] of [[2, passo2()], [3, passo3()], [4, passo4()]] as const) {
      const r = await salvar(p, id, 1, n, corpo);
      expect(r.statusCode, r.body).toBe(200);
    }
    const envio = await enviar(p, id);
    expect(envio.statusCode, envio.body).toBe(200);
  });

  it('from the date, a re-registration (not a first registration) is still sent with any identity document', async () => {
    agora = NO_DIA;
    const p = await novoPescador(t, 9304);
    const id = await rascunhoAte(t, p, 2, 4);
    const envio = await enviar(p, id, 2);
    expect(envio.statusCode, envio.body).toBe(200);
  });
});

describe('the REAP send', () => {
  const enviarReap = async (p: Pescador) => p.sessao.api({
    method: 'POST', url: '/api/reap/questionario-basico', payload: artesanalCompleto(await idDoAno(t.db, p.id, 2025), 2025, { enviada: true }),
  });

  /** A fisher with an active RGP (signed in at the clock's time) and their pending REAPs generated. */
  async function comReap(n: number): Promise<Pescador> {
    const p = await pescadorComRgp(t, n, { dataPrimeiroRgp: '2023-06-15' });
    const g = await p.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${p.id}` });
    expect(g.statusCode, g.body).toBe(200);
    return p;
  }

  async function registroComCin(p: Pescador): Promise<void> {
    await t.db.execute(sql`UPDATE pescador SET dados = ${JSON.stringify(comCin(p.cpf))}::jsonb WHERE id = ${p.id}`);
  }

  it('is accepted without the CIN on the eve of the date', async () => {
    agora = VESPERA;
    const p = await comReap(9311);
    const res = await enviarReap(p);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('from the date, is refused while the registry has no CIN, and nothing is sent', async () => {
    agora = NO_DIA;
    const p = await comReap(9312);
    const res = await enviarReap(p);
    expect(res.statusCode, res.body).toBe(406);
    expect(res.json().mensagem).toBe(MENSAGENS_CIN.reap(DESDE));
    expect(res.json().codigoErro).toBe(CodigoErro.CIN_EXIGIDA);
    expect(res.json().mensagem).toContain('o envio da REAP exige a Carteira de Identidade Nacional (CIN)');
    const { rows } = await t.db.execute<{ enviada: boolean; situacao: number }>(sql`
      SELECT q.enviada, s.situacao FROM reap_questionario q JOIN solicitacao s ON s.id = q.solicitacao_id
      WHERE q.pescador_id = ${p.id} AND q.ano_referencia = 2025`);
    expect(rows[0]).toEqual({ enviada: false, situacao: 8 });

    await registroComCin(p);
    const depois = await enviarReap(p);
    expect(depois.statusCode, depois.body).toBe(200);
  });

  it('from the date, is accepted while a registry edit declaring the CIN awaits its analysis', async () => {
    agora = NO_DIA;
    const p = await comReap(9313);
    await t.db.execute(sql`
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, declara_ciencia, dados)
      VALUES (${p.id}, 8, 6, 4, true, ${JSON.stringify(comCin(p.cpf))}::jsonb)`);
    const res = await enviarReap(p);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('from the date, a foreign fisher sends it without the CIN', async () => {
    agora = NO_DIA;
    const p = await comReap(9314);
    await t.db.execute(sql`UPDATE pescador SET nacionalidade_brasileira = false WHERE id = ${p.id}`);
    const res = await enviarReap(p);
    expect(res.statusCode, res.body).toBe(200);
  });
});
