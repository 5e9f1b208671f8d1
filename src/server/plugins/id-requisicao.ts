import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Each request's id, end to end (decision 0048): the `x-request-id` the load balancer sends when it is a safe
 * token, else a new UUID; written in every log line of the request (`reqId`) and echoed in the answer's
 * `x-request-id`, so that a user's report, the balancer's log and the server's log meet on one value.
 */
export const CABECALHO_ID_REQUISICAO = 'x-request-id';

/** Letters, digits and `. _ : -`, up to 128: what balancers write (UUIDs, hex, HAProxy's unique-id). */
const TOKEN_SEGURO = /^[A-Za-z0-9._:-]{1,128}$/;
/** A run of digits shaped like a CPF is personal data, never a log field (plugins/redact.ts). */
const PARECE_CPF = /\d{3}\.?\d{3}\.?\d{3}-?\d{2}/;

export function idDaRequisicao(req: IncomingMessage): string {
  const recebido = req.headers[CABECALHO_ID_REQUISICAO];
  if (typeof recebido === 'string' && TOKEN_SEGURO.test(recebido) && !PARECE_CPF.test(recebido)) return recebido;
  return crypto.randomUUID();
}

/** The server options that make the id (spread into `Fastify({...})`). */
export const opcoesDeIdDeRequisicao = {
  // Fastify would take the header as it comes; the check above decides instead.
  requestIdHeader: false,
  genReqId: idDaRequisicao,
} satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId'>;

/** Echoes the id on every answer, errors and shed requests included (registered before them). */
export const idRequisicaoPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(CABECALHO_ID_REQUISICAO, req.id);
  });
}, { name: 'rgp-id-requisicao' });
