// npm run bench:semana-reap — issue 22's "deadline week": what ONE instance of the product costs per REAP save, REAP
// send and sign-in, each beside a bare Fastify + pg server doing the same writes, measured in the same run; then a
// sustained mix of the three in the design's proportions; then the arithmetic of the design peak (50 sends and 250
// sign-ins a second for an hour) in cores of the product and database transactions a second (decision 0057).
//
// What runs (all on 127.0.0.1, ports 4457–4460 and 5857 unless BENCH_*PORT say otherwise):
// - an embedded PostgreSQL with fsync on, as production, in .test-data/bench-semana-reap (fresh each run);
// - the OpenID provider in a process of its own: the project's development provider (registerDevIdp, oidc-provider)
//   mounted on a bare Fastify, so that only the product's side of a sign-in lands on the product's process;
// - the product as production runs it (the server bundle, npm start's Node flags, NODE_ENV=production, rate limits
//   in PostgreSQL, TRUST_PROXY=loopback behind a balancer), signing in against that provider through OIDC_* like gov.br;
// - the bare baseline: one Fastify route per operation with a pg pool and hand-written SQL (this file, BENCH_PAPEL=nu).
//
// The operations (each a real one):
// - sign-in: the whole OpenID code flow (PKCE, state, nonce) of a new browser: GET /api/auth/link/{key} on the
//   product, the provider's authorization, login page and form, then POST /api/auth/login on the product, which
//   exchanges the code with the provider (token and userinfo), finds the fisher, opens a session and audits it;
// - REAP save: POST /api/reap/questionario-basico, the complete artesanal form with enviada=false (a draft);
// - REAP send: the same with enviada=true, once per questionnaire (the send is refused if incomplete or out of its
//   window; the reference year's window is set open, closing in a week).
// The fishers (BENCH_PESCADORES, default 150,000) are seeded with SQL: valid CPFs, an RGP, and an open REAP
// obligation (request REAP_PENDENTE and questionnaire) for the last closed year. The save and send runs use
// sessions opened directly in the database (tokens signed with the product's JWT_SECRET), so that they measure only
// the save and the send; the mix signs its fishers in for real.
//
// Figures per operation: the server process's CPU (utime + stime of /proc/<pid>/stat) per operation, its CPU at rest
// subtracted; database transactions per operation (pg_stat_database xact_commit, every client, those at rest
// subtracted); the provider's and the database server's CPU per operation (for the sizing of those, not of the
// product); the statements one operation sends (one operation with log_statement=all).
//
//   BENCH_SECONDS (60): the sustained mix. BENCH_OP_SECONDS (10): each per-operation run (after a 3 s warm-up).
//   BENCH_CONNECTIONS (16): concurrent clients of the per-operation runs.
//   BENCH_TAXA: the mix's sends a second (default: from the per-operation costs, lowered until it holds).
//   BENCH_SALVAR_POR_ENVIO (3), BENCH_ENTRADAS_POR_ENVIO (5): the mix's proportions (the design: 250 / 50 = 5).
//   BENCH_PROFILE=<folder>: the product runs with --cpu-prof and writes its profile there on exit.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { construirServidorComThreads } from '../scripts/servidor-esbuild.mjs';
import { startEmbeddedPostgres } from '../src/server/db/embedded';
import { cpfComDigitos } from '../src/shared/cpf';
import { hojeSaoPaulo } from '../src/shared/datas';
import { problemasReapArtesanal, reapNoPrazo, somaDias, type ReapArtesanalRegras } from '../src/shared/regras/reap';
import {
  autenticadorNu, cabecalhos, formularioReapArtesanal, falhaHttp, fecharJanela, FLAGS_DO_START, Medidor, medirOperacao, pct, proximoIpCliente,
  semearReapAbertas, sessoesDiretas as sessoesDiretasCom, type Custo, type PescadorReapAberta, type Sessao as SessaoDe,
} from './lib';


// The ports: BENCH_PORT (the product), BENCH_NU_PORT (the bare server; the provider and the metrics at +100 and
// +200 of it), BENCH_PG_PORT, so that runs of several worktrees on one machine do not collide.
const PORTA_PRODUTO = Number(process.env.BENCH_PORT ?? 4457);
const PORTA_NU = Number(process.env.BENCH_NU_PORT ?? 4459);
const PORTA_IDP = process.env.BENCH_NU_PORT ? PORTA_NU + 100 : 4458;
const PORTA_METRICAS = process.env.BENCH_NU_PORT ? PORTA_NU + 200 : 4460;
const PORTA_PG = Number(process.env.BENCH_PG_PORT ?? 5857);
const PASTA = '.test-data/bench-semana-reap';
const SERVIDOR = `${PASTA}-servidor/main.mjs`;
const IDP_URL = `http://127.0.0.1:${PORTA_IDP}`;
/** Where the provider sends the browser back: the product's /login page (see PUBLIC_URL below). */
const REDIRECT_URI = `${IDP_URL}/login`;
const JWT_SECRET = 'bench-semana-reap-jwt-secret-0123456789abcdef';
const PERFIL_INTERESSADO = 4;

/** The design peak (issue 22): sends and sign-ins a second, for an hour. */
const PICO_ENVIOS = 50;
const PICO_ENTRADAS = 250;

// ---------------------------------------------------------------- the OpenID provider's process

