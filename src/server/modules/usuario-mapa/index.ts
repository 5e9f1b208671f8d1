import { criarConsultaBcpf } from '../../adapters/bcpf/criar-bcpf';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import { UsuarioMapaRepository } from './usuario-mapa.repository';
import { usuarioMapaRoutes } from './usuario-mapa.routes';
import { UsuarioMapaService } from './usuario-mapa.service';

/** The ministry's staff users and the federal CPF registry (the real service when BCPF_URL is set, else the seeded table). */
export const usuarioMapaModulo = definirModulo({
  nome: 'usuario-mapa',
  servicos: ({ app, config, db, agora }, s: { auditoria: AuditoriaService }) => ({
    usuarioMapa: new UsuarioMapaService(db, new UsuarioMapaRepository(db), criarConsultaBcpf(config.bcpf, db), s.auditoria, {
      now: agora,
      onBcpfIndisponivel: (err) => app.log.warn({ err }, 'CPF registry (BCPF) unavailable'),
    }),
  }),
  rotas: async (app, { usuarioMapa }) => { await app.register(usuarioMapaRoutes, { usuarioMapa }); },
});
