import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/carteira';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import { enviarArquivo } from '../../lib/arquivos-http';
import type { CarteiraService } from './carteira.service';

/** Checks of a card's QR code per client address and minute. */
export const LIMITE_VERIFICACAO_POR_MINUTO = 30;

/** The professional card: the printable PDF and the check of its QR code. */
export const carteiraRoutes: FastifyPluginAsync<{ carteira: CarteiraService }> = async (app, { carteira }) => {
  rota(app, c.imprimir, async (req, reply) => {
    const { numeroRgp, pdf } = await carteira.imprimir(atorDe(req), req.params.id);
    const nome = `carteira-${numeroRgp.replace(/[^A-Za-z0-9._-]/g, '-')}.pdf`;
    return enviarArquivo(reply, { bytes: pdf, mime: 'application/pdf', nomeArquivo: nome }, `inline; filename="${nome}"`);
  });

  rota(app, c.verificar, async (req, reply) => {
    const { verificacao, mensagem } = await carteira.verificar(req.params.token, req.ip);
    reply.header('cache-control', 'no-store');
    return ok(verificacao, mensagem);
  }, {
    // The code is unguessable (HMAC), so no captcha; the limit and the audit trail bound its use.
    config: { rateLimit: { max: LIMITE_VERIFICACAO_POR_MINUTO, timeWindow: '1 minute' } },
    // The code carries the RGP number: the access log of this address is not written (warnings and errors only).
    logLevel: 'warn',
  });
};