/** The project's development provider on a Fastify of its own; prints its client (with the secret) on stdout. */
async function provedor() {
  const { default: Fastify } = await import('fastify');
  const { registerDevIdp } = await import('../src/server/adapters/identity/dev-idp');
  const app = Fastify();
  const cliente = await registerDevIdp(app, { publicUrl: IDP_URL, findName: async () => null });
  await app.listen({ port: PORTA_IDP, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify(cliente)}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

// ---------------------------------------------------------------- the bare baseline

const b64url = (b: Buffer) => b.toString('base64url');

/**
 * The baseline: Fastify (no logger, no plugins) and a pg pool, the same three operations by hand. Sign-in: the
 * link row, the code exchange and userinfo by fetch (client_secret_post, as the product's openid-client), the id
 * token's claims checked, the staff and fisher look-ups, the session row and the LOGIN audit row, an HS256 token.
 * REAP: the token's HMAC and the session row, the schema rules of a send (the shared ones), the species and
 * municipalities looked up, then in one transaction the questionnaire locked, its window and owner checked, its
 * answers written and, on a send, the request marked sent (protocol number) with its history row.
 */
async function servidorNu() {
  const { default: Fastify } = await import('fastify');
  const env = (k: string) => process.env[k]!;
  const pool = new pg.Pool({ connectionString: env('DATABASE_URL'), max: 10, application_name: 'nu' });
  const clientId = env('OIDC_CLIENT_ID');
  const clientSecret = env('OIDC_CLIENT_SECRET');
  const segredo = Buffer.from(JWT_SECRET);
  const meta = (await (await fetch(`${env('OIDC_ISSUER')}/.well-known/openid-configuration`)).json()) as {
    issuer: string; authorization_endpoint: string; token_endpoint: string; userinfo_endpoint: string;
  };
  const app = Fastify();
  const falha = falhaHttp;

  app.get('/api/health', async () => ({ ok: true }));

  app.get('/api/auth/link/:chave', async (req) => {
    const chave = (req.params as { chave: string }).chave.toLowerCase();
    if (!/^[0-9a-f]{32}$/.test(chave)) throw falha(400, 'chave');
    const verificador = b64url(crypto.randomBytes(32));
    const nonce = b64url(crypto.randomBytes(32));
    await pool.query(`INSERT INTO auth_link (chave, code_verifier, nonce) VALUES ($1, $2, $3)
      ON CONFLICT (chave) DO UPDATE SET code_verifier = EXCLUDED.code_verifier, nonce = EXCLUDED.nonce, criado_em = now()`, [chave, verificador, nonce]);
    const url = new URL(meta.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: clientId, response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'openid email profile govbr_confiabilidades',
      code_challenge: b64url(crypto.createHash('sha256').update(verificador).digest()), code_challenge_method: 'S256', state: chave, nonce,
    }).toString();
    return { dados: { url: url.href } };
  });

  app.post('/api/auth/login', async (req) => {
    const { code, state } = req.body as { code: string; state: string };
    const { rows: [link] } = await pool.query<{ code_verifier: string; nonce: string }>(`DELETE FROM auth_link
      WHERE chave = $1 AND criado_em > now() - interval '600 seconds' RETURNING code_verifier, nonce`, [String(state).toLowerCase()]);
    if (!link) throw falha(400, 'link');
    const troca = await fetch(meta.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code', code: String(code), redirect_uri: REDIRECT_URI, code_verifier: link.code_verifier,
        client_id: clientId, client_secret: clientSecret,
      }),
    });
    if (!troca.ok) throw falha(401, `token ${troca.status}`);
    const tokens = (await troca.json()) as { id_token: string; access_token: string };
    const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as {
      iss: string; aud: string | string[]; exp: number; nonce: string; sub: string;
    };
    const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (claims.iss !== meta.issuer || !aud.includes(clientId) || claims.exp * 1000 < Date.now() || claims.nonce !== link.nonce) throw falha(401, 'id_token');
    const info = await fetch(meta.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    const perfil = (await info.json()) as { name?: string; email?: string };
    const cpf = claims.sub;
    if (!/^\d{11}$/.test(cpf)) throw falha(403, 'cpf');
    const { rowCount: servidor } = await pool.query(`SELECT um.id FROM usuario u JOIN usuario_mapa um ON um.usuario_id = u.id
      WHERE u.cpf = $1 LIMIT 1`, [cpf]);
    if (servidor) throw falha(403, 'staff sign-in is not part of this baseline');
    let { rows: [p] } = await pool.query<{ id: number; nome: string }>('SELECT id, nome FROM pescador WHERE cpf = $1', [cpf]);
    if (!p) {
      await pool.query('INSERT INTO pescador (cpf, nome, email) VALUES ($1, $2, $3) ON CONFLICT (cpf) DO NOTHING', [cpf, (perfil.name ?? 'PESCADOR').toUpperCase(), perfil.email ?? null]);
      ({ rows: [p] } = await pool.query<{ id: number; nome: string }>('SELECT id, nome FROM pescador WHERE cpf = $1', [cpf]));
    }
    const { rows: [sessao] } = await pool.query<{ id: string }>(`INSERT INTO sessao (cpf, perfil, pescador_id, id_token_hint, expira_em)
      VALUES ($1, $2, $3, $4, now() + interval '12 hours') RETURNING id`, [cpf, PERFIL_INTERESSADO, p!.id, tokens.id_token]);
    await pool.query(`INSERT INTO auditoria (acao, cpf_ator, perfil_ator, sessao_id, ip, sucesso) VALUES ('LOGIN', $1, $2, $3, $4, true)`,
      [cpf, PERFIL_INTERESSADO, sessao!.id, req.ip]);
    const agora = Math.floor(Date.now() / 1000);
    const cabecalho = b64url(Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
    const carga = b64url(Buffer.from(JSON.stringify({
      sub: cpf, nome: p!.nome, perfil: PERFIL_INTERESSADO, idPescador: p!.id, sid: sessao!.id, iat: agora, exp: agora + 900, jti: crypto.randomUUID(),
    })));
    const assinatura = b64url(crypto.createHmac('sha256', segredo).update(`${cabecalho}.${carga}`).digest());
    return { dados: { token: `${cabecalho}.${carga}.${assinatura}`, foto: null } };
  });

  const autenticar = autenticadorNu(pool, JWT_SECRET);


  app.post('/api/reap/questionario-basico', async (req) => {
    const ator = await autenticar(req.headers.authorization);
    const corpo = req.body as ReapArtesanalRegras & { id: number; enviada: boolean; categoria?: number };
    if (typeof corpo?.id !== 'number' || typeof corpo.anoReferencia !== 'number' || typeof corpo.enviada !== 'boolean') throw falha(400, 'corpo');
    if (corpo.enviada && problemasReapArtesanal(corpo).length > 0) throw falha(400, 'incompleta');
    const especies = (corpo.resultadosOperacaoPesca ?? []).map((o) => o.especiePescado?.id).filter((v): v is number => typeof v === 'number');
    const municipios = (corpo.locaisPescaPetrecho ?? []).map((l) => l.areaPretendidaPesca?.idMunicipio).filter((v): v is number => typeof v === 'number');
    const { rowCount: nEspecies } = await pool.query('SELECT id FROM especie WHERE id = ANY($1::int[])', [[...new Set(especies)]]);
    const { rowCount: nMunicipios } = await pool.query('SELECT id FROM municipio WHERE id = ANY($1::int[])', [[...new Set(municipios)]]);
    if (nEspecies !== new Set(especies).size || nMunicipios !== new Set(municipios).size) throw falha(400, 'referências');
    const { id: _id, enviada: _enviada, ...dados } = corpo;
    const total = corpo.realizouPesca ? somaDias(corpo.reapsArtesanais ?? []) : null;
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      const { rows: [q] } = await c.query<{
        pescador_id: number; solicitacao_id: number; ano_referencia: number; categoria: number; enviada: boolean; inicio: string | null; fim: string | null;
      }>(`SELECT q.pescador_id, q.solicitacao_id, q.ano_referencia, q.categoria, q.enviada,
          pr.inicio_preenchimento::text AS inicio, pr.fim_preenchimento::text AS fim
        FROM reap_questionario q LEFT JOIN reap_prazo pr ON pr.ano_referencia = q.ano_referencia
        WHERE q.id = $1 FOR UPDATE OF q`, [corpo.id]);
      if (!q || q.pescador_id !== ator.idPescador) throw falha(403, 'dono');
      if (q.enviada || !reapNoPrazo(q.ano_referencia, hojeSaoPaulo(), q.inicio, q.fim)) throw falha(406, 'não editável');
      if (q.categoria !== 2 || q.ano_referencia !== corpo.anoReferencia) throw falha(400, 'categoria');
      const valores = [corpo.id, JSON.stringify(dados), corpo.realizouPesca ?? null, corpo.tipoPrestacaoServico ?? null, total];
      if (!corpo.enviada) {
        await c.query(`UPDATE reap_questionario SET dados = $2::jsonb, realizou_pesca = $3, tipo_prestacao_servico = $4,
          total_dias_trabalhado_ano = $5, atualizado_em = now() WHERE id = $1`, valores);
      } else {
        await c.query(`UPDATE reap_questionario SET dados = $2::jsonb, realizou_pesca = $3, tipo_prestacao_servico = $4,
          total_dias_trabalhado_ano = $5, enviada = true, enviada_em = now(), codigo_verificacao = $6, atualizado_em = now() WHERE id = $1`,
        [...valores, crypto.randomBytes(8).toString('hex').toUpperCase()]);
        const { rowCount } = await c.query(`UPDATE solicitacao s SET situacao = 9, declara_ciencia = true, uf_pescador = p.uf,
            enviada_em = now(), atualizado_em = now(), numero_protocolo = COALESCE(s.numero_protocolo,
              to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'YYYY') || CASE WHEN s.id < 1000000000 THEN lpad(s.id::text, 9, '0') ELSE s.id::text END)
          FROM pescador p WHERE s.id = $1 AND s.situacao = 8 AND p.id = s.pescador_id`, [q.solicitacao_id]);
        if (rowCount !== 1) throw falha(406, 'não pendente');
        await c.query(`INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, cpf_ator, perfil_ator, motivo)
          VALUES ($1, 8, 9, $2, $3, 'REAP enviada')`, [q.solicitacao_id, ator.cpf, PERFIL_INTERESSADO]);
      }
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK');
      throw err;
    } finally {
      c.release();
    }
    return { dados: { id: corpo.id, enviada: corpo.enviada } };
  });

  await app.listen({ port: PORTA_NU, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
}


async function esperarSaude(url: string, filho: ChildProcess) {
  for (let i = 0; i < 1800; i++) {
    if (filho.exitCode !== null) throw new Error(`${url}: the process exited with ${filho.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 180 s`);
}

async function parar(filho: ChildProcess | undefined) {
  if (!filho || filho.exitCode !== null || filho.signalCode !== null) return;
  const saiu = new Promise((r) => filho.once('exit', r));
  filho.kill('SIGTERM');
  await saiu;
}

/** This file again, as the provider or the bare server. */
function esteArquivo(papelDoFilho: 'idp' | 'nu', env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'bench/semana-reap.ts'], {
    env: { ...process.env, BENCH_PAPEL: papelDoFilho, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** The provider's client, as its process prints it once listening. */
async function clienteDoProvedor(filho: ChildProcess): Promise<{ issuer: string; clientId: string; clientSecret: string }> {
  let texto = '';
  return new Promise((resolve, reject) => {
    filho.stdout!.on('data', (b: Buffer) => {
      texto += b.toString();
      const i = texto.indexOf('\n');
      if (i >= 0) resolve(JSON.parse(texto.slice(0, i)));
    });
    filho.once('exit', (c) => reject(new Error(`the provider exited with ${c}`)));
  });
}

// ---------------------------------------------------------------- the fishers

type Pescador = PescadorReapAberta;

/** Fishers handed out once each (a send spends its questionnaire; a sign-in is a person of its own). */
class Reserva {
  private proximo = 0;
  constructor(private readonly lista: Pescador[]) {}
  tomar(): Pescador | undefined {
    return this.lista[this.proximo++];
  }
  tomarVarios(n: number): Pescador[] {
    const out = this.lista.slice(this.proximo, this.proximo + n);
    if (out.length < n) throw new Error(`only ${out.length} fishers left of ${this.lista.length} (BENCH_PESCADORES)`);
    this.proximo += n;
    return out;
  }
  get restantes(): number {
    return this.lista.length - this.proximo;
  }
}

/** `n` fishers with an active registry and their open REAP of `ano` (bench/lib.ts, `semearReapAbertas`). */
async function semear(db: pg.Client, n: number, ano: number, hoje: string): Promise<Pescador[]> {
  await db.query('SET synchronous_commit = off');
  const cpfs = Array.from({ length: n }, (_, i) => cpfComDigitos(810_000_000 + i));
  const pescadores = await semearReapAbertas(db, cpfs, 'PESCADOR DA SEMANA ', ano, hoje);
  await db.query('VACUUM ANALYZE pescador, solicitacao, solicitacao_historico, reap_questionario');
  await db.query('SET synchronous_commit = on');
  return pescadores;
}


// ---------------------------------------------------------------- the operations, as a browser makes them

/** A signed-in fisher as the browser holds them: the headers of each API call. */
type Sessao = SessaoDe<Pescador>;

/** Sessions opened directly (rows in `sessao`, tokens signed as AuthService signs them): for the save and send runs. */
const sessoesDiretas = (db: pg.Client, pescadores: Pescador[]) => sessoesDiretasCom(db, JWT_SECRET, pescadores);

interface Entrada { sessao: Sessao; msProduto: number; msTotal: number }

/**
 * A new browser's sign-in (bench/lib.ts signIn, timed): the product's link, the provider's pages, the product's
 * login. `msProduto` is the time of the product's two requests, `msTotal` of the whole flow.
 */
async function entrar(base: string, p: Pescador): Promise<Entrada> {
  const ip = proximoIpCliente();
  const jar = new Map<string, string>();
  const chamar = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: { 'x-forwarded-for': ip, ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [par] = c.split(';');
      const i = par!.indexOf('=');
      jar.set(par!.slice(0, i), par!.slice(i + 1));
    }
    return res;
  };
  const t0 = performance.now();
  let res = await chamar(`/api/auth/link/${crypto.randomBytes(16).toString('hex')}`);
  if (res.status !== 200) throw new Error(`link: ${res.status} ${(await res.text()).slice(0, 200)}`);
  const link = (await res.json()) as { dados: { url: string } };
  let msProduto = performance.now() - t0;
  // The provider's addresses, relative ones resolved against the page that named them.
  let pagina = new URL(link.dados.url);
  res = await chamar(pagina.href);
  while (res.status >= 300 && res.status < 400) {
    await res.arrayBuffer();
    pagina = new URL(res.headers.get('location')!, pagina);
    res = await chamar(pagina.href);
  }
  const acao = /action="([^"]+)"/.exec(await res.text())?.[1];
  if (!acao) throw new Error(`the provider's login page: ${res.status}`);
  res = await chamar(new URL(acao, pagina).href, {
    method: 'POST', body: `cpf=${p.cpf}`, headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  let local = new URL(res.headers.get('location') ?? '', link.dados.url);
  await res.arrayBuffer();
  while (local.pathname.startsWith('/dev-idp')) {
    res = await chamar(local.href);
    await res.arrayBuffer();
    local = new URL(res.headers.get('location') ?? '', local);
  }
  if (!local.searchParams.get('code')) throw new Error(`the provider sent the browser to ${local.pathname} without a code`);
  const xsrf = jar.get('XSRF-TOKEN') ?? 'sem-cookie';
  const t1 = performance.now();
  res = await chamar('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ code: local.searchParams.get('code'), state: local.searchParams.get('state') }),
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
  });
  const corpo = await res.text();
  msProduto += performance.now() - t1;
  if (res.status !== 200) throw new Error(`login: ${res.status} ${corpo.slice(0, 200)}`);
  const { dados } = JSON.parse(corpo) as { dados: { token: string } };
  return { sessao: { pescador: p, headers: cabecalhos(dados.token, xsrf, ip) }, msProduto, msTotal: performance.now() - t0 };
}

/** One save (enviada=false) or the send (true) of the fisher's REAP; answers its time. */
async function salvar(base: string, s: Sessao, ano: number, enviar: boolean): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/reap/questionario-basico`, {
    method: 'POST', headers: s.headers, body: JSON.stringify(formularioReapArtesanal(s.pescador.idQuestionario, ano, enviar)),
  });
  const corpo = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${enviar ? 'send' : 'save'}: ${res.status} ${corpo.slice(0, 200)}`);
  return ms;
}

