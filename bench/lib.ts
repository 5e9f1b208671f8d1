import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { SignJWT } from 'jose';
import pg from 'pg';

/** Starts the product as `npm start` does (without the web build) and resolves when /api/health answers. */
export async function startProduct(opts: { port: number; pgPort: number; dataDir: string; fresh: boolean }) {
  if (opts.fresh) fs.rmSync(opts.dataDir, { recursive: true, force: true });
  const started = performance.now();
  const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      PUBLIC_URL: `http://localhost:${opts.port}`,
      DATA_DIR: opts.dataDir,
      EMBEDDED_PG_PORT: String(opts.pgPort),
      LOG_LEVEL: 'warn',
      // A DATABASE_URL of the caller's (a benchmark's own database) is signed in to through the development provider.
      DEV_IDP_UNSAFE: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://localhost:${opts.port}`;
  for (let i = 0; i < 1200; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return { child, base, readyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop(child);
  throw new Error('the product did not answer /api/health within 120 s');
}

export function stop(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

export async function waitExit(child: ChildProcess) {
  if (child.exitCode !== null) return;
  await new Promise((r) => child.once('exit', r));
}

/** A browser's sign-in through the development identity provider, over HTTP with a cookie jar. */
export async function signIn(
  base: string, cpf: string, extraHeaders: Record<string, string> = {},
): Promise<{ token: string; cookie: string; xsrf: string }> {
  const jar = new Map<string, string>();
  const call = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: { ...extraHeaders, ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  };
  const chave = crypto.randomBytes(16).toString('hex');
  const link = (await (await call(`/api/auth/link/${chave}`)).json()) as { dados: { url: string } };
  let res = await call(link.dados.url);
  while (res.status >= 300 && res.status < 400) res = await call(res.headers.get('location')!);
  const action = /action="([^"]+)"/.exec(await res.text())![1]!;
  res = await call(action, { method: 'POST', body: `cpf=${cpf}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  let location = res.headers.get('location')!;
  while (!new URL(location, base).pathname.startsWith('/login')) {
    res = await call(location);
    location = res.headers.get('location')!;
  }
  const cb = new URL(location, base);
  const xsrf = jar.get('XSRF-TOKEN')!;
  const login = await call('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ code: cb.searchParams.get('code'), state: cb.searchParams.get('state') }),
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
  });
  const body = (await login.json()) as { dados: { token: string } };
  return { token: body.dados.token, cookie: `XSRF-TOKEN=${xsrf}`, xsrf };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The Node flags `npm start` runs the server with (package.json), so that the memory measured is the product's. */
export const FLAGS_DO_START = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } })
  .scripts.start.split(/\s+/).filter((a) => a.startsWith('--'));

/** Resident memory (MB) of one process, from /proc; 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * The server as production runs it (decision 0015): the bundle `arquivo` (built by the caller with
 * scripts/servidor-esbuild.mjs into a folder of the benchmark's own), run by this Node with npm start's flags, on
 * `porta`, with `env` added. Resolves when /api/health answers.
 */
export async function iniciarServidorEmpacotado(arquivo: string, porta: number, env: Record<string, string>): Promise<{ filho: ChildProcess; base: string }> {
  const filho = spawn(process.execPath, [...FLAGS_DO_START, arquivo], {
    // DEV_IDP_UNSAFE: the benchmarks sign in through the development identity provider on their own databases
    // (DATABASE_URL), on purpose (src/server/inicio.ts).
    env: { ...process.env, PORT: String(porta), PUBLIC_URL: `http://localhost:${porta}`, LOG_LEVEL: 'warn', DEV_IDP_UNSAFE: 'true', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${porta}`;
  for (let i = 0; i < 1200; i++) {
    if (filho.exitCode !== null) throw new Error(`the server on port ${porta} exited with ${filho.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { filho, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  filho.kill('SIGTERM');
  throw new Error(`the server on port ${porta} did not answer /api/health within 120 s`);
}

/** SIGTERM (a clean shutdown) and the wait for the exit. */
export async function pararServidor(filho: ChildProcess): Promise<void> {
  if (filho.exitCode !== null) return;
  const saiu = new Promise((r) => filho.once('exit', r));
  filho.kill('SIGTERM');
  await saiu;
}

/**
 * The CTE `nomes` of the synthetic fishers' seeds: common Brazilian first names (p) and surnames (s), and states
 * weighted as the real registry (uf: Pará the largest). A seed's INSERT … SELECT reads `nomes`.
 */
export const CTE_NOMES_UFS = `
    WITH nomes AS (SELECT
      ARRAY['JOSE','MARIA','ANTONIO','FRANCISCO','ANA','JOAO','RAIMUNDO','FRANCISCA','MANOEL','ANTONIA','PEDRO',
            'LUIZ','PAULO','CARLOS','SEBASTIAO','MARCOS','RAIMUNDA','JOSEFA','EDSON','BENEDITO'] AS p,
      ARRAY['SILVA','SANTOS','OLIVEIRA','SOUZA','RODRIGUES','FERREIRA','ALVES','PEREIRA','LIMA','GOMES','COSTA',
            'RIBEIRO','MARTINS','CARVALHO','ALMEIDA','LOPES','SOARES','FERNANDES','VIEIRA','BARBOSA','ROCHA',
            'DIAS','NASCIMENTO','ANDRADE','MOREIRA','NUNES','MARQUES','MACHADO','MENDES','FREITAS','CARDOSO',
            'RAMOS','GONCALVES','SANTANA','TEIXEIRA','MOURA','CORREIA','PINTO','ARAUJO','CAVALCANTE'] AS s,
      ARRAY['PA','PA','PA','PA','MA','MA','BA','BA','AM','AM','PI','CE','PE','RN','PB','AL','SE','AP','RR','AC',
            'RO','TO','MT','MS','GO','DF','MG','ES','RJ','SP','PR','SC','RS'] AS uf)`;

/** A percentile of sorted times; NaN when there are none. */
export const pct = (ms: number[], p: number) => (ms.length === 0 ? NaN : percentile(ms, p));

const PERFIL_INTERESSADO = 4;

// ---------------------------------------------------------------- processes and their CPU


/** CPU seconds (user + system) of one process; with `filhos`, also of its children it has waited for. */
export function cpuDe(pid: number, filhos = false): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const c = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14–17 of stat, counted here from the state field (the 3rd).
    return (Number(c[11]) + Number(c[12]) + (filhos ? Number(c[13]) + Number(c[14]) : 0)) / 100;
  } catch {
    return 0;
  }
}

/** The database server's CPU: the postmaster (with the backends it reaped) and every live child of it. */
export function cpuDoBanco(postmaster: number): number {
  let total = cpuDe(postmaster, true);
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) total += cpuDe(Number(e));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

// ---------------------------------------------------------------- sessions opened directly

export const ipDe = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
let proximoIp = 1;
/** A new client address (10.x.y.z) for each simulated browser, as a balancer forwards it (TRUST_PROXY=loopback). */
export const proximoIpCliente = () => ipDe(proximoIp++);

/** A signed-in fisher as the browser holds them: the headers of each API call. */
export interface Sessao<P> { pescador: P; headers: Record<string, string> }

export function cabecalhos(token: string, xsrf: string, ip: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'x-forwarded-for': ip, 'content-type': 'application/json' };
}

/** Sessions opened directly (rows in `sessao`, tokens signed as AuthService signs them): for the save and send runs. */
export async function sessoesDiretas<P extends { id: number; cpf: string }>(db: pg.Client, jwtSecret: string, pescadores: P[]): Promise<Sessao<P>[]> {
  const { rows } = await db.query<{ id: string; pescador_id: number }>(`INSERT INTO sessao (cpf, perfil, pescador_id, expira_em)
    SELECT x.cpf, ${PERFIL_INTERESSADO}, x.id, now() + interval '12 hours' FROM unnest($1::int[], $2::text[]) AS x(id, cpf)
    RETURNING id, pescador_id`, [pescadores.map((p) => p.id), pescadores.map((p) => p.cpf)]);
  const sid = new Map(rows.map((r) => [r.pescador_id, r.id]));
  const chave = new TextEncoder().encode(jwtSecret);
  return Promise.all(pescadores.map(async (p) => {
    const iat = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ sub: p.cpf, nome: `PESCADOR ${p.id}`, perfil: PERFIL_INTERESSADO, idPescador: p.id, sid: sid.get(p.id)! })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(iat).setExpirationTime(iat + 3600).setJti(crypto.randomUUID()).sign(chave);
    return { pescador: p, headers: cabecalhos(token, crypto.randomBytes(32).toString('hex'), ipDe(proximoIp++)) };
  }));
}

// ---------------------------------------------------------------- a bare server's authentication

/** An error a bare Fastify answers with this status. */
export const falhaHttp = (status: number, mensagem: string) => Object.assign(new Error(mensagem), { statusCode: status });

/** A bare server's check of the HS256 token (as the product signs it with `jwtSecret`): its signature and expiry. */
function tokenNu(segredo: Buffer, autorizacao: string | undefined): { sub: string; sid: string } {
  const [cabecalho, carga, assinatura] = (autorizacao ?? '').replace(/^Bearer /, '').split('.');
  if (!cabecalho || !carga || !assinatura) throw falhaHttp(401, 'token');
  const esperada = crypto.createHmac('sha256', segredo).update(`${cabecalho}.${carga}`).digest();
  const recebida = Buffer.from(assinatura, 'base64url');
  if (recebida.length !== esperada.length || !crypto.timingSafeEqual(recebida, esperada)) throw falhaHttp(401, 'token');
  const c = JSON.parse(Buffer.from(carga, 'base64url').toString()) as { sub: string; sid: string; exp: number };
  if (c.exp * 1000 < Date.now()) throw falhaHttp(401, 'expirado');
  return c;
}

/**
 * A bare server's authentication of a fisher's call: the token (tokenNu), then its session row; answers the
 * fisher's CPF and id.
 */
export function autenticadorNu(pool: pg.Pool, jwtSecret: string) {
  const segredo = Buffer.from(jwtSecret);
  return async function autenticar(autorizacao: string | undefined): Promise<{ cpf: string; idPescador: number }> {
    const c = tokenNu(segredo, autorizacao);
    const { rows: [s] } = await pool.query<{ pescador_id: number | null }>(`SELECT pescador_id FROM sessao
      WHERE id = $1 AND cpf = $2 AND revogada_em IS NULL AND expira_em > now()`, [c.sid, c.sub]);
    if (!s || s.pescador_id === null) throw falhaHttp(401, 'sessão');
    return { cpf: c.sub, idPescador: s.pescador_id };
  };
}

/** A staff caller as a bare server reads it: `ufs` null when national, an SFPA's own state otherwise. */
export interface ServidorNu { cpf: string; perfil: number; sid: string; orgao: string; ufs: string[] | null }

/** The staff profiles that read staff lists (SFPA, MPA, GESTOR, ADMIN, CONSULTA_INTERNO). */
const PERFIS_LEITORES_NU = [3, 2, 1, 5, 6];

/**
 * A bare server's authentication of a staff call: the token (tokenNu), then its session with the map user's
 * profile, agency and state, refused when the user is blocked or past their validity or reads no staff lists.
 */
export function autenticadorServidorNu(pool: pg.Pool, jwtSecret: string) {
  const segredo = Buffer.from(jwtSecret);
  return async function autenticar(autorizacao: string | undefined): Promise<ServidorNu> {
    const c = tokenNu(segredo, autorizacao);
    const { rows: [s] } = await pool.query<{ perfil: number; orgao: string; uf: string; valido: boolean }>(`
      SELECT um.tipo_usuario AS perfil, um.sigla_orgao AS orgao, um.uf_orgao AS uf,
             NOT u.bloqueado AND (um.validade IS NULL OR um.validade >= (now() AT TIME ZONE 'America/Sao_Paulo')::date) AS valido
      FROM sessao s JOIN usuario_mapa um ON um.id = s.usuario_mapa_id JOIN usuario u ON u.id = um.usuario_id
      WHERE s.id = $1 AND s.cpf = $2 AND s.revogada_em IS NULL AND s.expira_em > now()`, [c.sid, c.sub]);
    if (!s || !s.valido) throw falhaHttp(401, 'sessão');
    if (!PERFIS_LEITORES_NU.includes(s.perfil)) throw falhaHttp(403, 'perfil');
    return { cpf: c.sub, perfil: s.perfil, sid: c.sid, orgao: s.orgao, ufs: s.perfil === 3 ? [s.uf] : null };
  };
}

// ---------------------------------------------------------------- measuring a server's CPU per operation

export interface Leitura { servidor: number; idp: number; banco: number; cliente: number; tx: number }

/** Reads the CPU of the server under test, of the OpenID provider (if any: pid 0 reads 0) and of the database, and the database's transactions. */
export class Medidor {
  private readonly stats: pg.Client;
  constructor(url: string, private readonly postmaster: number, private readonly idp = 0) {
    this.stats = new pg.Client({ connectionString: url, application_name: 'bench' });
  }
  conectar() {
    return this.stats.connect();
  }
  fechar() {
    return this.stats.end();
  }
  async ler(servidor: number): Promise<Leitura> {
    const { rows } = await this.stats.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
    const u = process.cpuUsage();
    return {
      servidor: cpuDe(servidor), idp: cpuDe(this.idp), banco: cpuDoBanco(this.postmaster), cliente: (u.user + u.system) / 1e6, tx: Number(rows[0]!.n),
    };
  }
  /**
   * Per second at rest: the server's (and the others') CPU and the database's transactions with nothing asked,
   * once what came before has been counted.
   */
  async repouso(servidor: number, segundos = 5): Promise<Leitura> {
    await dormir(ASSENTAR_MS);
    const a = await this.ler(servidor);
    await new Promise((r) => setTimeout(r, segundos * 1000));
    const b = await this.ler(servidor);
    return dividir(diferenca(b, a), segundos);
  }
}

export const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A PostgreSQL backend reports its counters (xact_commit) when it goes idle, but at most once a second: what it did
 * in its last second is reported up to 10 s later (PGSTAT_IDLE_INTERVAL). A window's transactions are read that long
 * after it, and a rest is measured only that long after the work before it.
 */
export const ASSENTAR_MS = 11_000;

/**
 * The end of a window of work begun at `antes` and lasting `segundos`: each process's CPU (read at once) and the
 * database's transactions (read once reported), less what the rest would have spent over the same time.
 */
export async function fecharJanela(m: Medidor, pid: number, antes: Leitura, segundos: number, repouso: Leitura): Promise<Leitura> {
  await dormir(500); // grouped writes leave at the end of their turn
  const cpu = diferenca(await m.ler(pid), antes);
  await dormir(ASSENTAR_MS);
  const tx = (await m.ler(pid)).tx - antes.tx;
  const sCpu = segundos + 0.5;
  const sTx = sCpu + ASSENTAR_MS / 1000;
  return {
    servidor: cpu.servidor - repouso.servidor * sCpu, idp: cpu.idp - repouso.idp * sCpu, banco: cpu.banco - repouso.banco * sCpu,
    cliente: cpu.cliente, tx: tx - repouso.tx * sTx,
  };
}

export const diferenca = (b: Leitura, a: Leitura): Leitura => ({
  servidor: b.servidor - a.servidor, idp: b.idp - a.idp, banco: b.banco - a.banco, cliente: b.cliente - a.cliente, tx: b.tx - a.tx,
});
export const dividir = (l: Leitura, n: number): Leitura => ({ servidor: l.servidor / n, idp: l.idp / n, banco: l.banco / n, cliente: l.cliente / n, tx: l.tx / n });

/** One operation's cost: CPU ms of each process and transactions per operation (rest subtracted), rate, latency. */
export interface Custo {
  n: number; erros: number; amostraErro?: string; porSegundo: number; p50: number; p99: number;
  servidorMs: number; idpMs: number; bancoMs: number; clienteMs: number; tx: number; repousoMsPorS: number; repousoTxPorS: number;
  esgotou: boolean;
}

/**
 * A closed loop of `conexoes` clients repeating `op` for `segundos` (each run after its rest is read); `op` answers
 * its time, or undefined when its pool of fishers ran out (the run ends there).
 */
export async function medirOperacao(
  m: Medidor, pid: number, segundos: number, conexoes: number, op: () => Promise<number | undefined>, aquecimento = false,
): Promise<Custo> {
  const repouso = aquecimento ? { servidor: 0, idp: 0, banco: 0, cliente: 0, tx: 0 } : await m.repouso(pid);
  const ms: number[] = [];
  let erros = 0;
  let amostraErro: string | undefined;
  let esgotou = false;
  const antes = await m.ler(pid);
  const t0 = performance.now();
  const fim = t0 + segundos * 1000;
  await Promise.all(Array.from({ length: conexoes }, async () => {
    while (performance.now() < fim && !esgotou) {
      try {
        const t = await op();
        if (t === undefined) esgotou = true;
        else ms.push(t);
      } catch (err) {
        erros++;
        amostraErro ??= String(err instanceof Error ? err.message : err);
      }
    }
  }));
  const decorrido = (performance.now() - t0) / 1000;
  const n = ms.length;
  ms.sort((a, b) => a - b);
  // The rest's share of the window (job polling, timers) is taken out: what is left is the operations'.
  const d = aquecimento ? repouso : await fecharJanela(m, pid, antes, decorrido, repouso);
  return {
    n, erros, amostraErro, porSegundo: n / decorrido, p50: pct(ms, 50), p99: pct(ms, 99),
    servidorMs: (d.servidor * 1000) / n, idpMs: (d.idp * 1000) / n, bancoMs: (d.banco * 1000) / n, clienteMs: (d.cliente * 1000) / n, tx: d.tx / n,
    repousoMsPorS: repouso.servidor * 1000, repousoTxPorS: repouso.tx, esgotou,
  };
}


/** Belém (PA), the municipality of the benchmarks' REAP places. */
export const MUNICIPIO_BELEM = 1501402;

/** The complete artesanal form of `id` (fished all year, two species, a place, a buyer). */
export function formularioReapArtesanal(id: number, anoReferencia: number, enviada: boolean) {
  return {
    id, anoReferencia, categoria: 2, realizouPesca: true, tipoPrestacaoServico: 1, houveComercializacao: true,
    reapsArtesanais: Array.from({ length: 12 }, (_, i) => ({ mesReferencia: i + 1, quantidadeDiasTrabalhados: 10 + (i % 5) })),
    totalDiasTrabalhadoAno: Array.from({ length: 12 }, (_, i) => 10 + (i % 5)).reduce((a, b) => a + b, 0),
    resultadosOperacaoPesca: [
      { especiePescado: { id: 1 }, tipoUnidadeMedida: { id: 1 }, totalPescado: 1234.5, precoQuilo: 12.5 },
      { especiePescado: { id: 2 }, tipoUnidadeMedida: { id: 2 }, totalPescado: 300, precoQuilo: 2 },
    ],
    gruposAlvosPescado: [{ grupoAlvo: 1 }],
    locaisPescaPetrecho: [{ ambientePesca: 1, petrechoPesca: 2, areaPretendidaPesca: { idMunicipio: MUNICIPIO_BELEM, tipoLocalPesca: 1, nomePopularLocalPesca: 'Baía do Guajará' } }],
    ufsComercializacao: [{ uf: 'PA', comercializacoesPescado: [{ tipoComprador: 2 }] }],
    justificativasSolicitacao: [],
    enviada,
  };
}

/** A fisher with an open REAP of the benchmark's year, as the benchmarks that send REAPs seed them. */
export interface PescadorReapAberta { id: number; cpf: string; idQuestionario: number }

/**
 * Fishers of `cpfs` with an active registry (RGP since 2020, Pará, artesanal), named `prefixoNome` and a number, and
 * their open REAP of `ano` (the request REAP_PENDENTE with its history row, the questionnaire not sent), as the
 * generation leaves them; the year's window open for a month, closing in a week (the deadline week), its obligations
 * all created. The caller sets synchronous_commit and vacuums. Answers them in id order.
 */
export async function semearReapAbertas(db: pg.Client, cpfs: string[], prefixoNome: string, ano: number, hoje: string): Promise<PescadorReapAberta[]> {
  await db.query(`
    INSERT INTO pescador (cpf, nome, uf, municipio_id, situacao_registro, categoria, numero_rgp, data_primeiro_rgp)
    SELECT c.cpf, $2 || c.n, 'PA', ${MUNICIPIO_BELEM}, 1, 2, 'PAPA' || lpad(c.n::text, 11, '0'), DATE '2020-03-01'
    FROM unnest($1::text[]) WITH ORDINALITY AS c(cpf, n)`, [cpfs, prefixoNome]);
  await db.query(`
    WITH s AS (
      INSERT INTO solicitacao (pescador_id, tipo, situacao, uf_pescador)
      SELECT p.id, 4, 8, p.uf FROM pescador p WHERE p.cpf = ANY($1::text[])
      RETURNING id, pescador_id),
    h AS (
      INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, motivo)
      SELECT s.id, NULL, 8, 'REAP pendente gerada pelo sistema na abertura do prazo de preenchimento' FROM s)
    INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria)
    SELECT s.id, s.pescador_id, ${ano}, 2 FROM s`, [cpfs]);
  await db.query(`INSERT INTO reap_prazo (ano_referencia, inicio_preenchimento, fim_preenchimento)
    VALUES ($1, $2::date - 30, $2::date + 7)
    ON CONFLICT (ano_referencia) DO UPDATE SET inicio_preenchimento = EXCLUDED.inicio_preenchimento, fim_preenchimento = EXCLUDED.fim_preenchimento`,
  [ano, hoje]);
  await db.query(`INSERT INTO reap_geracao_obrigacoes (ano_referencia, ultimo_pescador_id, criadas, concluida_em)
    VALUES ($1, (SELECT max(id) FROM pescador), 0, now()) ON CONFLICT (ano_referencia) DO NOTHING`, [ano]);
  return (await db.query<PescadorReapAberta>(`SELECT p.id, p.cpf, q.id AS "idQuestionario"
    FROM pescador p JOIN reap_questionario q ON q.pescador_id = p.id AND q.ano_referencia = $2
    WHERE p.cpf = ANY($1::text[]) ORDER BY p.id`, [cpfs, ano])).rows;
}
