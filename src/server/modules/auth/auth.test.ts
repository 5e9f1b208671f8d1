import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Perfil } from '../../../shared/enums';
import { createTestApp, entrarComo, Navegador, obterCodigo, sessaoDe, type TestApp } from '../../test/helpers';
import { MENSAGEM_XSRF } from '../../plugins/xsrf';
import { COOKIE_VINCULO_LOGIN, MENSAGENS_AUTH } from './auth.service';

const GESTOR = '10000000108';
const SFPA = '30000000388';
const PESCADOR_DEMO = '40000000477';
const NOVO_CPF = '52998224725';

let t: TestApp;
let agora = new Date('2026-11-18T15:00:00Z'); // a Wednesday, 12:00 in São Paulo
/** The token key of `t`, as JWT_SECRET would give it. */
const JWT_SECRET = crypto.randomBytes(32).toString('hex');

beforeAll(async () => {
  t = await createTestApp({ now: () => agora, jwtSecret: new TextEncoder().encode(JWT_SECRET) });
});
afterAll(async () => {
  await t.close();
});

async function auditoria(acao: string, cpf?: string) {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM auditoria WHERE acao = ${acao} AND (${cpf ?? null}::text IS NULL OR cpf_ator = ${cpf ?? null})`);
  return rows[0]!.n;
}

describe('sign-in through the development identity provider', () => {
  it('signs a new CPF in as a fisher and creates the fisher record', async () => {
    const s = await entrarComo(t.app, NOVO_CPF);
    const payload = decodeJwt(s.token);
    expect(payload.sub).toBe(NOVO_CPF);
    expect(payload.perfil).toBe(Perfil.INTERESSADO);
    expect(typeof payload.idPescador).toBe('number');
    expect(payload.idUsuarioMapa).toBeUndefined();
    const { rows } = await t.db.execute<{ id: number }>(sql`SELECT id FROM pescador WHERE cpf = ${NOVO_CPF}`);
    expect(rows[0]!.id).toBe(payload.idPescador);
    expect(await auditoria('LOGIN', NOVO_CPF)).toBe(1);

    // A second sign-in finds the same fisher.
    const again = decodeJwt((await entrarComo(t.app, NOVO_CPF)).token);
    expect(again.idPescador).toBe(payload.idPescador);
  });

  it("gives a fisher's token an opaque phone id: the same at every sign-in and refresh, not a hash of the CPF", async () => {
    // Decision 0069: the phone keeps a fisher's items under it; a plain digest of a CPF is reversed by brute force.
    const s = await entrarComo(t.app, PESCADOR_DEMO);
    const id = decodeJwt(s.token).idCelular;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    for (const digest of ['sha256', 'sha1', 'md5']) {
      for (const texto of [PESCADOR_DEMO, `rgp-neste-celular:${PESCADOR_DEMO}`]) {
        expect(crypto.createHash(digest).update(texto).digest('hex')).not.toContain(id as string);
      }
    }
    expect(decodeJwt((await entrarComo(t.app, PESCADOR_DEMO)).token).idCelular).toBe(id);
    const refresh = await s.api({ method: 'POST', url: '/api/auth/refresh' });
    expect(decodeJwt(refresh.json().dados.token as string).idCelular).toBe(id);
    expect(decodeJwt((await entrarComo(t.app, NOVO_CPF)).token).idCelular).not.toBe(id);
    // Staff keep nothing on a phone.
    expect(decodeJwt((await entrarComo(t.app, SFPA)).token).idCelular).toBeUndefined();
  });

  it('keeps a fisher\'s phone id across a rotation of JWT_SECRET once PHONE_ID_SECRET is set', async () => {
    // Decision 0069: the id comes from PHONE_ID_SECRET when set; set to the JWT_SECRET in use, no id changes.
    const id = decodeJwt((await entrarComo(t.app, PESCADOR_DEMO)).token).idCelular;
    const depois = [];
    for (let i = 0; i < 2; i++) {
      // A new random token key each time: JWT_SECRET rotated.
      const outro = await createTestApp({ now: () => agora, env: { PHONE_ID_SECRET: JWT_SECRET } });
      try {
        depois.push(decodeJwt((await entrarComo(outro.app, PESCADOR_DEMO)).token).idCelular);
      } finally {
        await outro.close();
      }
    }
    expect(depois).toEqual([id, id]);
  });

  it('signs a map user in with that user profile and agency', async () => {
    const s = await entrarComo(t.app, SFPA);
    const payload = decodeJwt(s.token);
    expect(payload.perfil).toBe(Perfil.SFPA);
    expect(payload.siglaOrgao).toBe('SFPA-PA');
    expect(payload.ufOrgao).toBe('PA');
    expect(typeof payload.idUsuarioMapa).toBe('number');
    expect(payload.nome).toBe('ANALISTA SFPA-PA DE DEMONSTRAÇÃO');
  });

  it('shows an error on the provider page for an invalid CPF and signs nobody in', async () => {
    const nav = new Navegador(t.app);
    const link = await nav.request({ method: 'GET', url: `/api/auth/link/${'a'.repeat(32)}` });
    let res = await nav.request({ method: 'GET', url: new URL(link.json().dados.url).pathname + new URL(link.json().dados.url).search });
    while (res.statusCode >= 300 && res.statusCode < 400) res = await nav.request({ method: 'GET', url: res.headers.location as string });
    expect(res.body).toContain('name="cpf"');
    const action = /action="([^"]+)"/.exec(res.body)![1]!;
    const bad = await nav.request({
      method: 'POST', url: action, payload: 'cpf=123.456.789-00', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('CPF inválido');
    expect(bad.body).toContain('aria-invalid="true"');
  });

  it('refuses a malformed link key with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/link/not-hex' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ codigo: 400, erros: [expect.stringContaining('Chave de acesso inválida')] });
  });

  it('accepts a callback state once only', async () => {
    const nav = new Navegador(t.app);
    const { code, state } = await obterCodigo(t.app, nav, GESTOR);
    const vinculo = nav.cookies.get(COOKIE_VINCULO_LOGIN)!;
    const first = await nav.request({ method: 'POST', url: '/api/auth/login', payload: { code, state }, headers: { 'x-xsrf-token': nav.xsrf } });
    expect(first.statusCode).toBe(200);
    // The binding cookie is cleared by the sign-in; a replay that still holds it meets the consumed link.
    nav.cookies.set(COOKIE_VINCULO_LOGIN, vinculo);
    const replay = await nav.request({ method: 'POST', url: '/api/auth/login', payload: { code, state }, headers: { 'x-xsrf-token': nav.xsrf } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().mensagem).toBe(MENSAGENS_AUTH.linkInvalido);
  });

  it('binds the sign-in to the browser that started it: HttpOnly, SameSite=Lax cookie on /api/auth', async () => {
    const nav = new Navegador(t.app);
    const res = await nav.request({ method: 'GET', url: `/api/auth/link/${crypto.randomBytes(16).toString('hex')}` });
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${COOKIE_VINCULO_LOGIN}=`));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/api\/auth/);
    expect(cookie).toMatch(/; Max-Age=600/);
    // Secure follows the public address: the test app's is http.
    expect(cookie).not.toMatch(/; Secure/);
  });

  it('refuses a code obtained by one browser when another presents it (login forgery), and audits it', async () => {
    const atacante = new Navegador(t.app);
    const { code, state } = await obterCodigo(t.app, atacante, NOVO_CPF);
    // The victim's browser opens the attacker's /login?code=…&state=…: fresh cookies, its own XSRF pair.
    const vitima = new Navegador(t.app);
    await vitima.request({ method: 'GET', url: '/api/health/vivo' });
    const antes = await auditoria('LOGIN_RECUSADO');
    const res = await vitima.request({ method: 'POST', url: '/api/auth/login', payload: { code, state }, headers: { 'x-xsrf-token': vitima.xsrf } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ codigo: 400, mensagem: MENSAGENS_AUTH.outroNavegador });
    expect(await auditoria('LOGIN_RECUSADO')).toBe(antes + 1);
    // A victim who had started a sign-in of their own holds a cookie for another key: refused as well.
    await vitima.request({ method: 'GET', url: `/api/auth/link/${crypto.randomBytes(16).toString('hex')}` });
    const comCookieProprio = await vitima.request({
      method: 'POST', url: '/api/auth/login', payload: { code, state }, headers: { 'x-xsrf-token': vitima.xsrf },
    });
    expect(comCookieProprio.statusCode).toBe(400);
    expect(comCookieProprio.json().mensagem).toBe(MENSAGENS_AUTH.outroNavegador);
    // The refusal consumed nothing: the browser that started the sign-in completes it, and its binding is cleared.
    const proprio = await atacante.request({ method: 'POST', url: '/api/auth/login', payload: { code, state }, headers: { 'x-xsrf-token': atacante.xsrf } });
    expect(proprio.statusCode).toBe(200);
    expect(atacante.cookies.has(COOKIE_VINCULO_LOGIN)).toBe(false);
  });

  it('answers 401 for a code the provider did not issue, and audits it', async () => {
    const nav = new Navegador(t.app);
    const chave = 'b'.repeat(32);
    await nav.request({ method: 'GET', url: `/api/auth/link/${chave}` });
    const res = await nav.request({
      method: 'POST', url: '/api/auth/login', payload: { code: 'forged', state: chave }, headers: { 'x-xsrf-token': nav.xsrf },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ codigo: 401, mensagem: MENSAGENS_AUTH.falhaGovBr, dados: { expirado: false } });
    expect(await auditoria('LOGIN_RECUSADO')).toBeGreaterThan(0);
  });
});

