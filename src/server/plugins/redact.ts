import type { FastifyRequest } from 'fastify';
import pino from 'pino';

/** Logs never hold personal data: CPF-like digit runs, tokens in query strings and credentials are masked. */
const CPF_LIKE = /\d{3}\.?\d{3}\.?\d{3}-?\d{2}/g;
// The staff lists filter by name, e-mail and phone.
const SECRET_QUERY = /([?&](?:jwt|token|code|state|cpf|rgp|assinatura|protocolo|nome|nomePescador|email|telefone)=)[^&]*/gi;

const SECRET_PATH = /(\/verificar\/)[^/?]+/g;

export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1***').replace(SECRET_PATH, '$1***').replace(CPF_LIKE, '***');
}

export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-hcaptcha-token"]',
  'res.headers["set-cookie"]',
  '*.cpf',
  '*.token',
  '*.senha',
  '*.password',
];

/** What PostgreSQL says about a failed statement that names no value: SQLSTATE, constraint, table, column. */
const CAMPOS_DO_BANCO = ['code', 'severity', 'constraint', 'table', 'column', 'dataType', 'schema', 'routine'] as const;

function erroDoBanco(e: unknown): e is Record<(typeof CAMPOS_DO_BANCO)[number], unknown> & Error {
  const code = e instanceof Error ? (e as unknown as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && 'severity' in (e as object);
}

/**
 * A failed query and PostgreSQL's own message carry the values sent (a CPF, a name): database errors are logged by
 * code, constraint and table only.
 */
export function serializarErro(err: unknown, profundidade = 0): unknown {
  if (!(err instanceof Error) || profundidade > 4) return err instanceof Error ? { type: err.name } : err;
  const causa = (err as { cause?: unknown }).cause;
  if (erroDoBanco(err)) {
    const saida: Record<string, unknown> = { type: 'DatabaseError', message: `database error ${err.code}` };
    for (const k of CAMPOS_DO_BANCO) if (err[k] !== undefined) saida[k] = err[k];
    return saida;
  }
  if ('params' in err && 'query' in err) {
    // DrizzleQueryError: neither the SQL with its values nor the parameters.
    return { type: err.name, message: 'query failed', ...(causa !== undefined ? { cause: serializarErro(causa, profundidade + 1) } : {}) };
  }
  const base = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  if (causa !== undefined) {
    base.cause = serializarErro(causa, profundidade + 1);
    // pino folds the causes' messages into the top ones: write only this error's own.
    base.message = err.message;
    base.stack = err.stack;
  }
  return base;
}

export const logSerializers = {
  err: (err: Error) => serializarErro(err),
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: maskUrl(req.url),
      remoteAddress: req.ip,
    };
  },
};

export function opcoesDeLog(level: string): pino.LoggerOptions {
  return { level, redact: { paths: logRedactPaths, censor: '[oculto]' }, serializers: logSerializers };
}
