import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CABECALHO_IDEMPOTENCIA, CABECALHO_RESPOSTA_REPETIDA } from '../../../shared/idempotencia';
import { CABECALHO_REPRESENTADO, MENSAGENS_REPRESENTACAO } from '../../../shared/schemas/entidade';
import { AppError } from '../../lib/errors';
import type { DelegacaoService } from './delegacao.service';

/**
 * An agent acts for a fisher by naming them in a header (docs/decisions/0110). Before validation, after the route's
 * guard signed the caller in, the delegation is checked for the route's service and the caller becomes the fisher for
 * the fisher's own services and rules (`pescadorDoAtor`, `exigirPescadorProprio`), keeping the agent's CPF and the
 * entity. A refusal is audited too. Before the answer leaves, the action is audited and a submission told to the
 * fisher; a success whose audit cannot be written is answered 503, never as a success (decision 0111).
 */
export function registrarRepresentacao(app: FastifyInstance, delegacoes: DelegacaoService): void {
  // Callback style with the async work only for an agent's request: every other request (a public lookup, a fisher's
  // own) passes through without a promise of its own.
  const atuar = async (req: FastifyRequest, valor: string | string[]) => {
    const auth = req.auth!;
    try {
      req.auth = await delegacoes.atuarPor(auth, valor, req.routeOptions.config.servicoDelegavel ?? null);
    } catch (err) {
      await delegacoes.registrarRecusa(auth, valor, { metodo: req.method, rota: req.routeOptions.url ?? '', motivo: (err as Error).message });
      throw err;
    }
  };
  app.addHook('preValidation', (req, _reply, done) => {
    const valor = req.headers[CABECALHO_REPRESENTADO];
    if (valor === undefined || !req.auth) return done();
    atuar(req, valor).then(() => done(), done);
  });
  // After the idempotency plugin's onSend (registered before): a replay is audited as one, and tells the fisher only
  // if no answer with its key was audited before (the first answer's audit failed, so its notice was rolled back).
  const auditar = async (req: FastifyRequest, reply: FastifyReply) => {
    const repetida = reply.getHeader(CABECALHO_RESPOSTA_REPETIDA) === 'true';
    const envio = envioDescrito(req, reply);
    const chave = req.headers[CABECALHO_IDEMPOTENCIA.toLowerCase()];
    try {
      await delegacoes.registrarAtuacao(req.auth!, {
        metodo: req.method, rota: req.routeOptions.url ?? '', status: reply.statusCode, envio: envio?.o_que ?? null, url: envio?.url ?? null, repetida,
        chave: typeof chave === 'string' ? chave : null,
      });
    } catch (err) {
      delegacoes.falhaDeAuditoria(err);
      req.log.error({ err }, 'falha ao registrar a atuação do representante');
      // An error answer already says nothing was done; a success must not go out unaudited. The agent's retry (its
      // idempotency key) is answered from the kept answer, and audited then.
      if (reply.statusCode < 400) throw new AppError(503, MENSAGENS_REPRESENTACAO.atuacaoNaoRegistrada);
    }
  };
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.auth?.representacao) return done(null, payload);
    auditar(req, reply).then(() => done(null, payload), done);
  });
}

type Envio = { o_que: string; url: string | null };
type Corpo = { enviada?: unknown; anoReferencia?: unknown; passo?: unknown };

/**
 * The submissions the fisher is told of, in their words, by route; saves of drafts, deletions and reads are only
 * audited. `rotasNaoEnvio` names the delegable writes that are not submissions, so a new delegable route must be put
 * in one list or the other (entidade.test.ts checks it).
 */
export const ENVIOS: Record<string, (corpo: Corpo) => Envio | null> = {
  'POST /api/reap/questionario-basico': (c) => (c.enviada === true ? { o_que: `sua REAP de ${String(c.anoReferencia)}`, url: '/reap' } : null),
  'POST /api/reap/questionario-basico/industrial': (c) => (c.enviada === true ? { o_que: 'sua REAP industrial', url: '/reap' } : null),
  'PUT /api/solicitacao': (c) => (c.passo === 5 ? { o_que: 'sua solicitação', url: '/solicitacoes' } : null),
  'POST /api/solicitacao-edicao-documentos/:id/enviar': () => ({ o_que: 'a edição dos seus documentos', url: '/solicitacoes' }),
  'POST /api/solicitacao-edicao-rgp/:id/enviar': () => ({ o_que: 'a edição do seu primeiro RGP', url: '/solicitacoes' }),
  'POST /api/solicitacao-regularizacao': () => ({ o_que: 'um pedido de regularização do seu registro', url: '/solicitacoes' }),
  'PUT /api/pescador/:id/atualizacao-endereco': () => ({ o_que: 'a atualização do seu endereço', url: null }),
  'POST /api/documentos': () => ({ o_que: 'um documento', url: null }),
  'POST /api/documentos/envios/:id/concluir': () => ({ o_que: 'um documento', url: null }),
  'POST /api/documentos/reap': () => ({ o_que: 'um documento da sua REAP', url: '/reap' }),
  'POST /api/documentos/reap-industrial': () => ({ o_que: 'um documento da sua REAP', url: '/reap' }),
};

/** Delegable writes that file nothing for the fisher to be told of: drafts, parts of an upload, removals, reads. */
export const ROTAS_NAO_ENVIO = new Set([
  'POST /api/documentos/envios', 'PUT /api/documentos/envios/:id/partes', 'DELETE /api/documentos/:id', 'POST /api/notificacao/:id/leitura',
  'POST /api/reap/gerar-reap-pescador/:idPescador', 'DELETE /api/documentos/reap/:idReap/documento/:id',
  'DELETE /api/documentos/reap-industrial/:idReap/documento/:id', 'POST /api/solicitacao', 'POST /api/solicitacao-pescador-ativo-edicao-registro',
  'POST /api/solicitacao-edicao-registro/editar-solicitacao/:id', 'DELETE /api/solicitacao/:id/inativar', 'POST /api/solicitacao-edicao-documentos',
  'DELETE /api/solicitacao/:id/embarcacao', 'POST /api/solicitacao-edicao-rgp',
]);

function envioDescrito(req: FastifyRequest, reply: FastifyReply): Envio | null {
  if (reply.statusCode >= 300) return null;
  const descrever = ENVIOS[`${req.method} ${req.routeOptions.url}`];
  return descrever ? descrever((req.body ?? {}) as Corpo) : null;
}