/** What one operation sends the database: statements (round trips) and the transactions they make. */
interface Comandos { comandos: number; transacoes: number }

/**
 * The statements one operation sends, counted in PostgreSQL's own log (log_statement=all, by application name:
 * 'rgp' is the product's pool, 'nu' the bare server's; the job queue's 'rgp-jobs' is left out). Transactions: each
 * BEGIN … COMMIT once, each statement outside one once.
 */
class ContadorDeComandos {
  private linhas: string[] | null = null;
  constructor(private readonly db: pg.Client) {}
  receber(texto: string) {
    if (this.linhas) this.linhas.push(...texto.split('\n'));
  }
  async contar(rotulo: string, aplicacao: string, op: () => Promise<unknown>): Promise<Comandos> {
    await this.db.query("ALTER SYSTEM SET log_statement = 'all'");
    await this.db.query("ALTER SYSTEM SET log_line_prefix = '%a|'");
    await this.db.query('SELECT pg_reload_conf()');
    await new Promise((r) => setTimeout(r, 300));
    this.linhas = [];
    await op();
    await new Promise((r) => setTimeout(r, 300)); // grouped writes leave at the end of their turn
    const linhas = this.linhas;
    this.linhas = null;
    await this.db.query('ALTER SYSTEM RESET log_statement');
    await this.db.query('ALTER SYSTEM RESET log_line_prefix');
    await this.db.query('SELECT pg_reload_conf()');
    const comandos = linhas.filter((l) => l.startsWith(`${aplicacao}|LOG:  statement:`) || new RegExp(`^${aplicacao}\\|LOG:  execute [^:]*:`).test(l));
    if (process.env.BENCH_COMANDOS === '1') console.log(`  ${rotulo}:\n` + comandos.map((l) => `    ${l.slice(0, 160)}`).join('\n'));
    let transacoes = 0;
    let emBloco = false;
    for (const l of comandos) {
      if (/statement: begin/i.test(l)) {
        transacoes++;
        emBloco = true;
      } else if (/statement: (commit|rollback)/i.test(l)) emBloco = false;
      else if (!emBloco) transacoes++;
    }
    return { comandos: comandos.length, transacoes };
  }
}

