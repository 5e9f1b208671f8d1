import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/forca-tarefa';
import { MENSAGENS_FORCA_TAREFA } from '../../../shared/schemas/forca-tarefa';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { ForcaTarefaService } from './forca-tarefa.service';

/** Product guide, "Who may do what": GESTOR and ADMIN manage task forces; CONSULTA_INTERNO reads them. */
export const forcaTarefaRoutes: FastifyPluginAsync<{ forcaTarefa: ForcaTarefaService }> = async (app, { forcaTarefa }) => {
  rota(app, c.listar, async (req) => ok(await forcaTarefa.listar(atorDe(req), req.query)));
  rota(app, c.servidores, async (req) => ok(await forcaTarefa.candidatos(req.query)));
  rota(app, c.criar, async (req) => {
    const r = await forcaTarefa.salvar(atorDe(req), req.body);
    return ok(r.forcaTarefa, r.criada ? MENSAGENS_FORCA_TAREFA.criada : MENSAGENS_FORCA_TAREFA.atualizada);
  });
  rota(app, c.atualizar, async (req) => ok((await forcaTarefa.salvar(atorDe(req), req.body)).forcaTarefa, MENSAGENS_FORCA_TAREFA.atualizada));
  rota(app, c.excluir, async (req) => {
    await forcaTarefa.excluir(atorDe(req), req.params.id);
    return ok(null, MENSAGENS_FORCA_TAREFA.removida);
  });
  rota(app, c.removerServidor, async (req) => {
    const n = await forcaTarefa.removerServidores(atorDe(req), req.body.id, req.body.servidores);
    return ok(await forcaTarefa.obter(atorDe(req), req.body.id), n > 1 ? MENSAGENS_FORCA_TAREFA.servidoresRemovidos : MENSAGENS_FORCA_TAREFA.servidorRemovido);
  });
  rota(app, c.removerUf, async (req) => {
    await forcaTarefa.removerUf(atorDe(req), req.body.id, req.body.uf);
    return ok(await forcaTarefa.obter(atorDe(req), req.body.id), MENSAGENS_FORCA_TAREFA.removida);
  });
  rota(app, c.ativarDesativar, async (req) => ok(await forcaTarefa.ativarDesativar(atorDe(req), req.body.id, req.body.ativa), MENSAGENS_FORCA_TAREFA.atualizada));
  rota(app, c.obter, async (req) => ok(await forcaTarefa.obter(atorDe(req), req.params.id)));
};
