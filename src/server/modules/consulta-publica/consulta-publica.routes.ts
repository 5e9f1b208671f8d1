import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as c from '../../../shared/contratos/consulta-publica';
import { CABECALHO_CAPTCHA } from '../../../shared/schemas/carteira';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import { rotaDeVerificacao } from '../../plugins/verificacao-publica';
import type { ConsultaPublicaService, ContagemDoLimite } from './consulta-publica.service';

/** Lookups per client address and minute (each also costs a solved captcha). */
export const LIMITE_CONSULTAS_POR_MINUTO = 20;
/** Checks of a receipt's QR code per client address and minute: the card's limit (carteira.routes.ts). */
export const LIMITE_VERIFICACAO_COMPROVANTE_POR_MINUTO = 30;
/** Challenges per client address and minute: a page load asks one, a retry another. */
export const LIMITE_DESAFIOS_POR_MINUTO = 30;

const JANELA_MS = 60_000;
const limite = (max: number) => ({ rateLimit: { max, timeWindow: JANELA_MS } });

/** The captcha token of the lookup (the contract's header; Node joins a repeated one into one text). */
function tokenCaptcha(req: FastifyRequest): string | undefined {
  const token = req.headers[CABECALHO_CAPTCHA];
  return typeof token === 'string' ? token : undefined;
}

/** Anonymous lookups: the captcha challenge, a card by CPF and RGP number, a request by protocol number. */
export const consultaPublicaRoutes: FastifyPluginAsync<{ consultaPublica: ConsultaPublicaService }> = async (app, { consultaPublica }) => {
  // Answers about people or one-time challenges: never kept by a browser or a proxy.
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  rota(app, c.configuracaoCaptcha, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return ok(consultaPublica.configuracao());
  });

  rota(app, c.desafio, async () => ok(c.desafio.resposta.parse(await consultaPublica.desafio())), { config: limite(LIMITE_DESAFIOS_POR_MINUTO) });

  // With the PostgreSQL store the lookup counts its limit in its own statement (decision 0164): the route's limiter
  // only hands it the client's key, as it would have counted it, and the answer carries the same headers.
  const chaveDoLimite = Symbol('chave do limite da consulta');
  type ComChave = FastifyRequest & { [chaveDoLimite]?: string };
  rota(app, c.consultarCarteira, async (req, reply) => {
    const chaveCliente = (req as ComChave)[chaveDoLimite];
    const limiteNaConsulta = chaveCliente === undefined ? null
      : { chaveCliente, max: LIMITE_CONSULTAS_POR_MINUTO, janelaMs: JANELA_MS };
    const aoContar = ({ max, atual, ttlMs }: ContagemDoLimite) => {
      const ttl = Math.ceil(ttlMs / 1000);
      void reply.header('x-ratelimit-limit', max).header('x-ratelimit-remaining', Math.max(0, max - atual)).header('x-ratelimit-reset', ttl);
      if (atual > max) void reply.header('x-ratelimit-remaining', 0).header('retry-after', ttl);
    };
    // A query the schema refused still counts against the limit, and is answered as the schema answers it.
    const invalida = req.validationError;
    const carteira = await consultaPublica.consultarCarteira(invalida ? null : req.query, tokenCaptcha(req), req.ip, limiteNaConsulta, aoContar);
    if (invalida) throw invalida;
    return ok(carteira!);
  }, {
    config: {
      rateLimit: {
        max: LIMITE_CONSULTAS_POR_MINUTO, timeWindow: JANELA_MS,
        allowList: (req, chave) => {
          if (!consultaPublica.contaOLimiteDaCarteira) return false;
          (req as ComChave)[chaveDoLimite] = chave;
          return true;
        },
      },
    },
    attachValidation: true,
  });

  rota(app, c.consultarProtocolo, async (req) => ok(await consultaPublica.consultarProtocolo(req.params.id, tokenCaptcha(req), req.ip)), {
    config: limite(LIMITE_CONSULTAS_POR_MINUTO),
  });

  rota(app, c.consultarListaDoAto, async (req) => ok(await consultaPublica.consultarListaDoAto(req.query, tokenCaptcha(req), req.ip)), {
    config: limite(LIMITE_CONSULTAS_POR_MINUTO),
  });

  rotaDeVerificacao(app, c.verificarProtocolo, async (token, ip) => {
    const { protocolo, mensagem } = await consultaPublica.verificarProtocolo(token, ip);
    return { dados: protocolo, mensagem };
  }, LIMITE_VERIFICACAO_COMPROVANTE_POR_MINUTO);
};
