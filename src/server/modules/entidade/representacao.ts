import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CABECALHO_REPRESENTADO } from '../../../shared/schemas/entidade';
import type { DelegacaoService } from './delegacao.service';

/**
 * An agent acts for a fisher by naming them in a header (docs/decisions/0110). Before validation, after the route's
 * guard signed the caller in, the delegation is checked for the route's service and the caller becomes the fisher for
 * the fisher's own services and rules (`pescadorDoAtor`, `exigirPescadorProprio`), keeping the agent's CPF and the
 * entity. After the answer, the action is audited and a submission told to the fisher.
 */
export function registrarRepresentacao(app: FastifyInstance, delegacoes: DelegacaoService): void {
  app.addHook('preValidation', async (req) => {
    const valor = req.headers[CABECALHO_REPRESENTADO];
    if (valor === undefined || !req.auth) return;
    req.auth = await delegacoes.atuarPor(req.auth, valor, req.routeOptions.config.servicoDelegavel ?? null);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!req.auth?.representacao) return;
    const envio = envioDescrito(req);
    await delegacoes.registrarAtuacao(req.auth, {
      metodo: req.method, rota: req.routeOptions.url ?? '', status: reply.statusCode, envio: envio?.o_que ?? null, url: envio?.url ?? null,
    }).catch((err: unknown) => req.log.error({ err }, 'falha ao registrar a atuação do representante'));
  });
}

/** The submissions the fisher is told of, in their words; saves of drafts and reads are only audited. */
function envioDescrito(req: FastifyRequest): { o_que: string; url: string | null } | null {
  const corpo = (req.body ?? {}) as { enviada?: unknown; anoReferencia?: unknown; passo?: unknown };
  switch (`${req.method} ${req.routeOptions.url}`) {
    case 'POST /api/reap/questionario-basico':
    case 'POST /api/reap/questionario-basico/industrial':
      return corpo.enviada === true ? { o_que: `sua REAP de ${String(corpo.anoReferencia)}`, url: '/reap' } : null;
    case 'PUT /api/solicitacao':
      return corpo.passo === 5 ? { o_que: 'sua solicitação', url: '/solicitacoes' } : null;
    case 'POST /api/documentos':
    case 'POST /api/documentos/reap':
    case 'POST /api/documentos/reap-industrial':
      return { o_que: 'um documento', url: null };
    default:
      return null;
  }
}
