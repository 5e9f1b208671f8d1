import { AppError } from '../../lib/errors';
import { bearerOf, ehTokenDeCliente, MENSAGEM_PERFIL_SEM_PERMISSAO } from '../../plugins/auth';
import type { EnviadorEmail } from '../../adapters/email/email';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthService } from '../auth/auth.service';
import type { LoteService } from '../lote/lote.service';
import { definirModulo } from '../modulo';
import { ClienteIntegracaoRepository } from './cliente.repository';
import { ClienteIntegracaoService } from './cliente.service';
import { IntegracaoRepository } from './integracao.repository';
import { integracaoRoutes } from './integracao.routes';
import { ListaSinalizadaService } from './lista.service';
import { IntegracaoService } from './integracao.service';
import { entregarWebhooksJob } from './webhook.jobs';
import { WebhookRepository } from './webhook.repository';
import { WebhookService } from './webhook.service';

/**
 * Other agencies reading the registry by machine (decisions 0120, 0121): their clients and tokens, the CPF lookup,
 * the change feed read from the outbox the triggers of migration 0022 write, and its webhooks (decision 0122).
 */
export const integracaoModulo = definirModulo({
  nome: 'integracao',
  servicos({ config, db, jwtSecret, agora }, s: { auditoria: AuditoriaService; auth: AuthService; email: EnviadorEmail; lote: LoteService }) {
    const clientes = new ClienteIntegracaoRepository(db);
    return {
      clientesIntegracao: new ClienteIntegracaoService(clientes, s.auditoria, { jwtSecret, publicUrl: config.publicUrl, now: agora }),
      integracao: new IntegracaoService(new IntegracaoRepository(db), s.auditoria, agora),
      webhooks: new WebhookService(new WebhookRepository(db), clientes, s.auditoria, s.email, {
        segredoServidor: jwtSecret, agora, permitirHttpLocal: config.env !== 'production',
      }),
      listasSinalizadas: new ListaSinalizadaService(db, s.lote, s.auditoria),
    };
  },
  async antesDasRotas(app, { clientesIntegracao, auth }) {
    app.decorate('autorizarCliente', (escopo) => async (req) => {
      const token = bearerOf(req);
      // A person's valid session is a known caller without the permission: 403, as on any route they may not call.
      if (token && !ehTokenDeCliente(token)) {
        await auth.autenticar(token, req.ip);
        throw AppError.forbidden(MENSAGEM_PERFIL_SEM_PERMISSAO);
      }
      req.clienteIntegracao = await clientesIntegracao.autenticar(token, escopo, req.ip, req.routeOptions.url ?? '');
    });
  },
  async rotas(app, { clientesIntegracao, integracao, webhooks, listasSinalizadas }) {
    await app.register(integracaoRoutes, { clientes: clientesIntegracao, integracao, webhooks, listas: listasSinalizadas });
  },
  jobs: [entregarWebhooksJob],
});
