import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { S3StorageOptions } from './adapters/storage/s3-storage';
import { LIMITE_RELATORIO_SINCRONO } from '../shared/schemas/relatorio';
import type { TemposDoPool } from './db/client';

/** Nothing else in the server reads process.env; a wrong value stops the start naming the variable. */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const dataCalendario = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'use YYYY-MM-DD').refine((v) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'is not a date of the calendar');

const FAIXAS_NOMEADAS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `true` and a hop count are refused: either would believe an address a client wrote itself (decision 0067). */
const trustProxy = z.string().trim().transform((v, ctx): false | string[] => {
  const minusculo = v.toLowerCase();
  if (minusculo === '' || minusculo === 'false' || minusculo === 'no' || minusculo === '0') return false;
  const explicacao = 'name the proxies in front of the server by address or CIDR (10.0.0.5 or 10.244.0.0/16; loopback for a proxy '
    + 'on this machine), so that an address a client writes in X-Forwarded-For is never believed / informe os endereços dos proxies';
  if (minusculo === 'true' || minusculo === 'yes') {
    ctx.addIssue({ code: 'custom', message: `true would trust every hop, so a client could write its own address (and pass the rate limits); ${explicacao}` });
    return z.NEVER;
  }
  if (/^\d+$/.test(minusculo)) {
    ctx.addIssue({ code: 'custom', message: `a hop count cannot tell the proxy from a client that reaches the server directly; ${explicacao}` });
    return z.NEVER;
  }
  const enderecos = v.split(',').map((a) => a.trim()).filter(Boolean);
  const invalidos = enderecos.filter((a) => !FAIXAS_NOMEADAS.has(a.toLowerCase()) && !enderecoOuFaixa(a));
  if (enderecos.length === 0 || invalidos.length > 0) {
    ctx.addIssue({ code: 'custom', message: `not an IP address, CIDR range or range name: ${invalidos.join(', ') || v}; use false, or ${explicacao}` });
    return z.NEVER;
  }
  return enderecos.map((a) => (FAIXAS_NOMEADAS.has(a.toLowerCase()) ? a.toLowerCase() : a));
});

