import { criarEnviadorEmail } from '../../adapters/email/criar-email';
import { definirModulo } from '../modulo';
import { NotificacaoRepository } from './notificacao.repository';
import { notificacaoRoutes } from './notificacao.routes';
import { NotificacaoService } from './notificacao.service';

/**
 * The fisher's notifications, created by other modules (analysis, requests, batches) inside their transactions,
 * and the e-mail sender (SMTP when configured, else files under DATA_DIR/email-saida).
 */
export const notificacaoModulo = definirModulo({
  nome: 'notificacao',
  servicos({ app, config, db, agora }) {
    const email = criarEnviadorEmail(config.email, config.dataDir);
    app.addHook('onClose', async () => email.close());
    return { notificacoes: new NotificacaoService(new NotificacaoRepository(db), { now: agora }), email };
  },
  rotas: async (app, { notificacoes }) => { await app.register(notificacaoRoutes, { notificacao: notificacoes }); },
});
