import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/recurso';
import { MENSAGENS_RECURSO } from '../../../shared/schemas/recurso';
import { contentDispositionInline } from '../../lib/arquivos-http';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { AnexoAtoService } from './anexo.service';
import type { DecisaoEmLoteRecursoService } from './decisao-lote.service';
import type { DecisaoRecursoService } from './decisao.service';
import type { InterposicaoRecursoService } from './interposicao.service';
import type { LeituraRecursoService } from './leitura.service';

export interface ServicosRecurso {
  interposicao: InterposicaoRecursoService;
  decisao: DecisaoRecursoService;
  leitura: LeituraRecursoService;
  emLote: DecisaoEmLoteRecursoService;
  anexo: AnexoAtoService;
}

/** 50,000 ids as JSON. */
const LIMITE_CORPO_EM_LOTE = 1_048_576;

/** Appeals (decisions 0088–0090): filing by the fisher, the staff queue and the decision. */
export const recursoRoutes: FastifyPluginAsync<ServicosRecurso> = async (app, { interposicao, decisao, leitura, emLote, anexo }) => {
  rota(app, c.contestaveis, async (req) => ok({ contestaveis: await interposicao.contestaveis(atorDe(req)) }));
  rota(app, c.meus, async (req) => ok({ recursos: await leitura.meus(atorDe(req)) }));
  rota(app, c.iniciar, async (req) => ok(await interposicao.iniciar(atorDe(req), req.body.chave), MENSAGENS_RECURSO.rascunhoCriado));
  rota(app, c.enviar, async (req) => {
    const r = await interposicao.enviar(atorDe(req), req.params.id, req.body);
    return ok(r.detalhe, r.mensagem);
  });
  rota(app, c.proximaInstancia, async (req) => {
    const r = await interposicao.proximaInstancia(atorDe(req), req.params.id, req.body);
    return ok(r.detalhe, r.mensagem);
  });
  rota(app, c.atos, async (req) => ok(await leitura.atos(atorDe(req))));
  rota(app, c.fila, async (req) => ok(await leitura.fila(atorDe(req), req.query)));
  rota(app, c.detalhar, async (req) => ok(await leitura.detalhar(atorDe(req), req.params.id)));
  rota(app, c.bloquear, async (req) => ok(await decisao.bloquear(atorDe(req), req.params.id), MENSAGENS_RECURSO.analiseIniciada));
  rota(app, c.desbloquear, async (req) => ok(await decisao.desbloquear(atorDe(req), req.params.id), MENSAGENS_RECURSO.analiseCancelada));
  rota(app, c.decidir, async (req) => {
    const r = await decisao.decidir(atorDe(req), req.params.id, req.body);
    return ok(r.detalhe, r.mensagem);
  });
  rota(app, c.decidirEmLote, async (req) => {
    const r = await emLote.iniciar(atorDe(req), req.body);
    return ok(r, MENSAGENS_RECURSO.decisaoEmLoteIniciada(r.total));
  }, { bodyLimit: LIMITE_CORPO_EM_LOTE });
  rota(app, c.lerDecisaoEmLote, async (req) => {
    const r = await emLote.ler(req.params.id, req.query.apos);
    return ok(r, MENSAGENS_RECURSO.decididosEmLote(r.decididos, r.total));
  });
  rota(app, c.anexo, async (req, reply) => {
    const a = await anexo.gerar(atorDe(req), req.params.id, req.query);
    reply.header('content-disposition', contentDispositionInline(a.nome).replace(/^inline/, 'attachment'));
    reply.header('cache-control', 'no-store');
    return reply.type(a.tipo).send(a.corpo);
  });
  rota(app, c.prorrogar, async (req) => ok(await decisao.prorrogar(atorDe(req), req.params.id, req.body.justificativa), MENSAGENS_RECURSO.prorrogado));
};
