import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfComDigitos } from '../../../shared/cpf';
import { hojeSaoPaulo } from '../../../shared/datas';
import type { PaginaEventos, SituacaoPescadorIntegracao } from '../../../shared/schemas/integracao';
import { createTestApp, entrarComo, type TestApp } from '../../test/helpers';
import { novoPescador } from '../solicitacao/passos.test-utils';
import { ClienteIntegracaoRepository } from './cliente.repository';
import { cpfAdmin, novoClienteDeTeste, pedirToken, type ClienteDeTeste } from './integracao.fixtures';

let t: TestApp;
let cliente: ClienteDeTeste;

beforeAll(async () => {
  t = await createTestApp();
  cliente = await novoClienteDeTeste(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let proximo = 880_000_000;
async function pescador(campos: { situacao?: number; uf?: string; municipio?: number | null; primeiroRgp?: string | null } = {}): Promise<{ id: number; cpf: string }> {
  const cpf = cpfComDigitos(proximo++);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO pescador (cpf, nome, uf, municipio_id, categoria, forma_atuacao, situacao_registro, data_primeiro_rgp, numero_rgp)
    VALUES (${cpf}, 'Pescador de Integração', ${campos.uf ?? 'PA'}, ${campos.municipio === undefined ? 1501402 : campos.municipio}, 2, 1,
      ${campos.situacao ?? null}, ${campos.primeiroRgp === undefined ? '2015-03-10' : campos.primeiroRgp}, ${`PAPA${cpf.slice(0, 11)}`})
    RETURNING id`);
  return { id: rows[0]!.id, cpf };
}

async function consultar(token: string, cpfs: string[], finalidade = 'Concessão do Seguro-Defeso') {
  return cliente.api(token, { method: 'POST', url: '/api/integracao/pescadores/consulta', payload: { cpfs, finalidade } });
}

async function pagina(token: string, cursor?: string, limite = 100): Promise<PaginaEventos> {
  const q = new URLSearchParams({ limite: String(limite), ...(cursor ? { cursor } : {}) });
  const res = await cliente.api(token, { method: 'GET', url: `/api/integracao/eventos?${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados as PaginaEventos;
}

/** Every event from `cursor` to the end as the feed hands them out, page by page. */
async function lerTudo(token: string, cursor?: string, limite = 7): Promise<{ ids: string[]; cursor: string }> {
  const ids: string[] = [];
  let c = cursor;
  for (;;) {
    const p = await pagina(token, c, limite);
    ids.push(...p.eventos.map((e) => e.id));
    c = p.proximoCursor;
    if (p.fim) return { ids, cursor: c };
  }
}

describe('the token endpoint (client credentials)', () => {
  it('gives a short-lived token for the secret in Basic or in the body, and nothing for a wrong one', async () => {
    const { clientId, clientSecret } = cliente.credencial;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const r1 = await pedirToken(t.app, { grant_type: 'client_credentials' }, basic);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.headers['cache-control']).toBe('no-store');
    expect(r1.json()).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'integracao.consultar integracao.eventos integracao.listas' });
    const r2 = await pedirToken(t.app, { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret!, scope: 'integracao.eventos' });
    expect(r2.json()).toMatchObject({ scope: 'integracao.eventos' });

    const errado = await pedirToken(t.app, { grant_type: 'client_credentials' }, Buffer.from(`${clientId}:outro`).toString('base64'));
    expect(errado.statusCode).toBe(401);
    expect(errado.json()).toMatchObject({ error: 'invalid_client' });
    expect(errado.headers['www-authenticate']).toContain('Basic');
    const grant = await pedirToken(t.app, { grant_type: 'password', client_id: clientId, client_secret: clientSecret! });
    expect(grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('refuses a scope the client was not given', async () => {
    const so = await novoClienteDeTeste(t.app, ['integracao.eventos'], {}, cliente.admin);
    const r = await pedirToken(t.app, {
      grant_type: 'client_credentials', client_id: so.credencial.clientId, client_secret: so.credencial.clientSecret!, scope: 'integracao.consultar',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('accepts private_key_jwt signed by the registered key, for the token endpoint only', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const c = await novoClienteDeTeste(t.app, ['integracao.eventos'], { metodoAutenticacao: 'private_key_jwt', chavePublica: jwk }, cliente.admin);
    expect(c.credencial.clientSecret).toBeNull();
    const assercao = (aud: string) => new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).setIssuer(c.credencial.clientId)
      .setSubject(c.credencial.clientId).setAudience(aud).setIssuedAt().setExpirationTime('2m').setJti(crypto.randomUUID()).sign(privateKey);
    const tipo = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
    const ok = await pedirToken(t.app, { grant_type: 'client_credentials', client_assertion_type: tipo, client_assertion: await assercao(c.credencial.tokenUrl) });
    expect(ok.statusCode, ok.body).toBe(200);
    const token = (ok.json() as { access_token: string }).access_token;
    expect((await cliente.api(token, { method: 'GET', url: '/api/integracao/eventos' })).statusCode).toBe(200);

    const outraAud = await pedirToken(t.app, { grant_type: 'client_credentials', client_assertion_type: tipo, client_assertion: await assercao('https://outro.gov.br/token') });
    expect(outraAud.statusCode).toBe(401);
    const { privateKey: outra } = await generateKeyPair('ES256');
    const forjada = await new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).setIssuer(c.credencial.clientId).setSubject(c.credencial.clientId)
      .setAudience(c.credencial.tokenUrl).setIssuedAt().setExpirationTime('2m').setJti('x').sign(outra);
    expect((await pedirToken(t.app, { grant_type: 'client_credentials', client_assertion_type: tipo, client_assertion: forjada })).statusCode).toBe(401);
    // Issued "in a year" with five minutes of life: it would be good for a year from now, so it is refused.
    const futuro = Math.floor(Date.now() / 1000) + 365 * 86_400;
    const adiantada = await new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).setIssuer(c.credencial.clientId).setSubject(c.credencial.clientId)
      .setAudience(c.credencial.tokenUrl).setIssuedAt(futuro).setExpirationTime(futuro + 300).setJti(crypto.randomUUID()).sign(privateKey);
    expect((await pedirToken(t.app, { grant_type: 'client_credentials', client_assertion_type: tipo, client_assertion: adiantada })).statusCode).toBe(401);
  });

  it('refuses a private_key_jwt assertion used once already until its expiry, then forgets it', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const c = await novoClienteDeTeste(t.app, ['integracao.eventos'], { metodoAutenticacao: 'private_key_jwt', chavePublica: jwk }, cliente.admin);
    const outro = await novoClienteDeTeste(t.app, ['integracao.eventos'], { metodoAutenticacao: 'private_key_jwt', chavePublica: jwk }, cliente.admin);
    const tipo = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
    const assercao = (clientId: string, jti: string) => new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).setIssuer(clientId)
      .setSubject(clientId).setAudience(c.credencial.tokenUrl).setIssuedAt().setExpirationTime('2m').setJti(jti).sign(privateKey);
    const jti = crypto.randomUUID();
    const primeira = await assercao(c.credencial.clientId, jti);
    const ok = await pedirToken(t.app, { grant_type: 'client_credentials', client_assertion_type: tipo, client_assertion: primeira });
    expect(ok.statusCode, ok.body).toBe(200);
    // The very same assertion, and a new one reusing its jti, are both refused.
    const repetida = await pedirToken(t.app, { grant_type: 'client_credentials', client_assertion_type: tipo, client_assertion: primeira });
    expect(repetida.statusCode).toBe(401);
    expect(repetida.json()).toMatchObject({ error: 'invalid_client', error_description: expect.stringContaining('já usada') });
    const mesmoJti = await pedirToken(t.app, { grant_type: 'client_credentials', client_assertion_type: tipo, client_assertion: await assercao(c.credencial.clientId, jti) });
    expect(mesmoJti.statusCode).toBe(401);
    // The jti is remembered per client: another client may happen to use the same value.
    const deOutro = await pedirToken(t.app, { grant_type: 'client_credentials', client_assertion_type: tipo, client_assertion: await assercao(outro.credencial.clientId, jti) });
    expect(deOutro.statusCode, deOutro.body).toBe(200);

    const { rows } = await t.db.execute<{ expira_em: Date; cliente_id: number }>(sql`
      SELECT a.expira_em, a.cliente_id FROM assercao_cliente_usada a JOIN cliente_integracao c ON c.id = a.cliente_id
      WHERE a.jti = ${jti} AND c.identificador = ${c.credencial.clientId}`);
    expect(rows).toHaveLength(1);
    const expira = new Date(rows[0]!.expira_em);
    // Kept for the assertion's two minutes plus the clock tolerance, no longer.
    expect(expira.getTime() - Date.now()).toBeGreaterThan(100_000);
    expect(expira.getTime() - Date.now()).toBeLessThanOrEqual(150_000);
    const repo = new ClienteIntegracaoRepository(t.db);
    expect(await repo.usarAssercao(rows[0]!.cliente_id, jti, expira, new Date(expira.getTime() - 1000))).toBe(false);
    // Once past its expiry the row is purged and the jti may be used again.
    expect(await repo.usarAssercao(rows[0]!.cliente_id, jti, new Date(expira.getTime() + 300_000), new Date(expira.getTime() + 1000))).toBe(true);
  });

  it('keeps only a hash of the secret', async () => {
    const { rows } = await t.db.execute<{ segredo_hash: string }>(sql`
      SELECT segredo_hash FROM cliente_integracao WHERE identificador = ${cliente.credencial.clientId}`);
    expect(rows[0]!.segredo_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.segredo_hash).not.toContain(cliente.credencial.clientSecret);
  });
});

describe('scopes, rotation and revocation', () => {
  it('never lets a client read what its scopes do not name', async () => {
    const soEventos = await novoClienteDeTeste(t.app, ['integracao.eventos'], {}, cliente.admin);
    const { cpf } = await pescador({ situacao: 1 });
    expect((await consultar(await soEventos.token(), [cpf])).statusCode).toBe(403);
    // A token narrowed to one scope is held to it, whatever the client may ask for.
    expect((await consultar(await cliente.token('integracao.eventos'), [cpf])).statusCode).toBe(403);
    // A client's token opens no route of people, and a person's session no route of clients.
    const token = await cliente.token();
    const pessoas = await cliente.api(token, { method: 'GET', url: '/api/integracao/clientes' });
    expect(pessoas.statusCode).toBe(403);
    const admin = await entrarComo(t.app, cpfAdmin());
    expect((await consultar(admin.token, [cpf])).statusCode).toBe(403);
    expect((await cliente.api('', { method: 'GET', url: '/api/integracao/eventos', headers: { authorization: '' } })).statusCode).toBe(401);
  });

  it('refuses the old token at the next request after a rotation, and the old secret at the token endpoint', async () => {
    const c = await novoClienteDeTeste(t.app, ['integracao.eventos'], {}, cliente.admin);
    const antigo = await c.token();
    expect((await c.api(antigo, { method: 'GET', url: '/api/integracao/eventos' })).statusCode).toBe(200);
    const rot = await c.admin.navegador.request({
      method: 'POST', url: `/api/integracao/clientes/${c.credencial.cliente.id}/credencial`, payload: {},
      headers: { authorization: `Bearer ${c.admin.token}`, 'x-xsrf-token': c.admin.navegador.xsrf },
    });
    expect(rot.statusCode, rot.body).toBe(200);
    const nova = rot.json().dados as { clientSecret: string; cliente: { versaoCredencial: number } };
    expect(nova.cliente.versaoCredencial).toBe(2);
    expect((await c.api(antigo, { method: 'GET', url: '/api/integracao/eventos' })).statusCode).toBe(401);
    const velho = await pedirToken(t.app, { grant_type: 'client_credentials', client_id: c.credencial.clientId, client_secret: c.credencial.clientSecret! });
    expect(velho.statusCode).toBe(401);
    const novo = await pedirToken(t.app, { grant_type: 'client_credentials', client_id: c.credencial.clientId, client_secret: nova.clientSecret });
    expect(novo.statusCode).toBe(200);
  });

  it('refuses every token of a revoked client at its next request, and gives it no new one', async () => {
    const c = await novoClienteDeTeste(t.app, ['integracao.eventos'], {}, cliente.admin);
    const token = await c.token();
    const rev = await c.admin.navegador.request({
      method: 'POST', url: `/api/integracao/clientes/${c.credencial.cliente.id}/revogacao`,
      headers: { authorization: `Bearer ${c.admin.token}`, 'x-xsrf-token': c.admin.navegador.xsrf },
    });
    expect(rev.statusCode, rev.body).toBe(200);
    expect((await c.api(token, { method: 'GET', url: '/api/integracao/eventos' })).statusCode).toBe(401);
    const r = await pedirToken(t.app, { grant_type: 'client_credentials', client_id: c.credencial.clientId, client_secret: c.credencial.clientSecret! });
    expect(r.statusCode).toBe(401);
    const rot = await c.admin.navegador.request({
      method: 'POST', url: `/api/integracao/clientes/${c.credencial.cliente.id}/credencial`, payload: {},
      headers: { authorization: `Bearer ${c.admin.token}`, 'x-xsrf-token': c.admin.navegador.xsrf },
    });
    expect(rot.statusCode).toBe(406);
    expect(rot.json().codigoErro).toBe('CLIENTE_REVOGADO');
  });
});

describe('the rate of each client', () => {
  it('answers 429 past the requests per minute the client was given, counted per client', async () => {
    const lento = await novoClienteDeTeste(t.app, ['integracao.eventos'], { limitePorMinuto: 2 }, cliente.admin);
    const token = await lento.token();
    const status = [];
    for (let i = 0; i < 3; i++) status.push((await lento.api(token, { method: 'GET', url: '/api/integracao/eventos' })).statusCode);
    expect(status).toEqual([200, 200, 429]);
    expect((await cliente.api(await cliente.token(), { method: 'GET', url: '/api/integracao/eventos' })).statusCode).toBe(200);
  });
});

describe('the lookup by CPF', () => {
  it('answers each CPF of a batch in order, unknown and invalid ones in their items, and audits each fisher read', async () => {
    const antigo = await pescador({ situacao: 1 });
    await t.db.execute(sql`UPDATE pescador SET data_emissao_carteira = '2020-01-01T12:00:00Z' WHERE id = ${antigo.id}`);
    await t.db.execute(sql`INSERT INTO pescador_grupo_alvo (pescador_id, grupo_alvo) VALUES (${antigo.id}, 1)`);
    await t.db.execute(sql`INSERT INTO pescador_ambiente_pesca (pescador_id, ambiente_pesca) VALUES (${antigo.id}, 1)`);
    const recente = await pescador({ situacao: 1 });
    await t.db.execute(sql`UPDATE pescador SET data_emissao_carteira = now() WHERE id = ${recente.id}`);
    const desconhecido = cpfComDigitos(870_000_001);
    const res = await consultar(await cliente.token(), [antigo.cpf, desconhecido, '12345678900', recente.cpf]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const itens = res.json().dados.itens as SituacaoPescadorIntegracao[];
    expect(itens.map((i) => [i.cpf, i.encontrado, i.motivo])).toEqual([
      [antigo.cpf, true, null], [desconhecido, false, 'nao_encontrado'], ['12345678900', false, 'cpf_invalido'], [recente.cpf, true, null],
    ]);
    expect(itens[0]).toMatchObject({
      situacao: { codigo: 1, descricao: 'Ativo' }, situacaoDesde: '2020-01-01', dataPrimeiroRgp: '2015-03-10',
      categoria: { codigo: 2, descricao: 'Artesanal' }, formaAtuacao: { codigo: 1 }, uf: 'PA', municipio: { id: 1501402 },
      ativoHaUmAnoOuMais: true,
    });
    expect(itens[0]!.gruposAlvo).toHaveLength(1);
    expect(itens[0]!.ambientesPesca).toHaveLength(1);
    expect(itens[3]!.ativoHaUmAnoOuMais).toBe(false);
    // No REAP ever opened: every closed year since the first RGP (2015) is owed, as the fisher's own REAP screen says.
    const ultimoAno = Number(hojeSaoPaulo(new Date()).slice(0, 4)) - 1;
    expect(itens[0]!.reapAnosDevidos).toEqual(Array.from({ length: ultimoAno - 2014 }, (_, i) => 2015 + i));
    expect(itens[0]!.reapAnosEnviados).toEqual([]);
    // One audit row for the lookup, naming every fisher it found (decision 0127).
    const { rows } = await t.db.execute<{ pescador_ids: number[]; detalhes: { finalidade: string; clientId: string } }>(sql`
      SELECT ap.pescador_ids, a.detalhes FROM auditoria a JOIN auditoria_pescadores ap ON ap.auditoria_id = a.id
      WHERE a.recurso = 'integracao-consulta' AND ap.pescador_ids && ARRAY[${antigo.id}, ${recente.id}]::integer[]`);
    expect(rows).toHaveLength(1);
    expect([...rows[0]!.pescador_ids].sort()).toEqual([antigo.id, recente.id].sort());
    expect(rows[0]!.detalhes).toMatchObject({ finalidade: 'Concessão do Seguro-Defeso', clientId: cliente.credencial.clientId, pescadores: 2 });
  });

  it('takes 1,000 CPFs and refuses 1,001 with the field named', async () => {
    const token = await cliente.token();
    const mil = Array.from({ length: 1000 }, (_, i) => cpfComDigitos(860_000_000 + i));
    const ok = await consultar(token, mil);
    expect(ok.statusCode, ok.body.slice(0, 200)).toBe(200);
    expect(ok.json().dados.itens).toHaveLength(1000);
    const demais = await consultar(token, [...mil, cpfComDigitos(869_999_999)]);
    expect(demais.statusCode).toBe(400);
    expect(demais.body).toContain('no máximo 1.000 CPFs');
  });
});

describe('the change feed', () => {
  it('holds the events of each change that matters, written in its transaction', async () => {
    const token = await cliente.token();
    const { cursor } = await lerTudo(token);
    const p = await pescador({ situacao: 5 });
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 1 WHERE id = ${p.id}`);
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 6 WHERE id = ${p.id}`);
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 1 WHERE id = ${p.id}`);
    await t.db.execute(sql`UPDATE pescador SET data_primeiro_rgp = '2016-01-01', categoria = 1 WHERE id = ${p.id}`);
    await t.db.execute(sql`
      WITH s AS (INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${p.id}, 4, 8) RETURNING id)
      INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria) SELECT id, ${p.id}, 2025, 2 FROM s`);
    await t.db.execute(sql`UPDATE reap_questionario SET enviada = true WHERE pescador_id = ${p.id}`);
    // An appeal the SFPA did not reconsider is forwarded, not decided; MPA then decides it.
    await t.db.execute(sql`
      WITH s AS (INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${p.id}, 11, 2) RETURNING id),
      r AS (INSERT INTO recurso (solicitacao_id, pescador_id, objeto, chave_objeto, inicio_prazo, ultimo_dia, prazo_decisao_dias, orgao)
        SELECT id, ${p.id}, 1, 'teste', '2026-01-01', '2026-01-10', 30, 'SFPA' FROM s RETURNING id)
      INSERT INTO recurso_decisao (recurso_id, instancia, orgao, resultado, justificativa)
      SELECT id, 1, 'SFPA', 5, 'Mantida a decisão.' FROM r UNION ALL SELECT id, 2, 'MPA', 1, 'Provido.' FROM r`);
    // A rolled-back change leaves no event.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE pescador SET situacao_registro = 2 WHERE id = ${p.id}`);
      tx.rollback();
    }).catch(() => undefined);
    const pg1 = await pagina(token, cursor);
    expect(pg1.eventos.map((e) => [e.tipo, e.cpf])).toEqual([
      ['registro.ativado', p.cpf], ['registro.suspenso', p.cpf], ['registro.reativado', p.cpf],
      ['registro.primeiro_rgp_alterado', p.cpf], ['registro.categoria_alterada', p.cpf], ['reap.enviada', p.cpf],
      ['recurso.encaminhado', p.cpf], ['recurso.decidido', p.cpf],
    ]);
    expect(pg1.eventos[5]!.dados).toEqual({ anoReferencia: 2025 });
    expect(pg1.eventos.at(-1)!.dados).toMatchObject({ instancia: 2, resultado: 1 });
    expect(pg1.eventos[1]).toMatchObject({ situacaoAnterior: 1, situacaoNova: 6 });
    // Replayable: the same cursor gives the same events.
    expect((await pagina(token, cursor)).eventos.map((e) => e.id)).toEqual(pg1.eventos.map((e) => e.id));
    expect((await pagina(token, pg1.proximoCursor)).eventos).toEqual([]);
  });

  it('hides an event of a later transaction while an earlier one is open, so no event lands behind a cursor', async () => {
    const token = await cliente.token();
    const [x, y] = [await pescador({ situacao: 1 }), await pescador({ situacao: 1 })];
    const { cursor } = await lerTudo(token);
    const pool = new pg.Pool({ connectionString: t.config.database.url, max: 2 });
    const antiga = await pool.connect();
    const nova = await pool.connect();
    try {
      // The older transaction takes its id first but writes its event after the newer one committed its own.
      await antiga.query('BEGIN');
      await antiga.query('SELECT pg_current_xact_id()');
      await nova.query('BEGIN');
      await nova.query('UPDATE pescador SET situacao_registro = 6 WHERE id = $1', [y.id]);
      await nova.query('COMMIT');
      await antiga.query('UPDATE pescador SET situacao_registro = 6 WHERE id = $1', [x.id]);
      const durante = await pagina(token, cursor);
      expect(durante.eventos).toEqual([]);
      await antiga.query('COMMIT');
      const depois = await pagina(token, durante.proximoCursor);
      expect(depois.eventos.map((e) => e.cpf)).toEqual([x.cpf, y.cpf]);
    } finally {
      antiga.release();
      nova.release();
      await pool.end();
    }
  });

  it('hands out every event of concurrent writers exactly once and in cursor order to a reader paging meanwhile', async () => {
    const token = await cliente.token();
    const fishers = await Promise.all(Array.from({ length: 16 }, () => pescador({ situacao: 1 })));
    const { cursor: inicio } = await lerTudo(token);
    const pool = new pg.Pool({ connectionString: t.config.database.url, max: 4 });
    let escrevendo = true;
    const vistos: string[] = [];
    const cursores: string[] = [];
    const leitor = (async () => {
      let cursor = inicio;
      for (;;) {
        const terminou = !escrevendo;
        const p = await pagina(token, cursor, 5);
        vistos.push(...p.eventos.map((e) => e.id));
        cursores.push(p.proximoCursor);
        cursor = p.proximoCursor;
        if (terminou && p.fim) return;
      }
    })();
    try {
      await Promise.all(Array.from({ length: 4 }, async (_, w) => {
        const c = await pool.connect();
        try {
          for (let i = 0; i < 10; i++) {
            const f = fishers[(w * 4 + i) % fishers.length]!;
            await c.query('BEGIN');
            await c.query('SELECT pg_current_xact_id()');
            await c.query('SELECT pg_sleep(0.002 * $1)', [(i + w) % 3]);
            await c.query('UPDATE pescador SET situacao_registro = CASE WHEN situacao_registro = 1 THEN 6 ELSE 1 END WHERE id = $1', [f.id]);
            await c.query(i % 5 === 4 ? 'ROLLBACK' : 'COMMIT');
          }
        } finally {
          c.release();
        }
      }));
    } finally {
      escrevendo = false;
      await leitor;
      await pool.end();
    }
    const esperados = await lerTudo(token, inicio, 1000);
    expect(esperados.ids).toHaveLength(32);
    expect(new Set(vistos).size, 'none twice').toBe(vistos.length);
    expect([...vistos].sort(), 'none missing').toEqual([...esperados.ids].sort());
    const chave = (c: string) => c.split('.').map((n) => n.padStart(20, '0')).join('.');
    expect(cursores.map(chave), 'cursors never go back').toEqual([...cursores.map(chave)].sort());
  }, 60_000);

  it('audits the fishers a page of the feed named: the fisher and their export find the read', async () => {
    const token = await cliente.token();
    const { cursor } = await lerTudo(token);
    const p = await novoPescador(t, 8801);
    const outro = await pescador({ situacao: 1 });
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 2 WHERE id IN (${p.id}, ${outro.id})`);
    const lida = await pagina(token, cursor);
    expect(lida.eventos.map((e) => e.cpf)).toEqual(expect.arrayContaining([p.cpf, outro.cpf]));
    // One row for the page, the fishers it named beside it.
    const { rows } = await t.db.execute<{ pescador_ids: number[]; perfil_ator: number | null; orgao_ator: string }>(sql`
      SELECT ap.pescador_ids, a.perfil_ator, a.orgao_ator FROM auditoria a JOIN auditoria_pescadores ap ON ap.auditoria_id = a.id
      WHERE a.recurso = 'integracao-eventos' AND a.detalhes ->> 'cursor' = ${cursor}`);
    expect(rows).toHaveLength(1);
    expect([...rows[0]!.pescador_ids].sort()).toEqual([p.id, outro.id].sort());

    const acesso = { tipo: 'VISUALIZACAO', descricao: 'Visualizou as mudanças do seu registro (acompanhamento de outro órgão)', perfil: 'Sistema do órgão (integração)', orgao: rows[0]!.orgao_ator };
    const acessos = await p.sessao.api({ method: 'GET', url: '/api/lgpd/acessos' });
    expect(acessos.statusCode, acessos.body).toBe(200);
    expect(acessos.json().dados.acessos).toEqual(expect.arrayContaining([expect.objectContaining(acesso)]));
    const exportacao = await p.sessao.api({ method: 'GET', url: '/api/lgpd/meus-dados' });
    expect(exportacao.statusCode, exportacao.body).toBe(200);
    expect(exportacao.json().dados.acessos).toEqual(expect.arrayContaining([expect.objectContaining(acesso)]));
  });
});

describe('the OpenAPI document', () => {
  it('describes the client-credentials scheme, its scopes and the routes that ask for them', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      components: { securitySchemes: Record<string, { type: string; flows?: { clientCredentials?: { tokenUrl: string; scopes: Record<string, string> } } }> };
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    const esquema = doc.components.securitySchemes.clienteIntegracao!;
    expect(esquema.type).toBe('oauth2');
    expect(esquema.flows?.clientCredentials?.tokenUrl).toBe('/api/integracao/token');
    expect(Object.keys(esquema.flows!.clientCredentials!.scopes).sort()).toEqual(['integracao.consultar', 'integracao.eventos', 'integracao.listas']);
    expect(doc.paths['/api/integracao/eventos']!.get!.security).toEqual([{ clienteIntegracao: ['integracao.eventos'] }]);
    expect(doc.paths['/api/integracao/pescadores/consulta']!.post!.security).toEqual([{ clienteIntegracao: ['integracao.consultar'] }]);
    expect(doc.paths['/api/integracao/clientes']!.post!.security).toEqual([{ bearer: [] }]);
  });
});
