import type { FastifyInstance } from 'fastify';
import type { Contrato } from '../../shared/contrato';
import { rota } from './contratos';
import { ok } from './envelope';

/**
 * A public check of the code a receipt's QR code carries (card, protocol receipt, REAP 2ª via), for anyone, with
 * no sign-in and no captcha: the code is signed (HMAC) and cannot be guessed, so a limit per client address and
 * minute and the audit trail the service writes bound its use (decision 0044). The answer is never cached, and the
 * access log of the address is not written (warnings and errors only), because the code names a fisher's record.
 */
export function rotaDeVerificacao<C extends Contrato>(
  app: FastifyInstance,
  c: C,
  verificar: (token: string, ip: string) => Promise<{ dados: unknown; mensagem: string }>,
  limitePorMinuto: number,
): void {
  rota(app, c, async (req, reply) => {
    const { dados, mensagem } = await verificar((req.params as { token: string }).token, req.ip);
    reply.header('cache-control', 'no-store');
    return ok(dados, mensagem);
  }, {
    config: { rateLimit: { max: limitePorMinuto, timeWindow: '1 minute' } },
    logLevel: 'warn',
  });
}
