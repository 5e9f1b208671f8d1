import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import { saudeRoutes } from './saude.routes';

/** The health and readiness checks. */
export const saudeModulo = definirModulo({
  nome: 'saude',
  servicos: (_ctx, _s: { auditoria: AuditoriaService }) => ({}),
  rotas: async (app, { auditoria }, { prontidao }) => { await app.register(saudeRoutes, { pool: prontidao, auditoria }); },
});
