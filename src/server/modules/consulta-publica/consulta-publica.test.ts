import crypto from 'node:crypto';
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { AltchaVerifier } from '../../adapters/captcha/altcha';
import { connect } from '../../db/client';
import { HCaptchaVerifier } from '../../adapters/captcha/hcaptcha';
import { PgRegistroUsoUnico, type RegistroUsoUnico } from '../../adapters/captcha/uso-unico';
import { createTestApp, type TestApp } from '../../test/helpers';
import { criarPescador, novoIp, resolverCaptcha, solicitacaoDeferida, tornarAtivo } from '../carteira/carteira.test-utils';
import type { CaptchaVerifier } from '../../adapters/captcha/captcha';
import { AppError } from '../../lib/errors';
import { ContadorEmInstrucao } from '../../plugins/rate-limit-store';
import { ConsultaPublicaRepository } from './consulta-publica.repository';
import { LIMITE_CONSULTAS_POR_MINUTO } from './consulta-publica.routes';
import { ConsultaPublicaService } from './consulta-publica.service';

const CPF = '52998224725';
const OUTRO_CPF = '11144477735';
const RGP = 'PAPA00000000042';
const PROTOCOLO = '2024000000777';
const MSG_CAPTCHA = 'Token de CAPTCHA inválido ou não fornecido';
const MSG_NAO_ENCONTRADA = 'Carteira não encontrada para o CPF e o RGP informados.';

let t: TestApp;
let idPescador = 0;

beforeAll(async () => {
  t = await createTestApp();
  idPescador = await criarPescador(t.db, CPF, 'MARIA DA SILVA SOUZA');
  await tornarAtivo(t.db, idPescador);
  await t.db.execute(sql`UPDATE pescador SET cep = '66000000', logradouro = 'RUA DAS GARÇAS', email = 'maria@exemplo.com' WHERE id = ${idPescador}`);
  // What an INSS server checks by hand: form of activity, target groups, environments, areas.
  await t.db.execute(sql`UPDATE pescador SET forma_atuacao = 2,
    dados = jsonb_set(COALESCE(dados, '{}'::jsonb), '{dadosAtividadePesca}', ${JSON.stringify({
      areaPretendidaPesca: [{ idMunicipio: 1501402, tipoLocalPesca: 1, nomePopularLocalPesca: 'Rio Guamá' }, { tipoLocalPesca: 2 }],
    })}::jsonb) WHERE id = ${idPescador}`);
  await t.db.execute(sql`INSERT INTO pescador_grupo_alvo (pescador_id, grupo_alvo) VALUES (${idPescador}, 2), (${idPescador}, 1)`);
  await t.db.execute(sql`INSERT INTO pescador_ambiente_pesca (pescador_id, ambiente_pesca) VALUES (${idPescador}, 1)`);
  await criarPescador(t.db, OUTRO_CPF, 'OUTRO PESCADOR');
  await solicitacaoDeferida(t.db, idPescador, PROTOCOLO);
});
afterAll(async () => {
  await t.close();
});

function consulta(query: string, token: string | undefined, remoteAddress: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/carteira-profissional/consulta-publica?${query}`,
    remoteAddress,
    headers: token === undefined ? {} : { 'x-hcaptcha-token': token },
  });
}

function chaves(valor: unknown): string[] {
  if (Array.isArray(valor)) return valor.flatMap(chaves);
  if (valor && typeof valor === 'object') return Object.entries(valor).flatMap(([k, v]) => [k, ...chaves(v)]);
  return [];
}

describe('GET /api/captcha/desafio', () => {
  it('hands out an ALTCHA v2 challenge, signed, expiring in minutes, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/desafio', remoteAddress: novoIp() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = res.json().dados;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 500, keyLength: 32 });
    expect(parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const restante = parameters.expiresAt - Date.now() / 1000;
    expect(restante).toBeGreaterThan(240);
    expect(restante).toBeLessThanOrEqual(300);
  });

  it('tells the browser to show ALTCHA, and lets no third-party origin in the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/configuracao' });
    expect(res.statusCode).toBe(200);
    expect(res.json().dados).toEqual({ tipo: 'altcha' });
    expect(res.headers['content-security-policy']).not.toContain('hcaptcha');
  });

  it('with hCaptcha configured: no challenge (404), the site key for the widget, and hCaptcha\'s origins in the CSP', async () => {
    const siteKey = '10000000-ffff-ffff-ffff-000000000001';
    const h = await createTestApp({ env: { HCAPTCHA_SECRET: '0x0000000000000000000000000000000000000000', HCAPTCHA_SITEKEY: siteKey } });
    try {
      const res = await h.app.inject({ method: 'GET', url: '/api/captcha/desafio' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ codigo: 404, mensagem: 'Captcha externo configurado' });
      const config = await h.app.inject({ method: 'GET', url: '/api/captcha/configuracao' });
      expect(config.json().dados).toEqual({ tipo: 'hcaptcha', siteKey });
      const csp = config.headers['content-security-policy'] as string;
      for (const diretiva of ['script-src', 'frame-src', 'style-src', 'connect-src']) {
        expect(csp).toMatch(new RegExp(`${diretiva} [^;]*https://\\*\\.hcaptcha\\.com`));
      }
      const semToken = await h.app.inject({ method: 'GET', url: `/api/carteira-profissional/consulta-publica?cpf=${CPF}&rgp=${RGP}` });
      expect(semToken.statusCode).toBe(403);
    } finally {
      await h.close();
    }
  });
});

