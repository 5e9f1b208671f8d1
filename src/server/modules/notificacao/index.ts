import { criarEnviadorEmail } from '../../adapters/email/criar-email';
import { criarCanalGovbr, criarCanalSms } from '../../adapters/mensagem/mensagem';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import { DrenagemNaThread } from './notificacao-envio.drenagem';
import { drenarNotificacoesJob } from './notificacao-envio.jobs';
import { NotificacaoEnvioRepository } from './notificacao-envio.repository';
import { NotificacaoEnvioService } from './notificacao-envio.service';
import { NotificacaoRepository } from './notificacao.repository';
import { notificacaoRoutes } from './notificacao.routes';
import { NotificacaoService } from './notificacao.service';

/**
 * The fisher's notifications, created by other modules (analysis, requests, batches) inside their transactions,
 * each with its outbox rows (decision 0150), which a job delivers by e-mail (SMTP when configured, else files under
 * DATA_DIR/email-saida), SMS and the gov.br mailbox (their HTTP APIs, else files under DATA_DIR).
 */
export const notificacaoModulo = definirModulo({
  nome: 'notificacao',
  servicos({ app, config, db, agora, fila }, _s: { auditoria: AuditoriaService }) {
    const email = criarEnviadorEmail(config.email, config.dataDir);
    app.addHook('onClose', async () => email.close());
    const canais = { email, sms: criarCanalSms(config.canais.sms, config.dataDir), govbr: criarCanalGovbr(config.canais.govbr, config.dataDir) };
    // The job's drain in a thread with a capped heap, on the primary (decision 0245).
    const thread = new DrenagemNaThread({
      url: String(db.$client.options.connectionString), email: config.email, canais: config.canais, dataDir: config.dataDir, publicUrl: config.publicUrl,
    }, config.notificacao);
    app.addHook('onClose', async () => thread.fechar());
    const envios = new NotificacaoEnvioService(new NotificacaoEnvioRepository(db), canais, config.publicUrl, { now: agora, thread });
    return { notificacoes: new NotificacaoService(new NotificacaoRepository(db), { now: agora, fila }), email, envios };
  },
  rotas: async (app, { notificacoes, envios, auditoria }) => {
    await app.register(notificacaoRoutes, { notificacao: notificacoes, envios, auditoria });
  },
  jobs: [drenarNotificacoesJob],
});
