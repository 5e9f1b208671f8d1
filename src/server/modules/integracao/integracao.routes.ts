import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as c from '../../../shared/contratos/integracao';
import { CAMINHO_TOKEN_CLIENTE } from '../../../shared/schemas/integracao';
import { AppError } from '../../lib/errors';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import { ErroOAuth, type ClienteAutenticado, type ClienteIntegracaoService, type PedidoToken } from './cliente.service';
import type { IntegracaoService } from './integracao.service';
import type { ListaSinalizadaService } from './lista.service';
import type { WebhookService } from './webhook.service';

declare module 'fastify' {
  interface FastifyRequest {
    clienteIntegracao: ClienteAutenticado | null;
  }
}

function clienteDe(req: FastifyRequest): ClienteAutenticado {
  if (!req.clienteIntegracao) throw AppError.unauthorized('Token de cliente ausente.');
  return req.clienteIntegracao;
}

/** Each client has its own budget per minute, counted after its guard named it (decision 0120). */
const LIMITE_DO_CLIENTE = {
  rateLimit: {
    hook: 'preHandler' as const,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `cliente-integracao:${req.clienteIntegracao?.id ?? req.ip}`,
    max: (req: FastifyRequest) => req.clienteIntegracao?.limitePorMinuto ?? 1,
  },
};

/** RFC 6749 §2.3.1: `client_id:client_secret`, each form-urlencoded. */
function basicDe(req: FastifyRequest): PedidoToken['basic'] {
  const h = req.headers.authorization;
  if (!h?.toLowerCase().startsWith('basic ')) return undefined;
  const texto = Buffer.from(h.slice(6).trim(), 'base64').toString('utf8');
  const i = texto.indexOf(':');
  if (i < 0) return undefined;
  try {
    return { id: decodeURIComponent(texto.slice(0, i).replace(/\+/g, ' ')), segredo: decodeURIComponent(texto.slice(i + 1).replace(/\+/g, ' ')) };
  } catch {
    return undefined;
  }
}

/**
 * A feed page (1,000 events) or a lookup (1,000 CPFs) built by the service, typed as its contract, is sent as JSON
 * without the response schema's second pass over every item (decision 0127): the service writes each field by name,
 * so there is nothing for that pass to strip. A string with a JSON content type is sent by Fastify as it is.
 */
function jsonDireto(reply: FastifyReply, corpo: unknown): string {
  reply.type('application/json; charset=utf-8');
  return JSON.stringify(corpo);
}

const CAMPOS_TOKEN = ['grant_type', 'scope', 'client_id', 'client_secret', 'client_assertion_type', 'client_assertion'] as const;

export const integracaoRoutes: FastifyPluginAsync<{
  clientes: ClienteIntegracaoService; integracao: IntegracaoService; webhooks: WebhookService; listas: ListaSinalizadaService;
}> = async (app, { clientes, integracao, webhooks, listas }) => {
  app.decorateRequest('clienteIntegracao', null);
  // Credentials and personal data: never kept by a cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, corpo, feito) => {
    feito(null, Object.fromEntries(new URLSearchParams(corpo as string)));
  });

  // OAuth's own endpoint, answered in OAuth's shape (RFC 6749 §5): the OpenAPI document names it as the scheme's tokenUrl.
  app.post(CAMINHO_TOKEN_CLIENTE, {
    schema: { hide: true },
    config: { rateLimit: { max: 60, timeWindow: 60_000 } },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const corpo = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const pedido: PedidoToken = { basic: basicDe(req) };
    for (const campo of CAMPOS_TOKEN) {
      const v = corpo[campo];
      if (typeof v === 'string' && v.length <= 8192 && !v.includes('\u0000')) pedido[campo] = v;
    }
    try {
      return await clientes.emitirToken(pedido);
    } catch (err) {
      if (!(err instanceof ErroOAuth)) throw err;
      if (err.status === 401 && pedido.basic) reply.header('www-authenticate', 'Basic realm="rgp-integracao"');
      return reply.code(err.status).send({ error: err.codigo, error_description: err.descricao });
    }
  });

  rota(app, c.listarClientes, async () => ok({ itens: await clientes.listar() }));
  rota(app, c.cadastrarCliente, async (req) => ok(await clientes.cadastrar(atorDe(req), req.body), 'Cliente cadastrado. Guarde a credencial: ela não será mostrada de novo.'));
  rota(app, c.rotacionarCredencial, async (req) => ok(
    await clientes.rotacionar(atorDe(req), req.params.id, req.body), 'Credencial trocada. Guarde a nova: ela não será mostrada de novo.',
  ));
  rota(app, c.revogarCliente, async (req) => ok(await clientes.revogar(atorDe(req), req.params.id), 'Cliente revogado.'));
  rota(app, c.consultarCpfs, async (req, reply) => jsonDireto(reply, ok(await integracao.consultar(clienteDe(req), req.body))), {
    config: LIMITE_DO_CLIENTE, bodyLimit: 64 * 1024, logLevel: 'warn',
  });
  rota(app, c.eventos, async (req, reply) => jsonDireto(reply, ok(await integracao.eventos(clienteDe(req), req.query))), {
    config: LIMITE_DO_CLIENTE,
  });

  rota(app, c.listarAssinaturasWebhook, async () => ok({ itens: await webhooks.listar() }));
  rota(app, c.criarAssinaturaWebhook, async (req) => ok(
    await webhooks.criar(atorDe(req), req.body), 'Webhook assinado. Guarde o segredo: ele não será mostrado de novo.',
  ));
  rota(app, c.desativarAssinaturaWebhook, async (req) => ok(await webhooks.desativar(atorDe(req), req.params.id), 'Webhook desativado.'));
  rota(app, c.reativarAssinaturaWebhook, async (req) => ok(await webhooks.reativar(atorDe(req), req.params.id), 'Webhook reativado.'));
  rota(app, c.listarEntregasWebhook, async (req) => ok({ itens: await webhooks.entregas(req.params.id) }));
  rota(app, c.reenviarEntregaWebhook, async (req) => ok(
    await webhooks.reenviar(atorDe(req), req.params.id, req.params.entregaId), 'Entrega posta na fila de novo.',
  ));

  rota(app, c.enviarListaSinalizada, async (req) => ok(
    await listas.receber(clienteDe(req), req.body), 'Lista recebida: um gestor do RGP vai analisá-la.',
  ), { config: LIMITE_DO_CLIENTE, bodyLimit: 512 * 1024, logLevel: 'warn' });
  rota(app, c.lerListaSinalizada, async (req) => ok(await listas.daCliente(clienteDe(req), req.params.id)), { config: LIMITE_DO_CLIENTE });
  rota(app, c.listarListasRecebidas, async () => ok({ itens: await listas.listar() }));
  rota(app, c.aprovarListaRecebida, async (req) => ok(
    await listas.aprovar(atorDe(req), req.params.id, req.body), 'Lista aceita: o lote está sendo processado.',
  ));
  rota(app, c.recusarListaRecebida, async (req) => ok(await listas.recusar(atorDe(req), req.params.id, req.body.motivo), 'Lista recusada.'));
};
