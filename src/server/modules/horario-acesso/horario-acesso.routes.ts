import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/horario-acesso';
import { MENSAGENS_HORARIO_ACESSO } from '../../../shared/schemas/horario-acesso';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { HorarioAcessoService } from './horario-acesso.service';

/** Product guide, "Who may do what": GESTOR and ADMIN configure access hours; CONSULTA_INTERNO reads them. */
export const horarioAcessoRoutes: FastifyPluginAsync<{ horarioAcesso: HorarioAcessoService }> = async (app, { horarioAcesso }) => {
  rota(app, c.listar, async () => ok(await horarioAcesso.listar()));
  rota(app, c.salvar, async (req) => ok(await horarioAcesso.salvar(atorDe(req), req.body), MENSAGENS_HORARIO_ACESSO.salvos));
  rota(app, c.aplicarAosServidores, async (req) => {
    const r = await horarioAcesso.aplicarAosServidores(atorDe(req), req.body.orgao);
    return ok(r, MENSAGENS_HORARIO_ACESSO.aplicado(r.servidoresAtualizados));
  });
};
