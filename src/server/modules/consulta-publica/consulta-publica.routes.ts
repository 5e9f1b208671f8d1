import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../../shared/envelope';
import {
  CABECALHO_CAPTCHA, carteiraPublicaSchema, configuracaoCaptchaSchema, consultaPublicaCarteiraQuery, desafioCaptchaSchema,
  protocoloPublicoParam, protocoloPublicoSchema,
} from '../../../shared/schemas/carteira';
import { texto } from '../../../shared/schemas/primitivos';
import { tokenComprovanteParam } from '../../../shared/schemas/verificacao';
import { ok } from '../../plugins/envelope';
import type { ConsultaPublicaService } from './consulta-publica.service';

/** Lookups per client address and minute (each also costs a solved captcha). */
export const LIMITE_CONSULTAS_POR_MINUTO = 20;
/** Checks of a receipt's QR code per client address and minute: the card's limit (carteira.routes.ts). */
export const LIMITE_VERIFICACAO_COMPROVANTE_POR_MINUTO = 30;
/** Challenges per client address and minute: a page load asks one, a retry another. */
export const LIMITE_DESAFIOS_POR_MINUTO = 30;

/**
 * The captcha header. Optional in the schema on purpose: a missing token is answered by the service with the
 * specification's message (403), not by the schema's generic 400. Other headers pass through untouched.
 */
const cabecalhos = z.looseObject({
  [CABECALHO_CAPTCHA]: texto().optional().describe('Token do CAPTCHA: o payload do ALTCHA (base64) ou a resposta do hCaptcha'),
});

const limite = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/** Anonymous lookups: the captcha challenge, a card by CPF and RGP number, a request by protocol number. */
export const consultaPublicaRoutes: FastifyPluginAsyncZod<{ consultaPublica: ConsultaPublicaService }> = async (app, { consultaPublica }) => {
  // Answers about people or one-time challenges: never kept by a browser or a proxy.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/captcha/configuracao', {
    schema: {
      tags: ['consulta-publica'],
      summary: 'Qual CAPTCHA as consultas públicas pedem: ALTCHA (padrão) ou hCaptcha com a chave pública do site',
      response: { 200: envelopeOf(configuracaoCaptchaSchema) },
    },
  }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok(consultaPublica.configuracao());
  });

  app.get('/api/captcha/desafio', {
    config: limite(LIMITE_DESAFIOS_POR_MINUTO),
    schema: {
      tags: ['consulta-publica'],
      summary: 'Desafio do CAPTCHA (ALTCHA) para as consultas públicas',
      description: 'dados é o desafio exatamente como o altcha-lib v2 o cria ({parameters, signature}); o widget '
        + 'o recebe como challenge. Com o hCaptcha configurado, 404 "Captcha externo configurado".',
      response: { 200: envelopeOf(desafioCaptchaSchema) },
    },
  }, async () => ok(desafioCaptchaSchema.parse(await consultaPublica.desafio())));

  app.get('/api/carteira-profissional/consulta-publica', {
    config: limite(LIMITE_CONSULTAS_POR_MINUTO),
    schema: {
      tags: ['consulta-publica'],
      summary: 'Consulta pública da carteira de pescador profissional por CPF e RGP (CAPTCHA)',
      description: 'Sem login. Responde só o necessário para conferir a carteira, nunca o CPF. CAPTCHA ausente, '
        + 'inválido ou já usado: 403. CPF ou RGP errado: o mesmo 404.',
      querystring: consultaPublicaCarteiraQuery,
      headers: cabecalhos,
      response: { 200: envelopeOf(carteiraPublicaSchema) },
    },
  }, async (req) => ok(await consultaPublica.consultarCarteira(req.query, req.headers[CABECALHO_CAPTCHA], req.ip)));

  app.get('/api/pescador/protocolo-solicitacao-registro/:id', {
    config: limite(LIMITE_CONSULTAS_POR_MINUTO),
    schema: {
      tags: ['consulta-publica'],
      summary: 'Consulta pública de um protocolo de solicitação pelo número do protocolo (CAPTCHA)',
      description: 'id é o número do protocolo (não o id da solicitação). O nome do pescador vem mascarado.',
      params: protocoloPublicoParam,
      headers: cabecalhos,
      response: { 200: envelopeOf(protocoloPublicoSchema) },
    },
  }, async (req) => ok(await consultaPublica.consultarProtocolo(req.params.id, req.headers[CABECALHO_CAPTCHA], req.ip)));

  app.get('/api/protocolo-solicitacao/verificar/:token', {
    // The code is signed (HMAC), so no captcha; the limit and the audit trail bound its use (decision 0044).
    config: limite(LIMITE_VERIFICACAO_COMPROVANTE_POR_MINUTO),
    // The code names a request: the access log of this address is not written (warnings and errors only).
    logLevel: 'warn',
    schema: {
      tags: ['consulta-publica'],
      summary: 'Verifica o comprovante de protocolo pelo código do QR (sem login, sem CAPTCHA)',
      description: 'Responde o mesmo que a consulta pública do protocolo (nome mascarado, sem CPF). Código '
        + 'adulterado: 400 "Código de verificação inválido.".',
      params: tokenComprovanteParam,
      response: { 200: envelopeOf(protocoloPublicoSchema) },
    },
  }, async (req) => {
    const { protocolo, mensagem } = await consultaPublica.verificarProtocolo(req.params.token, req.ip);
    return ok(protocolo, mensagem);
  });
};
