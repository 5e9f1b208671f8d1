import { AssinadorProtocolo } from '../../lib/codigos-comprovantes';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { DocumentoService } from '../documento/documento.service';
import { definirModulo } from '../modulo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import { PescadorRepository } from './pescador.repository';
import { pescadorRoutes } from './pescador.routes';
import { PescadorService } from './pescador.service';
import { rgpRoutes } from './rgp.routes';
import { SeguroDefesoService } from './seguro-defeso.service';

/**
 * The fisher's record, the only writer of the fisher's tables (sign-in, requests, analyses and the card ask it),
 * and the signer of the protocol receipts' QR codes (decision 0044).
 */
export const pescadorModulo = definirModulo({
  nome: 'pescador',
  servicos({ config, db, chaveImpressos, agora }, s: { auditoria: AuditoriaService; documento: DocumentoService; notificacoes: NotificacaoService }) {
    const assinadorProtocolo = new AssinadorProtocolo(chaveImpressos);
    const repo = new PescadorRepository(db);
    const pescador = new PescadorService(db, repo, s.auditoria, s.documento, s.notificacoes, {
      publicUrl: config.publicUrl, assinadorProtocolo, now: agora,
    });
    return { pescador, assinadorProtocolo, seguroDefeso: new SeguroDefesoService(repo, s.auditoria, agora) };
  },
  async rotas(app, { pescador, seguroDefeso }) {
    await app.register(pescadorRoutes, { pescador });
    await app.register(rgpRoutes, { pescador, seguroDefeso });
  },
});
