import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Each request's id, end to end (decision 0048): the balancer's `x-request-id` when safe, else a new UUID, in every
 * log line and echoed in the answer, so a user's report and both logs meet on one value.
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

export const opcoesDeIdDeRequisicao = {
  // Fastify would take the header as it comes; the check above decides instead.
  requestIdHeader: false,
  genReqId: idDaRequisicao,
} satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId'>;

/** Registered before errors and shedding, so their answers carry it too. */
export const idRequisicaoPlugin = fp(async (app: FastifyInstance) => {
  // Callback-style hooks here and in the other app-wide plugins: every request runs them, and an async hook costs a
  // promise and a turn of the microtask queue each.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(CABECALHO_ID_REQUISICAO, req.id);
    done();
  });
}, { name: 'rgp-id-requisicao' });