describe('tokens and sessions', () => {
  it('answers 401 expirado true for an expired token, and refresh issues a working one', async () => {
    const s = await entrarComo(t.app, PESCADOR_DEMO);
    const id = decodeJwt(s.token).idPescador as number;
    const ok = await s.api({ method: 'GET', url: `/api/solicitacao/totalizadores/${id}` });
    expect(ok.statusCode).toBe(200);

    const antes = agora;
    agora = new Date(antes.getTime() + (t.config.auth.tokenTtlSeconds + 5) * 1000);
    try {
      const expired = await s.api({ method: 'GET', url: `/api/solicitacao/totalizadores/${id}` });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ codigo: 401, dados: { expirado: true }, codigoErro: 'TOKEN_EXPIRADO' });

      const refresh = await s.api({ method: 'POST', url: '/api/auth/refresh' });
      expect(refresh.statusCode).toBe(200);
      const renewed = sessaoDe(s.navegador, refresh.json().dados.token as string);
      const again = await renewed.api({ method: 'GET', url: `/api/solicitacao/totalizadores/${id}` });
      expect(again.statusCode).toBe(200);
    } finally {
      agora = antes;
    }
  });

  it('answers 401 expirado false for a forged or garbled token', async () => {
    const garbled = await t.app.inject({ method: 'GET', url: '/api/analise-solicitacao/totalizadores', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(garbled.statusCode).toBe(401);
    expect(garbled.json().dados).toEqual({ expirado: false });
    const none = await t.app.inject({ method: 'GET', url: '/api/analise-solicitacao/totalizadores' });
    expect(none.statusCode).toBe(401);
    expect(none.json().dados).toEqual({ expirado: false });
  });

  it('revokes the session at logout: the same token and its refresh stop working at once', async () => {
    const s = await entrarComo(t.app, GESTOR);
    expect((await s.api({ method: 'GET', url: '/api/analise-solicitacao/totalizadores' })).statusCode).toBe(200);
    const out = await s.api({ method: 'GET', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    const url = new URL(out.json().dados.url as string);
    expect(url.pathname).toBe('/dev-idp/session/end');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/');
    const after = await s.api({ method: 'GET', url: '/api/analise-solicitacao/totalizadores' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ mensagem: MENSAGENS_AUTH.sessaoEncerrada, dados: { expirado: false } });
    const refresh = await s.api({ method: 'POST', url: '/api/auth/refresh' });
    expect(refresh.statusCode).toBe(401);
    expect(await auditoria('LOGOUT', GESTOR)).toBe(1);
    expect(await auditoria('REFRESH_RECUSADO', GESTOR)).toBe(1);
  });

  it('refuses a state-changing call whose X-XSRF-TOKEN does not match the cookie', async () => {
    const s = await entrarComo(t.app, GESTOR);
    const missing = await s.api({ method: 'POST', url: '/api/auth/refresh', headers: { 'x-xsrf-token': '' } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().mensagem).toBe(MENSAGEM_XSRF);
    const wrong = await s.api({ method: 'POST', url: '/api/auth/refresh', headers: { 'x-xsrf-token': 'f'.repeat(64) } });
    expect(wrong.statusCode).toBe(403);
    const right = await s.api({ method: 'POST', url: '/api/auth/refresh' });
    expect(right.statusCode).toBe(200);
  });

  it('rate-limits sign-in links per client address', async () => {
    const from = { remoteAddress: '198.51.100.7' };
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/link/${i.toString(16).padStart(32, '0')}`, ...from });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    const last = await t.app.inject({ method: 'GET', url: `/api/auth/link/${'e'.repeat(32)}`, ...from });
    expect(last.json()).toMatchObject({ codigo: 429, mensagem: expect.stringMatching(/^Muitas requisições/) });
    // Another address is not affected.
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/link/${'f'.repeat(32)}`, remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
  });

  it('sets the XSRF-TOKEN cookie readable by the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[0-9a-f]{64}/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });
});

describe('staff access window', () => {
  it('blocks a user on the next request once a manager blocks them', async () => {
    const s = await entrarComo(t.app, '60000000655');
    expect((await s.api({ method: 'GET', url: '/api/analise-solicitacao/totalizadores' })).statusCode).toBe(200);
    await t.db.execute(sql`UPDATE usuario SET bloqueado = true WHERE cpf = '60000000655'`);
    try {
      const res = await s.api({ method: 'GET', url: '/api/analise-solicitacao/totalizadores' });
      expect(res.statusCode).toBe(403);
      expect(res.json().mensagem).toMatch(/Usuário bloqueado/);
      await expect(entrarComo(t.app, '60000000655')).rejects.toThrow(/login failed: 403/);
    } finally {
      await t.db.execute(sql`UPDATE usuario SET bloqueado = false WHERE cpf = '60000000655'`);
    }
  });

  it('refuses sign-in outside the custom hours, saying when access opens', async () => {
    await t.db.execute(sql`
      UPDATE usuario_mapa SET hora_limite_inicio_acesso = '13:00', hora_limite_termino_acesso = '14:00'
      WHERE usuario_id = (SELECT id FROM usuario WHERE cpf = '20000000299')`);
    try {
      const nav = new Navegador(t.app);
      const { code, state } = await obterCodigo(t.app, nav, '20000000299');
      const res = await nav.request({ method: 'POST', url: '/api/auth/login', payload: { code, state }, headers: { 'x-xsrf-token': nav.xsrf } });
      expect(res.statusCode).toBe(403);
      expect(res.json().codigoErro).toBe('FORA_DO_HORARIO');
      expect(res.json().mensagem).toBe(
        'Acesso fora do horário permitido. Seu acesso é permitido de todos os dias, das 13:00 às 14:00 (horário de Brasília).');
    } finally {
      await t.db.execute(sql`
        UPDATE usuario_mapa SET hora_limite_inicio_acesso = '00:00', hora_limite_termino_acesso = '23:59'
        WHERE usuario_id = (SELECT id FROM usuario WHERE cpf = '20000000299')`);
    }
  });
});
