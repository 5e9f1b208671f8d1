import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { anexarFoto, armazenamentoTemporario, novoIp, resolverCaptcha, solicitacaoDeferida, tornarAtivo } from './carteira.test-utils';

/**
 * Who may call each endpoint of the card and of the public lookups (product guide, "Who may do what"):
 * printing is the fisher's own card or staff in scope (audited), never CONSULTA_EXTERNO, never anonymous;
 * the public lookups need no sign-in (but a captcha), and the QR check needs neither.
 */
let t: TestApp;
let remover: () => Promise<void>;
const s: Record<string, Sessao> = {};
let idPa = 0;
let idSp = 0;
const cpfs: Record<string, string> = {
  gestor: '10000000108', mpa: '20000000299', sfpa: '30000000388', admin: '50000000566',
  consultaInterno: '60000000655', consultaExterno: '70000000744', pescador: '40000000477', outro: '52998224725',
};

beforeAll(async () => {
  const tmp = await armazenamentoTemporario();
  remover = tmp.remover;
  t = await createTestApp({ storage: tmp.storage });
  for (const [k, cpf] of Object.entries(cpfs)) s[k] = await entrarComo(t.app, cpf);
  idPa = decodeJwt(s.pescador!.token).idPescador as number;
  idSp = decodeJwt(s.outro!.token).idPescador as number;
  // Both active: the demo fisher in Belém (PA), the other in São Paulo (SP).
  await tornarAtivo(t.db, idPa);
  await tornarAtivo(t.db, idSp, { numeroRgp: 'SPPA00000000043', uf: 'SP', municipioId: 3550308 });
  await anexarFoto(t.db, tmp.storage, idPa, await solicitacaoDeferida(t.db, idPa));
});
afterAll(async () => {
  await t.close();
  await remover();
});

const url = (id: number) => `/api/pescador/${id}/imprimir-carteira`;

describe('GET /api/pescador/{id}/imprimir-carteira', () => {
  it('lets the fisher print their own card', async () => {
    const res = await s.pescador!.api({ method: 'GET', url: url(idPa) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("refuses a fisher another fisher's card with 403, never the PDF", async () => {
    const res = await s.outro!.api({ method: 'GET', url: url(idPa) });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().dados).toBeUndefined();
  });

  it.each(['gestor', 'mpa', 'admin', 'consultaInterno', 'sfpa'])('lets %s print a card in scope, and audits it', async (who) => {
    const res = await s[who]!.api({ method: 'GET', url: url(idPa) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria
      WHERE acao = 'VISUALIZACAO_DADOS_PESSOAIS' AND recurso = 'pescador/carteira' AND recurso_id = ${String(idPa)}
        AND cpf_ator = ${cpfs[who]!}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses SFPA a fisher of another state with 403', async () => {
    const res = await s.sfpa!.api({ method: 'GET', url: url(idSp) });
    expect(res.statusCode).toBe(403);
    expect(res.json().dados).toBeUndefined();
    expect((await s.mpa!.api({ method: 'GET', url: url(idSp) })).statusCode).toBe(200);
  });

  it('refuses CONSULTA_EXTERNO with 403 (it may not print), and audits the refusal', async () => {
    const res = await s.consultaExterno!.api({ method: 'GET', url: url(idPa) });
    expect(res.statusCode).toBe(403);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'AUTORIZACAO_RECUSADA' AND cpf_ator = '70000000744'`);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(idPa) })).statusCode).toBe(401);
  });

  it('answers 403 (not 404) to a fisher asking for a fisher that does not exist', async () => {
    expect((await s.pescador!.api({ method: 'GET', url: url(999_999) })).statusCode).toBe(403);
    expect((await s.sfpa!.api({ method: 'GET', url: url(999_999) })).statusCode).toBe(403);
  });
});

describe('public endpoints need no sign-in', () => {
  it('the card lookup and the protocol lookup ask for the captcha, not for a token', async () => {
    const ip = novoIp();
    const card = await t.app.inject({ method: 'GET', url: '/api/carteira-profissional/consulta-publica?cpf=40000000477&rgp=PAPA00000000042', remoteAddress: ip });
    expect(card.statusCode).toBe(403);
    expect(card.json().mensagem).toBe('Token de CAPTCHA inválido ou não fornecido');
    const protocolo = await t.app.inject({ method: 'GET', url: '/api/pescador/protocolo-solicitacao-registro/2024000000001', remoteAddress: ip });
    expect(protocolo.statusCode).toBe(403);
  });

  it('the challenge and the QR check are open', async () => {
    const ip = novoIp();
    expect((await t.app.inject({ method: 'GET', url: '/api/captcha/desafio', remoteAddress: ip })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/carteira-profissional/verificar/AAAAAAAAAAAAAAAAAAAAAA', remoteAddress: ip });
    expect(res.statusCode).toBe(400);
  });

  it('CONSULTA_EXTERNO looks a card up as the guide gives it: the public lookup, which answers the card and no CPF', async () => {
    const ip = novoIp();
    const res = await s.consultaExterno!.api({
      method: 'GET', url: '/api/carteira-profissional/consulta-publica?cpf=40000000477&rgp=PAPA00000000042', remoteAddress: ip,
      headers: { 'x-hcaptcha-token': await resolverCaptcha(t.app, ip) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toMatchObject({ numeroRGP: 'PA-PA-00000000042', uf: 'PA' });
    expect(res.json().dados).not.toHaveProperty('cpf');
    for (const cpf of ['40000000477', '400.000.004-77', '000.004']) expect(res.body).not.toContain(cpf);
    // Nothing more of the fisher than the card: not the record, not the printed card.
    expect((await s.consultaExterno!.api({ method: 'GET', url: `/api/pescador/${idPa}` })).statusCode).toBe(403);
    expect((await s.consultaExterno!.api({ method: 'GET', url: url(idPa) })).statusCode).toBe(403);
  });

  it('a signed-in user gets nothing more from a public lookup', async () => {
    const ip = novoIp();
    const res = await s.gestor!.api({ method: 'GET', url: '/api/carteira-profissional/consulta-publica?cpf=40000000477&rgp=PAPA00000000042', remoteAddress: ip });
    expect(res.statusCode).toBe(403);
  });
});
