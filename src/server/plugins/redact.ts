import type { FastifyRequest } from 'fastify';

/**
 * Logs never hold personal data: CPF-like digit runs in addresses, tokens in query strings and the
 * credentials in headers are masked before anything is written.
 */
const CPF_LIKE = /\d{3}\.?\d{3}\.?\d{3}-?\d{2}/g;
// Query keys that carry secrets or personal data (the staff lists filter by name, e-mail and phone).
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

export const logSerializers = {
  req(req: FastifyRequest) {
    return {
      method: req.method,
      url: maskUrl(req.url),
      remoteAddress: req.ip,
    };
  },
};
