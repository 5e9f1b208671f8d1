import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';

/** Notifications are the signed-in fisher's only. */
let t: TestApp;
const s: Record<string, Sessao> = {};
let idNotificacao = 0;

const STAFF = ['gestor', 'mpa', 'sfpa', 'admin', 'consultaInterno', 'consultaExterno'] as const;

beforeAll(async () => {
  t = await createTestApp();
  const cpfs = {
    gestor: '10000000108', mpa: '20000000299', sfpa: '30000000388', admin: '50000000566',
    consultaInterno: '60000000655', consultaExterno: '70000000744', pescador: '40000000477', outro: '52998224725',
  };
  for (const [k, cpf] of Object.entries(cpfs)) s[k] = await entrarComo(t.app, cpf);
  const id = decodeJwt(s.pescador!.token).idPescador as number;
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO notificacao (pescador_id, tipo, conteudo) VALUES (${id}, 1, 'Sua solicitação foi indeferida.') RETURNING id`);
  idNotificacao = rows[0]!.id;
});
afterAll(async () => {
  await t.close();
});

async function lida() {
  const { rows } = await t.db.execute<{ lida: boolean }>(sql`SELECT lida_em IS NOT NULL AS lida FROM notificacao WHERE id = ${idNotificacao}`);
  return rows[0]!.lida;
}

describe('GET /api/notificacao', () => {
  it("shows a fisher only their own: another fisher's list does not hold it", async () => {
    expect((await s.pescador!.api({ method: 'GET', url: '/api/notificacao' })).json().dados).toHaveLength(1);
    const outro = await s.outro!.api({ method: 'GET', url: '/api/notificacao' });
    expect(outro.statusCode).toBe(200);
    expect(outro.json().dados).toEqual([]);
  });

  it.each(STAFF)('refuses %s (fishers only)', async (who) => {
    expect((await s[who]!.api({ method: 'GET', url: '/api/notificacao' })).statusCode).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notificacao' })).statusCode).toBe(401);
  });
});

describe('POST /api/notificacao/{id}/leitura', () => {
  const url = () => `/api/notificacao/${idNotificacao}/leitura`;

  it("refuses another fisher's notification with 403 and leaves it unread", async () => {
    const res = await s.outro!.api({ method: 'POST', url: url() });
    expect(res.statusCode).toBe(403);
    expect(res.json().mensagem).toBe('Esta notificação não pertence a você.');
    expect(await lida()).toBe(false);
  });

  it.each(STAFF)('refuses %s', async (who) => {
    expect((await s[who]!.api({ method: 'POST', url: url() })).statusCode).toBe(403);
    expect(await lida()).toBe(false);
  });

  it('answers 401 without a token, and 403 without the anti-forgery header', async () => {
    const anon = await t.app.inject({ method: 'POST', url: url(), headers: { cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x' } });
    expect(anon.statusCode).toBe(401);
    expect((await s.pescador!.api({ method: 'POST', url: url(), headers: { 'x-xsrf-token': 'forjado' } })).statusCode).toBe(403);
    expect(await lida()).toBe(false);
  });

  it('lets the fisher confirm it', async () => {
    expect((await s.pescador!.api({ method: 'POST', url: url() })).statusCode).toBe(200);
    expect(await lida()).toBe(true);
  });
});
