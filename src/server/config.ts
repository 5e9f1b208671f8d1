import path from 'node:path';
import { z } from 'zod';

/**
 * The whole environment, parsed once at boot. Nothing else in the server reads process.env.
 * A wrong value stops the start with a message naming the variable.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanFromEnv.default(false),

    DATABASE_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5488),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    SEED_DEMO: booleanFromEnv.optional(),

    JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
    SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(72).default(12),

    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),

    WORKDAY_START: hhmm.default('07:00'),
    WORKDAY_END: hhmm.default('19:00'),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
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
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && oidc === 0) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'is required in production (gov.br Login Único)' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  database: { url: string | undefined; embeddedPort: number; poolMax: number };
  dataDir: string;
  seedDemo: boolean;
  auth: {
    jwtSecret: string | undefined;
    tokenTtlSeconds: number;
    sessionTtlHours: number;
  };
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  workday: { start: string; end: string };
  bodyLimit: number;
  webDistDir: string;
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
    host: e.HOST,
    publicUrl: e.PUBLIC_URL.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    database: { url: e.DATABASE_URL, embeddedPort: e.EMBEDDED_PG_PORT, poolMax: e.DB_POOL_MAX },
    dataDir,
    // Demo accounts exist only where nobody could mistake them for real ones: the embedded database,
    // or where an operator asks for them explicitly.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    auth: {
      jwtSecret: e.JWT_SECRET,
      tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
      sessionTtlHours: e.SESSION_TTL_HOURS,
    },
    oidc: e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
      : undefined,
    workday: { start: e.WORKDAY_START, end: e.WORKDAY_END },
    bodyLimit: e.BODY_LIMIT_BYTES,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
  };
}