function enderecoOuFaixa(a: string): boolean {
  const [ip, prefixo, ...resto] = a.split('/');
  const versao = net.isIP(ip ?? '');
  if (versao === 0 || resto.length > 0) return false;
  if (prefixo === undefined) return true;
  return /^\d{1,3}$/.test(prefixo) && Number(prefixo) <= (versao === 4 ? 32 : 128);
}

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // Unset: every interface in production, else loopback only, so the development sign-in is not on the network.
    HOST: z.string().min(1).optional(),
    // Unset: http://localhost:PORT, so `PORT=3202 npm start` signs in on its own port.
    PUBLIC_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxy.default(false),
    // 'memoria' is for one instance only: two would double every limit (decision 0041).
    RATE_LIMIT_STORE: z.enum(['postgres', 'memoria']).default('postgres'),

    DATABASE_URL: z.url().optional(),
    // A standby for the heavy reads that tolerate a little lag.
    DATABASE_REPLICA_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5488),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    // The job queue's own pool, beside DB_POOL_MAX (docs/operations.md, "Connection budget").
    JOBS_POOL_MAX: z.coerce.number().int().min(2).max(50).default(4),
    // How often an idle job queue is asked for work, at most (a job may ask more often); decision 0210.
    JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(300).default(30),
    DB_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    // 0 turns one off.
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(120_000),
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
    // web: requests only; jobs: the job workers (and health, metrics); both: one process for everything.
    INSTANCE_ROLE: z.enum(['web', 'jobs', 'both']).default('both'),
    SEED_DEMO: booleanFromEnv.optional(),

    JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
    SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(72).default(12),
    PHONE_ID_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    FILE_SIGNING_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    ANALISE_TEMPO_BLOQUEIO_MINUTOS: z.coerce.number().int().min(1).max(1440).default(60),
    PRAZO_ATUALIZACAO_DIAS: z.coerce.number().int().min(1).max(365).default(30),
    SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name').optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PREFIX: z.string().regex(/^([A-Za-z0-9_-]+\/)*$/, 'use folder names ending in /, e.g. documentos/').default(''),
    // Captcha of the public lookups: hCaptcha when HCAPTCHA_SECRET is set, else the self-hosted ALTCHA.
    HCAPTCHA_SECRET: z.string().min(1).optional(),
    HCAPTCHA_SITEKEY: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'must be the site key hCaptcha issued').optional(),
    CAPTCHA_HMAC_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    CARTEIRA_TOKEN_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),

    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    // Mounts the development identity provider where src/server/inicio.ts refuses it: tests and drills only.
    DEV_IDP_UNSAFE: booleanFromEnv.default(false),

    BCPF_URL: z.url().optional(),
    BCPF_USUARIO: z.string().min(1).optional(),
    BCPF_SENHA: z.string().min(1).optional(),
    BCPF_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),

    SMTP_HOST: z.string().min(1).optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    SMTP_USER: z.string().min(1).optional(),
    SMTP_PASSWORD: z.string().min(1).optional(),
    SMTP_TLS: booleanFromEnv.default(false),
    EMAIL_REMETENTE: z.string().min(3).default('RGP <nao-responda@rgp.gov.br>'),
    // SMS through an HTTP gateway (decision 0150); without a URL, each message is a file under DATA_DIR/sms-saida.
    SMS_GATEWAY_URL: z.url().optional(),
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    // The gov.br mailbox API; without a URL, each message is a file under DATA_DIR/govbr-caixa.
    GOVBR_CAIXA_URL: z.url().optional(),
    GOVBR_CAIXA_TOKEN: z.string().min(1).optional(),
    LOTE_TAMANHO_BLOCO: z.coerce.number().int().min(1).max(20_000).default(2000),
    LOTE_RETOMAR_APOS_SEGUNDOS: z.coerce.number().int().min(1).max(86_400).default(120),
    // Fishers per transaction when a year's REAP obligations are created (decision 0051).
    REAP_BLOCO_OBRIGACOES: z.coerce.number().int().min(1).max(200_000).default(10_000),
    // A REAP round with no block committed for this long died; the minute job resumes it (decision 0055).
    REAP_RETOMAR_APOS_SEGUNDOS: z.coerce.number().int().min(1).max(86_400).default(120),
    // Fishers up to which the report file is written in the request, not by a job (decision 0036).
    RELATORIO_LIMITE_SINCRONO: z.coerce.number().int().min(0).max(1_000_000).default(LIMITE_RELATORIO_SINCRONO),
    // Decision 0050.
    RELATORIO_HEAP_MB: z.coerce.number().int().min(32).max(4096).default(160),
    // The outbox's drain thread (decision 0245): its heap cap, and the web's event loop delay over which it waits.
    NOTIFICACAO_HEAP_MB: z.coerce.number().int().min(16).max(4096).default(64),
    NOTIFICACAO_ATRASO_MAXIMO_MS: z.coerce.number().int().min(0).max(60_000).default(30),
    NOTIFICACAO_PRIORIDADE_MENOR: z.coerce.number().int().min(0).max(19).default(5),
    // Decision 0049.
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).optional(),

    // The CIN is required from this São Paulo date on (decision 0053); unset, never.
    CIN_OBRIGATORIA_DESDE: z.union([z.literal(''), dataCalendario]).optional().transform((v) => v || null),

    WORKDAY_START: hhmm.default('07:00'),
    WORKDAY_END: hhmm.default('19:00'),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    WEB_DIST_DIR: z.string().min(1).default('./dist/web'),

    // Never the public port (decision 0048). Off outside production, where instances share one machine.
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().min(1).default('0.0.0.0'),
    METRICS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2000),
    // Load shedding thresholds (decision 0070); 0 turns one off.
    OVERLOAD_MAX_SERVER_TIME_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    OVERLOAD_MAX_HEAP_MB: z.coerce.number().int().min(0).max(65_536).default(0),
    OVERLOAD_MAX_RSS_MB: z.coerce.number().int().min(0).max(65_536).default(0),
    OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc !== 0 && oidc !== 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none for the development identity provider',
      });
    }
    if (Boolean(env.HCAPTCHA_SECRET) !== Boolean(env.HCAPTCHA_SITEKEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['HCAPTCHA_SITEKEY'],
        message: 'set HCAPTCHA_SECRET and HCAPTCHA_SITEKEY together, or none for the self-hosted ALTCHA',
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or none for the SDK\'s credential chain',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT: the metrics are never served on the public port' });
    }
    // A range of every private address would trust a client on a private network as a proxy.
    const amplas = env.NODE_ENV === 'production' && env.TRUST_PROXY ? env.TRUST_PROXY.filter((a) => a === 'uniquelocal' || a === 'linklocal') : [];
    if (amplas.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message: `${amplas.join(', ')} trusts every private address in production, so a client on a private network could write its own address; `
          + 'name the proxies by address or by the pod network\'s CIDR (10.244.0.0/16) / informe os endereços dos proxies',
      });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && oidc === 0) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'is required in production (gov.br Login Único)' });
    }
    // Keys of their own in production: printed cards must outlive a rotation of the token key.
    if (env.NODE_ENV === 'production' && !env.HCAPTCHA_SECRET && !env.CAPTCHA_HMAC_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_HMAC_SECRET'], message: 'is required in production unless HCAPTCHA_SECRET is set' });
    }
    if (env.NODE_ENV === 'production' && !env.CARTEIRA_TOKEN_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['CARTEIRA_TOKEN_SECRET'], message: 'is required in production (it signs the QR codes of printed cards)' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: false | string[];
  rateLimitStore: Env['RATE_LIMIT_STORE'];
  database: {
    url: string | undefined; replicaUrl: string | undefined; embeddedPort: number; poolMax: number; poolJobsMax: number;
    jobsPollSeconds: number;
    tempos: TemposDoPool;
  };
  papel: 'web' | 'jobs' | 'both';
  dataDir: string;
  seedDemo: boolean;
  auth: {
    jwtSecret: string | undefined;
    tokenTtlSeconds: number;
    sessionTtlHours: number;
    /** Decision 0069; absent, derived (HKDF) from the token key. */
    phoneIdSecret: string | undefined;
  };
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  devIdpInseguro: boolean;
  files: {
    signingSecret: string | undefined;
    signedUrlTtlSeconds: number;
    s3: S3StorageOptions | undefined;
  };
  workday: { start: string; end: string };
  regras: { cinObrigatoriaDesde: string | null };
  analise: { tempoBloqueioMinutos: number; prazoAtualizacaoDias: number };
  captcha: {
    hcaptchaSecret: string | undefined;
    hcaptchaSiteKey: string | undefined;
    hmacSecret: string | undefined;
  };
  carteira: {
    tokenSecret: string | undefined;
  };
  bodyLimit: number;
  webDistDir: string;
  email: {
    remetente: string;
    smtp: { host: string; port: number; secure: boolean; user: string | undefined; password: string | undefined } | undefined;
  };
  /** The HTTP channels of the notices' outbox; undefined writes local files (decision 0150). */
  canais: { sms: { url: string; token: string | undefined } | undefined; govbr: { url: string; token: string | undefined } | undefined };
  lote: { tamanhoBloco: number; retomarAposSegundos: number };
  reap: { tamanhoBlocoObrigacoes: number; retomarAposSegundos: number };
  relatorio: { limiteSincrono: number; heapMb: number };
  notificacao: { heapMb: number; atrasoMaximoMs: number; prioridadeMenor: number };
  drenagemSegundos: number;
  bcpf: { url: string | undefined; usuario: string | undefined; senha: string | undefined; timeoutMs: number };
  metricas: { porta: number; host: string; tempoLimiteMs: number };
  sobrecarga: {
    tempoMaximoNoServidorMs: number; atrasoMaximoMs: number; heapMaximoBytes: number; rssMaximoBytes: number; retryAfterSegundos: number;
  };
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitStore: e.RATE_LIMIT_STORE,
    database: {
      url: e.DATABASE_URL, replicaUrl: e.DATABASE_REPLICA_URL, embeddedPort: e.EMBEDDED_PG_PORT, poolMax: e.DB_POOL_MAX,
      poolJobsMax: e.JOBS_POOL_MAX, jobsPollSeconds: e.JOBS_POLL_SECONDS,
      tempos: { conexaoMs: e.DB_CONNECTION_TIMEOUT_MS, consultaMs: e.DB_STATEMENT_TIMEOUT_MS, ociosoEmTransacaoMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS },
    },
    papel: e.INSTANCE_ROLE,
    dataDir,
    // Demo accounts exist only where nobody could mistake them for real ones: the embedded database,
    // or where an operator asks for them explicitly.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    auth: {
      jwtSecret: e.JWT_SECRET,
      tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
      sessionTtlHours: e.SESSION_TTL_HOURS,
      phoneIdSecret: e.PHONE_ID_SECRET,
    },
    oidc: e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
      : undefined,
    devIdpInseguro: e.DEV_IDP_UNSAFE,
    files: {
      signingSecret: e.FILE_SIGNING_SECRET,
      signedUrlTtlSeconds: e.SIGNED_URL_TTL_SECONDS,
      s3: e.S3_BUCKET
        ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          // S3-compatible services mostly want path-style addresses; AWS itself, virtual-hosted ones.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
          prefix: e.S3_PREFIX,
        }
        : undefined,
    },
    workday: { start: e.WORKDAY_START, end: e.WORKDAY_END },
    regras: { cinObrigatoriaDesde: e.CIN_OBRIGATORIA_DESDE },
    analise: { tempoBloqueioMinutos: e.ANALISE_TEMPO_BLOQUEIO_MINUTOS, prazoAtualizacaoDias: e.PRAZO_ATUALIZACAO_DIAS },
    captcha: { hcaptchaSecret: e.HCAPTCHA_SECRET, hcaptchaSiteKey: e.HCAPTCHA_SITEKEY, hmacSecret: e.CAPTCHA_HMAC_SECRET },
    carteira: { tokenSecret: e.CARTEIRA_TOKEN_SECRET },
    bodyLimit: e.BODY_LIMIT_BYTES,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    canais: {
      sms: e.SMS_GATEWAY_URL ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN } : undefined,
      govbr: e.GOVBR_CAIXA_URL ? { url: e.GOVBR_CAIXA_URL, token: e.GOVBR_CAIXA_TOKEN } : undefined,
    },
    email: {
      remetente: e.EMAIL_REMETENTE,
      smtp: e.SMTP_HOST
        ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_TLS, user: e.SMTP_USER, password: e.SMTP_PASSWORD }
        : undefined,
    },
    lote: { tamanhoBloco: e.LOTE_TAMANHO_BLOCO, retomarAposSegundos: e.LOTE_RETOMAR_APOS_SEGUNDOS },
    reap: { tamanhoBlocoObrigacoes: e.REAP_BLOCO_OBRIGACOES, retomarAposSegundos: e.REAP_RETOMAR_APOS_SEGUNDOS },
    relatorio: { limiteSincrono: e.RELATORIO_LIMITE_SINCRONO, heapMb: e.RELATORIO_HEAP_MB },
    notificacao: { heapMb: e.NOTIFICACAO_HEAP_MB, atrasoMaximoMs: e.NOTIFICACAO_ATRASO_MAXIMO_MS, prioridadeMenor: e.NOTIFICACAO_PRIORIDADE_MENOR },
    drenagemSegundos: e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0),
    bcpf: { url: e.BCPF_URL, usuario: e.BCPF_USUARIO, senha: e.BCPF_SENHA, timeoutMs: e.BCPF_TIMEOUT_MS },
    metricas: { porta: e.METRICS_PORT ?? (e.NODE_ENV === 'production' ? 9464 : 0), host: e.METRICS_HOST, tempoLimiteMs: e.METRICS_TIMEOUT_MS },
    sobrecarga: {
      // Tests build many apps on two shared cores: shedding there would fail unrelated tests, so it is opt-in.
      tempoMaximoNoServidorMs: e.OVERLOAD_MAX_SERVER_TIME_MS ?? (e.NODE_ENV === 'test' ? 0 : 500),
      atrasoMaximoMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 200),
      heapMaximoBytes: e.OVERLOAD_MAX_HEAP_MB * 1024 * 1024,
      rssMaximoBytes: e.OVERLOAD_MAX_RSS_MB * 1024 * 1024,
      retryAfterSegundos: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
  };
}
