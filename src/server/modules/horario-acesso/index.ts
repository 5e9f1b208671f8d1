import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import type { UsuarioMapaService } from '../usuario-mapa/usuario-mapa.service';
import { HorarioAcessoRepository } from './horario-acesso.repository';
import { horarioAcessoRoutes } from './horario-acesso.routes';
import { HorarioAcessoService } from './horario-acesso.service';

/** The staff's access hours. */
export const horarioAcessoModulo = definirModulo({
  nome: 'horario-acesso',
  servicos: ({ db }, s: { usuarioMapa: UsuarioMapaService; auditoria: AuditoriaService }) => ({
    horarioAcesso: new HorarioAcessoService(db, new HorarioAcessoRepository(db), s.usuarioMapa, s.auditoria),
  }),
  rotas: async (app, { horarioAcesso }) => { await app.register(horarioAcessoRoutes, { horarioAcesso }); },
});
