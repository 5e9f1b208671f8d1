import { criarCaptchaVerifier } from '../../adapters/captcha/criar-captcha';
import type { AssinadorProtocolo } from '../../lib/codigos-comprovantes';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { CarteiraService } from '../carteira/carteira.service';
import { definirModulo } from '../modulo';
import { ConsultaPublicaRepository } from './consulta-publica.repository';
import { consultaPublicaRoutes } from './consulta-publica.routes';
import { ConsultaPublicaService } from './consulta-publica.service';

/** The public checks of a card and of a protocol receipt, behind a captcha. */
export const consultaPublicaModulo = definirModulo({
  nome: 'consulta-publica',
  servicos({ app, config, db, jwtSecret, agora }, s: { carteira: CarteiraService; auditoria: AuditoriaService; assinadorProtocolo: AssinadorProtocolo }) {
    const captcha = criarCaptchaVerifier({
      hcaptchaSecret: config.captcha.hcaptchaSecret, hmacSecret: config.captcha.hmacSecret, jwtSecret, db, log: app.log,
    });
    return {
      consultaPublica: new ConsultaPublicaService(captcha, s.carteira, new ConsultaPublicaRepository(db), s.auditoria, s.assinadorProtocolo,
        config.captcha.hcaptchaSiteKey, agora),
    };
  },
  rotas: async (app, { consultaPublica }) => { await app.register(consultaPublicaRoutes, { consultaPublica }); },
});
