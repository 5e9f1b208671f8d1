import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ehCodigoDeDominio, type CodigoErro } from '../../shared/codigos-erro';
import { erroCampo } from '../../shared/erros-campo';
import { AppError, codigoErroDoStatus, MENSAGEM_ERRO_INTERNO } from '../lib/errors';

export const MENSAGEM_DADOS_INVALIDOS = 'Dados inválidos. Confira os campos informados.';
export const MENSAGEM_INDISPONIVEL = 'O serviço está temporariamente indisponível. Tente novamente em alguns instantes.';
export const MENSAGEM_ENDERECO_INVALIDO = 'O endereço da requisição não é válido.';
export const MENSAGEM_ENDERECO_LONGO = 'O endereço da requisição é longo demais.';

export function ok<T>(dados: T, mensagem = 'Sucesso', codigo = 200) {
  return { codigo, mensagem, dados };
}

function erro(
  reply: FastifyReply, codigo: number, mensagem: string, erros: string[] = [mensagem], dados?: unknown,
  codigoErro: CodigoErro = codigoErroDoStatus(codigo),
) {
  const body: Record<string, unknown> = { codigo, mensagem, erros, codigoErro };
  if (dados !== undefined) body.dados = dados;
  return reply.status(codigo).type('application/json; charset=utf-8').send(body);
}

const mensagemPorStatus: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'Não autenticado.',
  403: 'Acesso negado.',
  404: 'Recurso não encontrado.',
  405: 'Método não permitido.',
  406: 'Requisição não aceita.',
  409: 'Conflito com o estado atual do registro.',
  413: 'O conteúdo enviado excede o tamanho permitido.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas requisições. Aguarde um momento e tente novamente.',
};

function campo(instancePath: string | undefined, fallback: string): string {
  const p = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return p || fallback;
}

/** SQLSTATE 08, 57P, 53300. */
const SEM_BANCO = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE|08\w{3}|57P0[1-3]|53300)$/;

/** Answers 503, not 500: nothing is wrong with the request. */
export function semBanco(err: unknown): boolean {
  for (let e: unknown = err, n = 0; e instanceof Error && n < 5; e = (e as { cause?: unknown }).cause, n++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && SEM_BANCO.test(code)) return true;
    if (/^(Connection terminated|timeout exceeded when trying to connect)/.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((x) => semBanco(x))) return true;
  }
  return false;
}

/** SQLSTATE class 22: PostgreSQL refused a value the request carried. */
const DADO_RECUSADO = /^22[0-9A-Z]{3}$/;

export function dadoRecusadoPeloBanco(err: unknown): string | null {
  for (let e: unknown = err, n = 0; e instanceof Error && n < 5; e = (e as { cause?: unknown }).cause, n++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DADO_RECUSADO.test(code)) return code;
  }
  return null;
}

export const LOG_DADO_RECUSADO = 'database refused a value of the request (SQLSTATE class 22): a request schema let it through';

/** Without echoing the address back: it may carry a token in `?jwt=`. */
export function erroDoRoteador(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return erro(reply, 414, MENSAGEM_ENDERECO_LONGO);
  return erro(reply, 400, MENSAGEM_ENDERECO_INVALIDO);
}

export const LOG_CODIGO_FORA_DO_CONTRATO = 'a domain refusal its route\'s contract does not list (src/shared/contratos)';

/** Decision 0080. */
export function codigoForaDoContrato(err: AppError, req: FastifyRequest): CodigoErro | null {
  if (!ehCodigoDeDominio(err.codigoErro)) return null;
  const listados: readonly CodigoErro[] = req.routeOptions.schema?.codigosErro ?? [];
  return listados.includes(err.codigoErro) ? null : err.codigoErro;
}

export interface OpcoesEnvelope {
  /**
   * Under NODE_ENV=test an unlisted domain refusal answers 500, so the test that reached it fails and the contract
   * gets the code.
   */
  verificarCodigosDosContratos?: boolean;
}

/** A 5xx never carries internals: the details go to the log only. */
export const envelopePlugin = fp(async (app: FastifyInstance, opts: OpcoesEnvelope) => {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      const fora = opts.verificarCodigosDosContratos ? codigoForaDoContrato(err, req) : null;
      if (fora) {
        req.log.error({ codigoErro: fora, metodo: req.method, rota: req.routeOptions.url }, LOG_CODIGO_FORA_DO_CONTRATO);
        return erro(reply, 500, `${fora} não listado no contrato de ${req.method} ${req.routeOptions.url ?? ''}`);
      }
      return erro(reply, err.codigo, err.message, err.erros, err.dados, err.codigoErro);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const onde = err.validationContext ?? 'body';
      const erros = err.validation.map((v) => erroCampo(campo(v.instancePath, onde), v.message ?? 'Valor inválido'));
      // A rule of the specification (a refinement) carries the sentence the user must read: it leads.
      const regra = err.validation.find((v) => v.keyword === 'custom' && v.message);
      return erro(reply, 400, regra?.message ?? MENSAGEM_DADOS_INVALIDOS, erros);
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err: { message: err.message, issues: err.cause.issues } }, 'response does not match its schema');
      return erro(reply, 500, MENSAGEM_ERRO_INTERNO);
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500 && semBanco(err)) {
      req.log.error({ err }, 'database unavailable');
      return erro(reply, 503, MENSAGEM_INDISPONIVEL);
    }
    const recusado = status >= 500 ? dadoRecusadoPeloBanco(err) : null;
    if (recusado) {
      // A safety net: the shared types refuse such values first. Reaching here means a schema lets one through.
      req.log.error({ err, sqlstate: recusado, metodo: req.method, rota: req.routeOptions.url }, LOG_DADO_RECUSADO);
      return erro(reply, 400, MENSAGEM_DADOS_INVALIDOS);
    }
    if (status >= 500) {
      req.log.error({ err }, 'unexpected error');
      return erro(reply, 500, MENSAGEM_ERRO_INTERNO);
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return erro(reply, 400, 'O corpo da requisição não é um JSON válido.');
    }
    if (status === 429) {
      return erro(reply, 429, mensagemPorStatus[429]!);
    }
    return erro(reply, status, mensagemPorStatus[status] ?? 'Requisição inválida.');
  });
});
