import { criarCaptchaVerifier } from '../../adapters/captcha/criar-captcha';
import type { AssinadorProtocolo } from '../../lib/codigos-comprovantes';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import { ContadorEmInstrucao } from '../../plugins/rate-limit-store';
import * as contratos from '../../../shared/contratos/consulta-publica';
import { ConsultaPublicaRepository } from './consulta-publica.repository';
import { consultaPublicaRoutes } from './consulta-publica.routes';
import { ConsultaPublicaService } from './consulta-publica.service';

/** The public checks of a card and of a protocol receipt, behind a captcha. */
export const consultaPublicaModulo = definirModulo({
  nome: 'consulta-publica',
  servicos({ app, config, db, jwtSecret, agora }, s: { auditoria: AuditoriaService; assinadorProtocolo: AssinadorProtocolo }) {
    const captcha = criarCaptchaVerifier({
      hcaptchaSecret: config.captcha.hcaptchaSecret, hmacSecret: config.captcha.hmacSecret, jwtSecret, db, log: app.log,
    });
    // The card lookup counts its limit in its own statement, in the PostgreSQL store's table (decision 0164).
    const contador = config.rateLimitStore === 'postgres'
      ? new ContadorEmInstrucao(db, contratos.consultarCarteira.metodo, contratos.consultarCarteira.caminho,
        (err) => app.log.warn({ err }, 'limite_requisicao purge failed'))
      : null;
    return {
      consultaPublica: new ConsultaPublicaService(captcha, contador, new ConsultaPublicaRepository(db), s.auditoria, s.assinadorProtocolo,
        config.captcha.hcaptchaSiteKey, agora),
    };
  },
  rotas: async (app, { consultaPublica }) => { await app.register(consultaPublicaRoutes, { consultaPublica }); },
});
