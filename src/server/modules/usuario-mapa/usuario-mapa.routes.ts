import type { FastifyPluginAsync } from 'fastify';
import * as c from '../../../shared/contratos/usuario-mapa';
import { MENSAGENS_USUARIO_MAPA } from '../../../shared/schemas/usuario-mapa';
import { atorDe } from '../../plugins/auth';
import { rota } from '../../plugins/contratos';
import { ok } from '../../plugins/envelope';
import type { UsuarioMapaService } from './usuario-mapa.service';

export const usuarioMapaRoutes: FastifyPluginAsync<{ usuarioMapa: UsuarioMapaService }> = async (app, { usuarioMapa }) => {
  rota(app, c.listar, async (req) => {
    const r = await usuarioMapa.listar(atorDe(req), req.query);
    return ok(r.dados, r.mensagem);
  });
  rota(app, c.salvar, async (req) => ok(await usuarioMapa.salvar(atorDe(req), req.body), MENSAGENS_USUARIO_MAPA.salvo));
  rota(app, c.alterarHorario, async (req) => ok(await usuarioMapa.alterarHorario(atorDe(req), req.body), MENSAGENS_USUARIO_MAPA.horarioSalvo));
  rota(app, c.consultarBcpf, async (req) => ok(await usuarioMapa.consultarBcpf(atorDe(req), req.params.cpf)));
};