describe('captcha of the public lookups', () => {
  it('refuses a missing token with 403 and the message of the specification, and audits it', async () => {
    const ip = novoIp();
    const res = await consulta(`cpf=${CPF}&rgp=${RGP}`, undefined, ip);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ codigo: 403, mensagem: MSG_CAPTCHA, erros: [MSG_CAPTCHA], codigoErro: 'CAPTCHA_INVALIDO' });
    const { rows } = await t.db.execute<{ sucesso: boolean; detalhes: unknown }>(sql`
      SELECT sucesso, detalhes FROM auditoria WHERE acao = 'CONSULTA_PUBLICA_CARTEIRA' AND ip = ${ip}`);
    expect(rows).toEqual([{ sucesso: false, detalhes: { motivo: 'captcha_ausente' } }]);
  });

  it('refuses wrong tokens: garbage, the widget\'s test payload, a forged key, a tampered challenge', async () => {
    const ip = novoIp();
    const valido = JSON.parse(Buffer.from(await resolverCaptcha(t.app, ip), 'base64').toString()) as {
      challenge: { parameters: Record<string, unknown>; signature: string };
      solution: { counter: number; derivedKey: string };
    };
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    const errados = [
      'isto-nao-e-um-token',
      '',
      b64({ challenge: null, solution: null, test: true }),
      b64({ ...valido, solution: { counter: valido.solution.counter, derivedKey: '00'.repeat(32) } }),
      b64({ ...valido, challenge: { ...valido.challenge, parameters: { ...valido.challenge.parameters, cost: 1 } } }),
      b64({ ...valido, challenge: { ...valido.challenge, signature: 'f'.repeat(64) } }),
      'A'.repeat(10_000),
    ];
    for (const token of errados) {
      const res = await consulta(`cpf=${CPF}&rgp=${RGP}`, token, ip);
      expect(res.statusCode, token.slice(0, 40)).toBe(403);
      expect(res.json().mensagem).toBe(MSG_CAPTCHA);
    }
    // The genuine solution was not spent by the failed attempts.
    expect((await consulta(`cpf=${CPF}&rgp=${RGP}`, b64(valido), ip)).statusCode).toBe(200);
  });

  it('accepts a solved challenge once: a second use is refused', async () => {
    const ip = novoIp();
    const token = await resolverCaptcha(t.app, ip);
    expect((await consulta(`cpf=${CPF}&rgp=${RGP}`, token, ip)).statusCode).toBe(200);
    const again = await consulta(`cpf=${CPF}&rgp=${RGP}`, token, ip);
    expect(again.statusCode).toBe(403);
    expect(again.json().mensagem).toBe(MSG_CAPTCHA);
    // From another address too.
    expect((await consulta(`cpf=${CPF}&rgp=${RGP}`, token, novoIp())).statusCode).toBe(403);
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM captcha_usado`);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('refuses an expired challenge', async () => {
    const registro: RegistroUsoUnico = { consumir: async () => true };
    const curto = new AltchaVerifier({ segredo: 'k'.repeat(32), registro, validadeSegundos: 1, contadorMinimo: 1, contadorMaximo: 5 });
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/pbkdf2');
    const challenge = await curto.desafio();
    const solution = await solveChallenge({ challenge, deriveKey });
    const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await curto.verificar(token, '127.0.0.1')).toBe(false);
  });
});

describe('ALTCHA verification with node:crypto (decision 0040)', () => {
  it('agrees with altcha-lib\'s verifySolution on genuine and tampered payloads, and refuses a challenge without a key signature', async () => {
    const segredo = 'z'.repeat(40);
    const verificador = new AltchaVerifier({ segredo, registro: { consumir: async () => true }, custo: 1, contadorMinimo: 1, contadorMaximo: 3 });
    // The same two keys the verifier derives from its secret.
    const sub = (rotulo: string) => crypto.createHmac('sha256', segredo).update(rotulo).digest('hex');
    const chaves = { hmacSignatureSecret: sub('rgp:altcha:assinatura'), hmacKeySignatureSecret: sub('rgp:altcha:chave-derivada') };
    const challenge = await verificador.desafio();
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const p = challenge.parameters;
    const casos = [
      { challenge, solution },
      { challenge, solution: { ...solution, derivedKey: solution.derivedKey.toUpperCase() } },
      { challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } },
      { challenge, solution: { ...solution, counter: -1 } },
      { challenge: { ...challenge, parameters: { ...p, nonce: `${p.nonce}0` } }, solution },
      { challenge: { ...challenge, parameters: { ...p, keySignature: '0'.repeat(64) } }, solution },
      { challenge: { ...challenge, signature: '0'.repeat(64) }, solution },
    ];
    for (const caso of casos) {
      const token = Buffer.from(JSON.stringify(caso)).toString('base64');
      const referencia = (await verifySolution({ ...caso, deriveKey, ...chaves })).verified;
      expect(await verificador.verificar(token, '127.0.0.1'), JSON.stringify(caso).slice(0, 80)).toBe(referencia);
    }
    // Signed with our key but without a key signature: altcha-lib would derive the key (PBKDF2, as often as an
    // attacker asks); this server never issues such a challenge and refuses it unread.
    const semAssinaturaDaChave = await createChallenge({
      algorithm: 'PBKDF2/SHA-256', cost: 1, counter: 2, deriveKey, expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: chaves.hmacSignatureSecret,
    });
    const s2 = (await solveChallenge({ challenge: semAssinaturaDaChave, deriveKey }))!;
    const token = Buffer.from(JSON.stringify({ challenge: semAssinaturaDaChave, solution: s2 })).toString('base64');
    expect((await verifySolution({ challenge: semAssinaturaDaChave, solution: s2, deriveKey, ...chaves })).verified).toBe(true);
    expect(await verificador.verificar(token, '127.0.0.1')).toBe(false);
  });
});

describe('one-time record (captcha_usado)', () => {
  it('accepts a key once, atomically, and purges expired rows on the way', async () => {
    await t.db.execute(sql`INSERT INTO captcha_usado (assinatura, expira_em) VALUES ('velho', now() - interval '1 hour')`);
    const registro = new PgRegistroUsoUnico(t.db);
    const expira = new Date(Date.now() + 60_000);
    const resultados = await Promise.all(Array.from({ length: 5 }, () => registro.consumir('chave-unica', expira)));
    expect(resultados.filter(Boolean)).toHaveLength(1);
    expect(await registro.consumir('chave-unica', expira)).toBe(false);
    expect(await registro.consumir('x'.repeat(129), expira)).toBe(false);
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM captcha_usado WHERE assinatura = 'velho'`);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('hCaptcha verifier', () => {
  it('asks siteverify with the secret and the IP, and spends each token once', async () => {
    const usados = new Set<string>();
    const registro: RegistroUsoUnico = { consumir: async (k) => (usados.has(k) ? false : (usados.add(k), true)) };
    const pedidos: string[] = [];
    const fakeFetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      pedidos.push(String(init?.body));
      const ok = new URLSearchParams(String(init?.body)).get('response') === 'bom';
      return new Response(JSON.stringify({ success: ok }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const h = new HCaptchaVerifier({ segredo: 'segredo-hcaptcha', registro, fetch: fakeFetch });
    expect(h.desafio()).toBeNull();
    expect(await h.verificar('ruim', '10.0.0.1')).toBe(false);
    expect(await h.verificar('bom', '10.0.0.1')).toBe(true);
    expect(await h.verificar('bom', '10.0.0.1')).toBe(false);
    expect(await h.verificar('', '10.0.0.1')).toBe(false);
    expect(pedidos[0]).toContain('secret=segredo-hcaptcha');
    expect(pedidos[0]).toContain('remoteip=10.0.0.1');
    expect([...usados][0]).not.toContain('bom');
  });

  it('answers 503 (not "invalid token") when hCaptcha cannot be reached', async () => {
    const falha = (async () => { throw new Error('offline'); }) as typeof fetch;
    const h = new HCaptchaVerifier({ segredo: 's', registro: { consumir: async () => true }, fetch: falha });
    await expect(h.verificar('x', '10.0.0.1')).rejects.toMatchObject({ codigo: 503 });
  });
});

describe('GET /api/carteira-profissional/consulta-publica', () => {
  it('answers the right pair with the minimal fields and nothing else', async () => {
    const ip = novoIp();
    const res = await consulta(`cpf=${CPF}&rgp=${RGP}`, await resolverCaptcha(t.app, ip), ip);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.dados).toEqual({
      nome: 'MARIA DA SILVA SOUZA',
      situacao: 1,
      situacaoDescricao: 'Ativo',
      categoria: 2,
      categoriaDescricao: 'Artesanal',
      municipio: 'Belém',
      uf: 'PA',
      numeroRGP: 'PA-PA-00000000042',
      dataPrimeiroRgp: '2015-03-10',
      formaAtuacaoDescricao: 'Desembarcado',
      gruposAlvo: ['Peixes', 'Crustáceos (camarão, caranguejo, lagosta, siri)'],
      ambientesPesca: ['Continental (água doce)'],
      areasPesca: ['Rio – Rio Guamá', 'Lago ou lagoa'],
      // No history line set it active: the card's first issue (2024-05-20, 10:00 in São Paulo).
      ativoDesde: '2024-05-20',
    });
    expect(chaves(body)).not.toContain('cpf');
    expect(res.body).not.toContain(CPF);
    expect(res.body).not.toMatch(/GARÇAS|66000000|maria@exemplo/);
  });

  it('accepts the CPF masked and the RGP number as displayed', async () => {
    const ip = novoIp();
    const res = await consulta(`cpf=529.982.247-25&rgp=pa-pa-00000000042`, await resolverCaptcha(t.app, ip), ip);
    expect(res.statusCode).toBe(200);
    expect(res.json().dados.numeroRGP).toBe('PA-PA-00000000042');
  });

  it('answers the same 404 for a wrong CPF or a wrong RGP number', async () => {
    const ip = novoIp();
    const cpfErrado = await consulta(`cpf=${OUTRO_CPF}&rgp=${RGP}`, await resolverCaptcha(t.app, ip), ip);
    const rgpErrado = await consulta(`cpf=${CPF}&rgp=PAPA00000000043`, await resolverCaptcha(t.app, ip), ip);
    for (const res of [cpfErrado, rgpErrado]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ codigo: 404, mensagem: MSG_NAO_ENCONTRADA, erros: [MSG_NAO_ENCONTRADA], codigoErro: 'NAO_ENCONTRADO' });
    }
    expect(cpfErrado.body).toBe(rgpErrado.body);
  });

  it('refuses a malformed RGP number or CPF with 400 before spending the captcha', async () => {
    const ip = novoIp();
    const token = await resolverCaptcha(t.app, ip);
    const rgp = await consulta(`cpf=${CPF}&rgp=XXPA123`, token, ip);
    expect(rgp.statusCode).toBe(400);
    expect(rgp.json().mensagem).toBe('RGP inválido');
    const cpf = await consulta(`cpf=12345678900&rgp=${RGP}`, token, ip);
    expect(cpf.statusCode).toBe(400);
    expect(cpf.json().mensagem).toBe('CPF inválido');
    expect((await consulta(`cpf=${CPF}&rgp=${RGP}`, token, ip)).statusCode).toBe(200);
  });

  it('audits every lookup with the IP and without the CPF or the RGP number typed', async () => {
    const ip = novoIp();
    await consulta(`cpf=${CPF}&rgp=${RGP}`, await resolverCaptcha(t.app, ip), ip);
    await consulta(`cpf=${OUTRO_CPF}&rgp=${RGP}`, await resolverCaptcha(t.app, ip), ip);
    const { rows } = await t.db.execute<{ sucesso: boolean; recurso_id: string | null; cpf_ator: string | null; detalhes: unknown }>(sql`
      SELECT sucesso, recurso_id, cpf_ator, detalhes FROM auditoria
      WHERE acao = 'CONSULTA_PUBLICA_CARTEIRA' AND ip = ${ip} ORDER BY id`);
    expect(rows).toEqual([
      { sucesso: true, recurso_id: String(idPescador), cpf_ator: null, detalhes: null },
      { sucesso: false, recurso_id: null, cpf_ator: null, detalhes: { motivo: 'nao_encontrada' } },
    ]);
    const todos = await t.db.execute<{ t: string }>(sql`
      SELECT coalesce(string_agg(detalhes::text, ' '), '') AS t FROM auditoria WHERE acao LIKE 'CONSULTA_PUBLICA_%'`);
    expect(todos.rows[0]!.t).not.toContain(CPF);
    expect(todos.rows[0]!.t).not.toContain(OUTRO_CPF);
    expect(todos.rows[0]!.t).not.toContain('00000000042');
  });

  it('spends each of many concurrent tokens once, and audits each lookup, grouped or not', async () => {
    const ip = novoIp();
    const tokens = await Promise.all(Array.from({ length: 8 }, () => resolverCaptcha(t.app, ip)));
    const primeira = await Promise.all([...tokens, ...tokens].map((tk) => consulta(`cpf=${CPF}&rgp=${RGP}`, tk, ip)));
    expect(primeira.filter((r) => r.statusCode === 200)).toHaveLength(8);
    expect(primeira.filter((r) => r.statusCode === 403)).toHaveLength(8);
    const { rows } = await t.db.execute<{ sucesso: boolean; n: number }>(sql`
      SELECT sucesso, count(*)::int AS n FROM auditoria WHERE acao = 'CONSULTA_PUBLICA_CARTEIRA' AND ip = ${ip}
      GROUP BY sucesso ORDER BY sucesso`);
    expect(rows).toEqual([{ sucesso: false, n: 8 }, { sucesso: true, n: 8 }]);
  });

  it('never loses an answered lookup\'s audit row to a clean shutdown', async () => {
    const handle = connect(t.config.database.url!, 5);
    const outra = await buildApp({ config: t.config, db: handle.db, jwtSecret: crypto.randomBytes(32), logger: false, fila: t.jobs.fila });
    await outra.ready();
    const ip = novoIp();
    try {
      const respostas = await Promise.all(Array.from({ length: 5 }, async () => outra.inject({
        method: 'GET', url: `/api/carteira-profissional/consulta-publica?cpf=${CPF}&rgp=${RGP}`, remoteAddress: ip,
        headers: { 'x-hcaptcha-token': await resolverCaptcha(outra, ip) },
      })));
      expect(respostas.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await outra.close();
      await handle.close();
    }
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'CONSULTA_PUBLICA_CARTEIRA' AND ip = ${ip} AND sucesso`);
    expect(rows[0]!.n).toBe(5);
  });

  it(`limits each client to ${LIMITE_CONSULTAS_POR_MINUTO} lookups a minute (429 in the envelope)`, async () => {
    const ip = novoIp();
    for (let i = 0; i < LIMITE_CONSULTAS_POR_MINUTO; i++) {
      expect((await consulta(`cpf=${CPF}&rgp=${RGP}`, undefined, ip)).statusCode).toBe(403);
    }
    const res = await consulta(`cpf=${CPF}&rgp=${RGP}`, undefined, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ codigo: 429, erros: [expect.stringMatching(/^Muitas requisições/)] });
    expect(res.json().mensagem).toMatch(/^Muitas requisições/);
    // Another client is not affected.
    expect((await consulta(`cpf=${CPF}&rgp=${RGP}`, undefined, novoIp())).statusCode).toBe(403);
  });
});

describe('the card lookup in one statement (decision 0164)', () => {
  it('counts its limit, spends the token, reads the card and audits in one statement on the pool', async () => {
    const ip = novoIp();
    const token = await resolverCaptcha(t.app, ip);
    const textos: string[] = [];
    const pool = t.db.$client as unknown as { query: (...a: unknown[]) => unknown };
    const original = pool.query;
    pool.query = function (this: unknown, ...a: unknown[]) {
      const q = a[0] as string | { text: string };
      const texto = typeof q === 'string' ? q : q.text;
      // The purges of expired counters and tokens (at most once a minute) are not the lookup's.
      if (/limite_requisicao|captcha_usado|auditoria|FROM pescador/.test(texto) && !/^\s*DELETE/i.test(texto)) textos.push(texto);
      return original.apply(this, a);
    };
    try {
      const res = await consulta(`cpf=${CPF}&rgp=${RGP}`, token, ip);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(LIMITE_CONSULTAS_POR_MINUTO));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMITE_CONSULTAS_POR_MINUTO - 1));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    } finally {
      pool.query = original;
    }
    expect(textos).toHaveLength(1);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT (SELECT count(*)::int FROM auditoria WHERE acao = 'CONSULTA_PUBLICA_CARTEIRA' AND ip = ${ip} AND sucesso
                AND recurso_id = ${String(idPescador)}) AS n`);
    expect(rows[0]!.n).toBe(1);
  });

  it('counts a query the schema refuses against the limit, and spends no token and writes no audit past it', async () => {
    const ip = novoIp();
    for (let i = 0; i < LIMITE_CONSULTAS_POR_MINUTO; i++) {
      const res = await consulta(`cpf=123&rgp=${RGP}`, undefined, ip);
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMITE_CONSULTAS_POR_MINUTO - 1 - i));
    }
    const token = await resolverCaptcha(t.app, ip);
    const res = await consulta(`cpf=${CPF}&rgp=${RGP}`, token, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().mensagem).toMatch(/^Muitas requisições\. Tente novamente em \d+ segundos\.$/);
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const assinatura = (JSON.parse(Buffer.from(token, 'base64').toString()) as { challenge: { signature: string } }).challenge.signature;
    const { rows } = await t.db.execute<{ gastos: number; auditados: number }>(sql`
      SELECT (SELECT count(*)::int FROM captcha_usado WHERE assinatura = ${`altcha:${assinatura}`}) AS gastos,
             (SELECT count(*)::int FROM auditoria WHERE acao = 'CONSULTA_PUBLICA_CARTEIRA' AND ip = ${ip}) AS auditados`);
    expect(rows[0]).toEqual({ gastos: 0, auditados: 0 });
  });

  it('with a third-party captcha (hCaptcha), counts the limit before asking it, and counts a request it could not check', async () => {
    let perguntas = 0;
    let fora = false;
    const externo: CaptchaVerifier = {
      externo: true,
      desafio: () => null,
      verificar: async () => false,
      conferir: async () => {
        perguntas++;
        if (fora) throw new AppError(503, 'indisponível');
        return { chave: `hcaptcha:${crypto.randomBytes(16).toString('hex')}`, expiraEm: new Date(Date.now() + 60_000) };
      },
    };
    const servico = new ConsultaPublicaService(externo, new ContadorEmInstrucao(t.db, 'GET', '/teste-hcaptcha'),
      new ConsultaPublicaRepository(t.db), {} as never, {} as never);
    const ip = novoIp();
    const limite = { chaveCliente: ip, max: 3, janelaMs: 60_000 };
    const q = { cpf: CPF, rgp: RGP };
    expect((await servico.consultarCarteira(q, 'token', ip, limite))?.nome).toBe('MARIA DA SILVA SOUZA');
    fora = true;
    await expect(servico.consultarCarteira(q, 'token', ip, limite)).rejects.toMatchObject({ codigo: 503 });
    fora = false;
    expect((await servico.consultarCarteira(q, 'token', ip, limite))?.nome).toBe('MARIA DA SILVA SOUZA');
    await expect(servico.consultarCarteira(q, 'token', ip, limite)).rejects.toMatchObject({ codigo: 429 });
    expect(perguntas).toBe(3);
    const { rows } = await t.db.execute<{ contagem: number }>(sql`SELECT contagem FROM limite_requisicao WHERE chave = ${`GET/teste-hcaptcha-${ip}`}`);
    expect(rows).toEqual([{ contagem: 4 }]);
  });

  it('with the rate limits in memory (RATE_LIMIT_STORE=memoria): the same answers, the limit counted by the route', async () => {
    const m = await createTestApp({ env: { RATE_LIMIT_STORE: 'memoria' } });
    try {
      const ip = novoIp();
      const primeira = await m.app.inject({
        method: 'GET', url: `/api/carteira-profissional/consulta-publica?cpf=${CPF}&rgp=${RGP}`, remoteAddress: ip,
        headers: { 'x-hcaptcha-token': await resolverCaptcha(m.app, ip) },
      });
      expect(primeira.statusCode).toBe(404);
      expect(primeira.headers['x-ratelimit-remaining']).toBe(String(LIMITE_CONSULTAS_POR_MINUTO - 1));
      for (let i = 1; i < LIMITE_CONSULTAS_POR_MINUTO; i++) {
        expect((await m.app.inject({ method: 'GET', url: `/api/carteira-profissional/consulta-publica?cpf=${CPF}&rgp=${RGP}`, remoteAddress: ip })).statusCode).toBe(403);
      }
      const res = await m.app.inject({ method: 'GET', url: `/api/carteira-profissional/consulta-publica?cpf=${CPF}&rgp=${RGP}`, remoteAddress: ip });
      expect(res.statusCode).toBe(429);
      const { rows } = await m.db.execute<{ sucesso: boolean; detalhes: unknown }>(sql`
        SELECT sucesso, detalhes FROM auditoria WHERE acao = 'CONSULTA_PUBLICA_CARTEIRA' AND ip = ${ip} ORDER BY id`);
      expect(rows).toHaveLength(LIMITE_CONSULTAS_POR_MINUTO);
      expect(rows[0]).toEqual({ sucesso: false, detalhes: { motivo: 'nao_encontrada' } });
      expect(rows[1]).toEqual({ sucesso: false, detalhes: { motivo: 'captcha_ausente' } });
      expect((await m.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM limite_requisicao`)).rows[0]!.n).toBe(0);
    } finally {
      await m.close();
    }
  });
});

describe('GET /api/pescador/protocolo-solicitacao-registro/{numero}', () => {
  const url = (n: string) => `/api/pescador/protocolo-solicitacao-registro/${n}`;

  it('answers the request by its protocol number, with the name masked', async () => {
    const ip = novoIp();
    const res = await t.app.inject({ method: 'GET', url: url(PROTOCOLO), remoteAddress: ip, headers: { 'x-hcaptcha-token': await resolverCaptcha(t.app, ip) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().dados).toEqual({
      numeroProtocolo: PROTOCOLO,
      tipo: 1,
      tipoDescricao: 'Registro inicial',
      situacao: 4,
      situacaoDescricao: 'Deferida',
      dataEnvio: '2024-05-02T14:30:00.000Z',
      nome: 'MARIA S. S.',
      uf: 'PA',
    });
    expect(chaves(res.json())).not.toContain('cpf');
    const { rows } = await t.db.execute<{ sucesso: boolean }>(sql`
      SELECT sucesso FROM auditoria WHERE acao = 'CONSULTA_PUBLICA_PROTOCOLO' AND ip = ${ip}`);
    expect(rows).toEqual([{ sucesso: true }]);
  });

  it('needs the captcha, answers 404 for an unknown number and 400 for a malformed one', async () => {
    const ip = novoIp();
    const sem = await t.app.inject({ method: 'GET', url: url(PROTOCOLO), remoteAddress: ip });
    expect(sem.statusCode).toBe(403);
    expect(sem.json().mensagem).toBe(MSG_CAPTCHA);
    const desconhecido = await t.app.inject({ method: 'GET', url: url('2024000000778'), remoteAddress: ip, headers: { 'x-hcaptcha-token': await resolverCaptcha(t.app, ip) } });
    expect(desconhecido.statusCode).toBe(404);
    expect(desconhecido.json().mensagem).toBe('Protocolo não encontrado.');
    const malformado = await t.app.inject({ method: 'GET', url: url('abc'), remoteAddress: ip });
    expect(malformado.statusCode).toBe(400);
    expect(malformado.json().mensagem).toBe('Número de protocolo inválido.');
  });

  it('does not answer by request id', async () => {
    const { rows } = await t.db.execute<{ id: number }>(sql`SELECT id FROM solicitacao WHERE numero_protocolo = ${PROTOCOLO}`);
    const ip = novoIp();
    const res = await t.app.inject({
      method: 'GET', url: url(String(rows[0]!.id).padStart(4, '0')), remoteAddress: ip,
      headers: { 'x-hcaptcha-token': await resolverCaptcha(t.app, ip) },
    });
    expect(res.statusCode).toBe(404);
  });
});
