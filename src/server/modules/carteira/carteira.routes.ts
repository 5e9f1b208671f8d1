import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import { tokenCarteiraParam, verificacaoCarteiraSchema } from '../../../shared/schemas/carteira';
import { idParam } from '../../../shared/schemas/primitivos';
import { atorDe } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { enviarArquivo } from '../../lib/arquivos-http';
import { LEITORES } from '../escopo';
import type { CarteiraService } from './carteira.service';


/** The fisher and the staff who read fishers; CONSULTA_EXTERNO may not print (product guide, "Who may do what"). */
const IMPRESSORES = LEITORES;

/** Checks of a card's QR code per client address and minute. */
export const LIMITE_VERIFICACAO_POR_MINUTO = 30;

/** The professional card: the printable PDF and the check of its QR code. */
export const carteiraRoutes: FastifyPluginAsyncZod<{ carteira: CarteiraService }> = async (app, { carteira }) => {
  app.get('/api/pescador/:id/imprimir-carteira', {
    preValidation: app.autorizar(...IMPRESSORES),
    schema: {
      tags: ['carteira-profissional'],
      summary: 'Carteira de pescador profissional (PDF) com código QR de verificação',
      description: 'Só com o registro ATIVO (406 caso contrário). O pescador imprime a própria; servidores, os '
        + 'pescadores do seu escopo (auditado); a consulta externa não imprime.',
      security: [{ bearer: [] }],
      params: idParam,
      produces: ['application/pdf'],
      response: { 200: z.string().describe('PDF (application/pdf)') },
      outrosErros: [406],
    },
  }, async (req, reply) => {
    const { numeroRgp, pdf } = await carteira.imprimir(atorDe(req), req.params.id);
    const nome = `carteira-${numeroRgp.replace(/[^A-Za-z0-9._-]/g, '-')}.pdf`;
    return enviarArquivo(reply, { bytes: pdf, mime: 'application/pdf', nomeArquivo: nome }, `inline; filename="${nome}"`);
  });

  app.get('/api/carteira-profissional/verificar/:token', {
    // The code is unguessable (HMAC), so no captcha; the limit and the audit trail bound its use.
    config: { rateLimit: { max: LIMITE_VERIFICACAO_POR_MINUTO, timeWindow: '1 minute' } },
    // The code carries the RGP number: the access log of this address is not written (warnings and errors only).
    logLevel: 'warn',
    schema: {
      tags: ['carteira-profissional'],
      summary: 'Verifica a carteira pelo código do QR (sem CPF, sem login)',
      description: 'valida é verdadeiro só para a emissão mais recente de um registro ativo; senão motivo diz por quê. '
        + 'Código adulterado: 400.',
      params: tokenCarteiraParam,
      response: { 200: envelopeOf(verificacaoCarteiraSchema) },
    },
  }, async (req, reply) => {
    const { verificacao, mensagem } = await carteira.verificar(req.params.token, req.ip);
    reply.header('cache-control', 'no-store');
    return ok(verificacao, mensagem);
  });
};