// ---------------------------------------------------------------- the sustained mix

interface Mistura {
  taxa: number; segundos: number;
  porTipo: Map<string, { ms: number[]; erros: number; amostraErro?: string }>;
  /** Each process's CPU (ms) a second over the mix, everything included (what the machine gave it). */
  servidorMsPorS: number; idpMsPorS: number; bancoMsPorS: number; clienteMsPorS: number;
  /** Transactions a second, everything included. */
  txPorS: number;
  /** The product's CPU (ms) and the transactions per send with its saves and sign-ins, the rest subtracted. */
  servidorMsPorEnvio: number; txPorEnvio: number; envios: number;
  /** Requests the product shed (503) during the mix, by the pressure that shed them (its metrics). */
  recusas: Map<string, number>;
  /** The machine's load average (1 min) at the mix's end: this machine is shared. */
  carga: string;
  ok: boolean;
}

/** The product's count of requests shed by load (rgp_sobrecarga_recusadas_total), by pressure, from its metrics port. */
async function recusasPorSobrecarga(): Promise<Map<string, number>> {
  const texto = await (await fetch(`http://127.0.0.1:${PORTA_METRICAS}/metrics`)).text();
  const out = new Map<string, number>();
  for (const [, motivo, n] of texto.matchAll(/^rgp_sobrecarga_recusadas_total\{motivo="([^"]+)"\} (\d+)/gm)) out.set(motivo!, Number(n));
  return out;
}

/**
 * Open loop (arrivals do not wait for answers): fishers arrive at `taxa` a second (Poisson), each signs in, saves
 * their form `salvarPorEnvio` times and sends it; others arrive at `taxa` × (`entradasPorEnvio` − 1) and only sign in.
 */
async function misturar(base: string, m: Medidor, pid: number, reserva: Reserva, ano: number, taxa: number, segundos: number,
  salvarPorEnvio: number, entradasPorEnvio: number): Promise<Mistura> {
  const porTipo = new Map<string, { ms: number[]; erros: number; amostraErro?: string }>();
  for (const t of ['sign-in (product)', 'sign-in (whole flow)', 'REAP save', 'REAP send']) porTipo.set(t, { ms: [], erros: 0 });
  const erro = (tipo: string, err: unknown) => {
    const r = porTipo.get(tipo)!;
    r.erros++;
    r.amostraErro ??= String(err instanceof Error ? err.message : err);
  };
  const emVoo = new Set<Promise<void>>();
  const lancar = (f: () => Promise<void>) => {
    const p = f().finally(() => emVoo.delete(p));
    emVoo.add(p);
  };
  const entrarMedindo = async (p: Pescador): Promise<Sessao | undefined> => {
    try {
      const e = await entrar(base, p);
      porTipo.get('sign-in (product)')!.ms.push(e.msProduto);
      porTipo.get('sign-in (whole flow)')!.ms.push(e.msTotal);
      return e.sessao;
    } catch (err) {
      erro('sign-in (product)', err);
      return undefined;
    }
  };
  const jornada = async (p: Pescador) => {
    const s = await entrarMedindo(p);
    if (!s) return;
    for (let i = 0; i <= salvarPorEnvio; i++) {
      const enviar = i === salvarPorEnvio;
      const tipo = enviar ? 'REAP send' : 'REAP save';
      try {
        porTipo.get(tipo)!.ms.push(await salvar(base, s, ano, enviar));
      } catch (err) {
        erro(tipo, err);
        return;
      }
    }
  };
  const chegadas = async (porSegundo: number, fim: number, f: (p: Pescador) => Promise<void>) => {
    let t = performance.now();
    for (;;) {
      t += -Math.log(1 - Math.random()) * (1000 / porSegundo);
      if (t >= fim) return;
      await new Promise((r) => setTimeout(r, Math.max(0, t - performance.now())));
      const p = reserva.tomar();
      if (!p) throw new Error('the mix ran out of fishers (BENCH_PESCADORES)');
      lancar(() => f(p));
    }
  };
  const recusas0 = await recusasPorSobrecarga();
  const repouso = await m.repouso(pid);
  const antes = await m.ler(pid);
  const t0 = performance.now();
  const fim = t0 + segundos * 1000;
  await Promise.all([
    chegadas(taxa, fim, jornada),
    chegadas(taxa * (entradasPorEnvio - 1), fim, async (p) => void (await entrarMedindo(p))),
  ]);
  await Promise.all([...emVoo]);
  const decorrido = (performance.now() - t0) / 1000;
  const carga = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;
  const d = await fecharJanela(m, pid, antes, decorrido, repouso);
  const recusas = new Map([...await recusasPorSobrecarga()].map(([k, v]) => [k, v - (recusas0.get(k) ?? 0)] as const).filter(([, v]) => v > 0));
  let ok = true;
  for (const [tipo, r] of porTipo) {
    r.ms.sort((a, b) => a - b);
    if (tipo !== 'sign-in (whole flow)' && (r.erros > 0 || r.ms.length === 0 || pct(r.ms, 99) > 500)) ok = false;
  }
  const envios = porTipo.get('REAP send')!.ms.length;
  // Per second over the mix, the rest added back (what each process took), and per send, without it.
  return {
    taxa, segundos: decorrido, porTipo, ok, envios, recusas, carga,
    servidorMsPorS: (d.servidor * 1000) / decorrido + repouso.servidor * 1000, idpMsPorS: (d.idp * 1000) / decorrido + repouso.idp * 1000,
    bancoMsPorS: (d.banco * 1000) / decorrido + repouso.banco * 1000, clienteMsPorS: (d.cliente * 1000) / decorrido, txPorS: d.tx / decorrido + repouso.tx,
    servidorMsPorEnvio: (d.servidor * 1000) / envios, txPorEnvio: d.tx / envios,
  };
}

// ---------------------------------------------------------------- the run

async function principal() {
  const segundosMistura = Number(process.env.BENCH_SECONDS ?? 60);
  const segundosOp = Number(process.env.BENCH_OP_SECONDS ?? 10);
  const conexoes = Number(process.env.BENCH_CONNECTIONS ?? 16);
  const salvarPorEnvio = Number(process.env.BENCH_SALVAR_POR_ENVIO ?? 3);
  const entradasPorEnvio = Number(process.env.BENCH_ENTRADAS_POR_ENVIO ?? PICO_ENTRADAS / PICO_ENVIOS);
  const nPescadores = Number(process.env.BENCH_PESCADORES ?? 150_000);
  const perfil = process.env.BENCH_PROFILE;
  const hoje = hojeSaoPaulo();
  const ano = Number(hoje.slice(0, 4)) - 1;

  fs.rmSync(PASTA, { recursive: true, force: true });
  let contador: ContadorDeComandos | undefined;
  const banco = await startEmbeddedPostgres({ dataDir: PASTA, port: PORTA_PG, persistent: true, onLog: (l) => contador?.receber(l) });
  const postmaster = Number(fs.readFileSync(path.join(PASTA, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const filhos: ChildProcess[] = [];
  const db = new pg.Client({ connectionString: banco.url, application_name: 'bench' });
  try {
    console.log('building the server bundle …');
    await construirServidorComThreads(SERVIDOR.slice(0, -'/main.mjs'.length)); // with its worker threads' bundles

    const idp = esteArquivo('idp', {});
    filhos.push(idp);
    const cliente = await clienteDoProvedor(idp);

    // The product signs in against the provider as against gov.br (OIDC_*). PUBLIC_URL names the provider's origin:
    // the development provider registers `{its publicUrl}/login` as the client's only redirect address, and the
    // product builds its redirect address from PUBLIC_URL. The browser here never loads that page (it posts the code
    // to the product's /api/auth/login itself, as the page would), and nothing measured reads PUBLIC_URL otherwise.
    const iniciarProduto = async (env: Record<string, string>) => {
      const filho = spawn(process.execPath, [...FLAGS_DO_START, SERVIDOR], {
        env: {
          ...process.env,
          ...(perfil ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${perfil}` } : {}),
          NODE_ENV: 'production', PORT: String(PORTA_PRODUTO), HOST: '127.0.0.1', PUBLIC_URL: IDP_URL, LOG_LEVEL: 'warn',
          DATABASE_URL: banco.url, DATA_DIR: `${PASTA}/produto`, JWT_SECRET, TRUST_PROXY: 'loopback',
          CARTEIRA_TOKEN_SECRET: 'bench-semana-reap-carteira-secret-0123456789', CAPTCHA_HMAC_SECRET: 'bench-semana-reap-captcha-secret-0123456789',
          OIDC_ISSUER: cliente.issuer, OIDC_CLIENT_ID: cliente.clientId, OIDC_CLIENT_SECRET: cliente.clientSecret,
          METRICS_PORT: String(PORTA_METRICAS), METRICS_HOST: '127.0.0.1', SHUTDOWN_DRAIN_SECONDS: '0', ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      filhos.push(filho);
      await esperarSaude(`${baseProduto}/api/health`, filho);
      return filho;
    };
    const baseProduto = `http://127.0.0.1:${PORTA_PRODUTO}`;
    // The per-operation runs keep the server busy on purpose (a closed loop): its load shedding, which would answer
    // part of them 503 at once and so make them look cheaper, is off there. The mix runs it as production does.
    let produto = await iniciarProduto({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_MAX_SERVER_TIME_MS: '0' });

    await db.connect();
    console.log(`seeding ${nPescadores.toLocaleString('en')} fishers with an open REAP of ${ano} …`);
    const t0 = performance.now();
    const reserva = new Reserva(await semear(db, nPescadores, ano, hoje));
    console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const m = new Medidor(banco.url, postmaster, idp.pid!);
    await m.conectar();
    const custos = new Map<string, Custo>();
    const comandos = new Map<string, Comandos>();
    const baseNu = `http://127.0.0.1:${PORTA_NU}`;
    for (const [nome, base, app] of [['product', baseProduto, 'rgp'], ['bare', baseNu, 'nu']] as const) {
      let servidor: ChildProcess = produto;
      if (nome === 'bare') {
        servidor = esteArquivo('nu', {
          DATABASE_URL: banco.url, OIDC_ISSUER: cliente.issuer, OIDC_CLIENT_ID: cliente.clientId, OIDC_CLIENT_SECRET: cliente.clientSecret,
        });
        filhos.push(servidor);
        await esperarSaude(`${baseNu}/api/health`, servidor);
      }
      const pid = servidor.pid!;

      // The statements of one operation of each kind (one fisher, after another's sign-in and send as a warm-up).
      contador = new ContadorDeComandos(db);
      const [a, b] = reserva.tomarVarios(2);
      await salvar(base, (await entrar(base, a!)).sessao, ano, true);
      let s: Sessao | undefined;
      comandos.set(`${nome} sign-in`, await contador.contar(`${nome} sign-in`, app, async () => {
        s = (await entrar(base, b!)).sessao;
      }));
      comandos.set(`${nome} save`, await contador.contar(`${nome} save`, app, () => salvar(base, s!, ano, false)));
      comandos.set(`${nome} send`, await contador.contar(`${nome} send`, app, () => salvar(base, s!, ano, true)));
      contador = undefined;

      console.log(`measuring the ${nome} server: sign-in, save, send (${segundosOp} s each, ${conexoes} clients) …`);
      const paraEntrar = async () => {
        const p = reserva.tomar();
        return p ? (await entrar(base, p)).msProduto : undefined;
      };
      await medirOperacao(m, pid, 3, conexoes, paraEntrar, true);
      custos.set(`${nome} sign-in`, await medirOperacao(m, pid, segundosOp, conexoes, paraEntrar));

      // Saves: a fixed set of fishers, each saving their draft again and again.
      const rascunhos = await sessoesDiretas(db, reserva.tomarVarios(2000));
      let k = 0;
      const paraSalvar = () => salvar(base, rascunhos[k++ % rascunhos.length]!, ano, false);
      await medirOperacao(m, pid, 3, conexoes, paraSalvar, true);
      custos.set(`${nome} save`, await medirOperacao(m, pid, segundosOp, conexoes, paraSalvar));

      // Sends: each a questionnaire of its own, sent once.
      const envios = await sessoesDiretas(db, reserva.tomarVarios(Math.min(reserva.restantes - 20_000, (segundosOp + 3) * 1500)));
      let e = 0;
      const paraEnviar = async () => {
        const x = envios[e++];
        return x ? salvar(base, x, ano, true) : undefined;
      };
      await medirOperacao(m, pid, 3, conexoes, paraEnviar, true);
      custos.set(`${nome} send`, await medirOperacao(m, pid, segundosOp, conexoes, paraEnviar));
      await parar(servidor);
    }

    // The sustained mix on the product as production runs it (load shedding at its defaults), a new start warmed up
    // first, at a rate its costs allow on this machine (half of its cores for all the processes, at most 60 % of one
    // core for the product's), lowered until it holds (four tries).
    produto = await iniciarProduto({});
    const [rascunhos, envios] = [await sessoesDiretas(db, reserva.tomarVarios(100)), await sessoesDiretas(db, reserva.tomarVarios(2000))];
    let k = 0;
    let e = 0;
    await medirOperacao(m, produto.pid!, 3, 4, async () => (await entrar(baseProduto, reserva.tomar()!)).msProduto, true);
    await medirOperacao(m, produto.pid!, 3, 4, () => salvar(baseProduto, rascunhos[k++ % rascunhos.length]!, ano, false), true);
    await medirOperacao(m, produto.pid!, 3, 4, async () => (envios[e] ? salvar(baseProduto, envios[e++]!, ano, true) : undefined), true);
    const c = (x: string) => custos.get(`product ${x}`)!;
    const porUnidade = (f: (x: Custo) => number) => entradasPorEnvio * f(c('sign-in')) + salvarPorEnvio * f(c('save')) + f(c('send'));
    const maquinaMs = porUnidade((x) => x.servidorMs + x.idpMs + x.bancoMs + x.clienteMs);
    const nucleos = (await import('node:os')).availableParallelism();
    let taxa = Number(process.env.BENCH_TAXA ?? Math.min((0.5 * nucleos * 1000) / maquinaMs, (0.6 * 1000) / porUnidade((x) => x.servidorMs)));
    const misturas: Mistura[] = [];
    for (let tentativa = 1; tentativa <= 4; tentativa++) {
      console.log(`the mix: ${taxa.toFixed(1)} sends/s, ${(taxa * salvarPorEnvio).toFixed(1)} saves/s, ${(taxa * entradasPorEnvio).toFixed(1)} sign-ins/s for ${segundosMistura} s …`);
      const r = await misturar(baseProduto, m, produto.pid!, reserva, ano, taxa, segundosMistura, salvarPorEnvio, entradasPorEnvio);
      misturas.push(r);
      if (r.ok || process.env.BENCH_TAXA) break;
      taxa *= 0.7;
    }
    await m.fechar();
    await parar(produto);
    await parar(idp);

    imprimir(custos, comandos, misturas, { segundosOp, conexoes, salvarPorEnvio, entradasPorEnvio, ano });
  } finally {
    for (const f of filhos.reverse()) await parar(f);
    await db.end().catch(() => undefined);
    await banco.stop();
  }
}

// ---------------------------------------------------------------- the report

function imprimir(custos: Map<string, Custo>, comandos: Map<string, Comandos>, misturas: Mistura[],
  o: { segundosOp: number; conexoes: number; salvarPorEnvio: number; entradasPorEnvio: number; ano: number }) {
  const carga = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(`\nREAP deadline week, one instance: ${o.segundosOp} s per run, ${o.conexoes} clients, loopback, REAP of ${o.ano}, load average ${carga}`);
  console.log('operation / server'.padEnd(22) + 'ops/s'.padStart(8) + 'p50 ms'.padStart(8) + 'p99 ms'.padStart(8) + 'errors'.padStart(7)
    + 'CPU ms/op'.padStart(11) + '× bare'.padStart(9) + 'tx/op'.padStart(7) + 'stmts/tx'.padStart(10) + 'DB ms/op'.padStart(10) + 'IdP ms/op'.padStart(11) + 'idle ms/s'.padStart(11) + 'idle tx/s'.padStart(11));
  for (const op of ['sign-in', 'save', 'send']) {
    const nu = custos.get(`bare ${op}`)!;
    for (const servidor of ['product', 'bare']) {
      const x = custos.get(`${servidor} ${op}`)!;
      console.log(`${op} / ${servidor}`.padEnd(22) + x.porSegundo.toFixed(0).padStart(8) + x.p50.toFixed(1).padStart(8) + x.p99.toFixed(1).padStart(8)
        + String(x.erros).padStart(7) + x.servidorMs.toFixed(3).padStart(11) + `${(x.servidorMs / nu.servidorMs).toFixed(2)}×`.padStart(9)
        + x.tx.toFixed(2).padStart(7) + `${comandos.get(`${servidor} ${op}`)?.comandos ?? '—'} / ${comandos.get(`${servidor} ${op}`)?.transacoes ?? '—'}`.padStart(10)
        + x.bancoMs.toFixed(3).padStart(10)
        + (op === 'sign-in' ? x.idpMs.toFixed(2) : '—').padStart(11) + x.repousoMsPorS.toFixed(1).padStart(11) + x.repousoTxPorS.toFixed(1).padStart(11)
        + (x.amostraErro ? `  e.g. ${x.amostraErro}` : '') + (x.esgotou ? '  (pool of fishers ran out)' : ''));
    }
  }
  console.log('CPU ms/op: the server process\'s user + system time over the run / operations, its CPU at rest subtracted; × bare: that over the bare '
    + 'server\'s; tx/op: transactions committed in the database per operation (every client, those at rest subtracted); stmts/tx: statements one '
    + 'operation sends and the transactions they make, alone (log_statement=all; under load the product groups its audit and rate-limit writes); DB ms/op: the PostgreSQL processes\' CPU; IdP ms/op: the provider\'s process (not the product\'s). '
    + 'Sign-in latency: the product\'s two requests (link, login); the provider\'s pages are not in it.');

  console.log('\nsustained mix on the product (open loop, Poisson arrivals; a fisher signs in, saves '
    + `${o.salvarPorEnvio}× and sends; others only sign in, ${o.entradasPorEnvio} sign-ins per send)`);
  for (const r of misturas) {
    console.log(`${r.taxa.toFixed(1)} sends/s for ${r.segundos.toFixed(0)} s: ${r.ok ? 'held (0 errors, p99 ≤ 500 ms)' : 'NOT held'}; `
      + `product CPU ${(r.servidorMsPorS / 10).toFixed(0)} % of a core, provider ${(r.idpMsPorS / 10).toFixed(0)} %, database ${(r.bancoMsPorS / 10).toFixed(0)} %, `
      + `load generator ${(r.clienteMsPorS / 10).toFixed(0)} %; ${r.txPorS.toFixed(0)} tx/s; machine load average ${r.carga}`
      + (r.recusas.size ? `; shed by the product (503): ${[...r.recusas].map(([k, v]) => `${v} for ${k}`).join(', ')}` : ''));
    for (const [tipo, x] of r.porTipo) {
      console.log(`  ${tipo.padEnd(22)} ${String(x.ms.length).padStart(7)} ops ${(x.ms.length / r.segundos).toFixed(1).padStart(7)}/s   p50 ${pct(x.ms, 50).toFixed(0).padStart(5)} ms`
        + `   p99 ${pct(x.ms, 99).toFixed(0).padStart(5)} ms   errors ${x.erros}${x.amostraErro ? `  e.g. ${x.amostraErro}` : ''}`);
    }
  }

  // The design peak: 50 sends, 150 saves (3 per send, assumed), 250 sign-ins a second.
  const salvamentos = PICO_ENVIOS * o.salvarPorEnvio;
  const picos: [string, number][] = [['sign-in', PICO_ENTRADAS], ['save', salvamentos], ['send', PICO_ENVIOS]];
  console.log(`\ndesign peak (issue 22): ${PICO_ENTRADAS} sign-ins/s + ${PICO_ENVIOS} REAP sends/s + ${salvamentos} REAP saves/s `
    + `(assumed: ${o.salvarPorEnvio} saves per send), for an hour`);
  for (const servidor of ['product', 'bare']) {
    let ms = 0;
    let tx = 0;
    let dbMs = 0;
    const partes: string[] = [];
    for (const [op, taxa] of picos) {
      const x = custos.get(`${servidor} ${op}`)!;
      ms += taxa * x.servidorMs;
      tx += taxa * x.tx;
      dbMs += taxa * x.bancoMs;
      partes.push(`${taxa} × ${x.servidorMs.toFixed(2)}`);
    }
    console.log(`  ${servidor.padEnd(8)} cores = (${partes.join(' + ')}) / 1000 = ${(ms / 1000).toFixed(2)}; `
      + `database ${tx.toFixed(0)} tx/s, its CPU ${(dbMs / 1000).toFixed(2)} cores (this machine's PostgreSQL)`);
  }
  const r = misturas[misturas.length - 1]!;
  if (o.entradasPorEnvio === PICO_ENTRADAS / PICO_ENVIOS && r.envios > 0) {
    // The mix holds the design's proportions: its cost per send (with its sign-ins and saves) scales to the peak.
    console.log(`  from the last mix (per send with its ${o.entradasPorEnvio} sign-ins and ${o.salvarPorEnvio} saves: ${r.servidorMsPorEnvio.toFixed(1)} ms of `
      + `the product's CPU, ${r.txPorEnvio.toFixed(1)} tx): ${((PICO_ENVIOS * r.servidorMsPorEnvio) / 1000).toFixed(2)} cores, ${(PICO_ENVIOS * r.txPorEnvio).toFixed(0)} tx/s`);
  }
  console.log('  (a Node.js instance runs its JavaScript on one core: instances ≥ cores / the share of a core each may use; the provider\'s '
    + 'and the database\'s CPU are theirs, not the product\'s)');
}

// Last, once every class and constant above is initialised.
const papel = process.env.BENCH_PAPEL;
if (papel === 'idp') await provedor();
else if (papel === 'nu') await servidorNu();
else await principal();
