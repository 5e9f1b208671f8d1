import type { FileStorage } from '../../adapters/storage/storage';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { definirModulo } from '../modulo';
import type { PescadorService } from '../pescador/pescador.service';
import { AssinadorCarteira } from './carteira-token';
import { CarteiraRepository } from './carteira.repository';
import { carteiraRoutes } from './carteira.routes';
import { CarteiraService } from './carteira.service';

/** The fisher's card, its PDF with the 3x4 photo read through the storage, and its signed QR code (decision 0044). */
export const carteiraModulo = definirModulo({
  nome: 'carteira',
  servicos: ({ config, db, chaveImpressos, agora }, s: { pescador: PescadorService; storage: FileStorage; auditoria: AuditoriaService }) => ({
    carteira: new CarteiraService(new CarteiraRepository(db), s.pescador, s.storage, s.auditoria,
      new AssinadorCarteira(chaveImpressos), { publicUrl: config.publicUrl, now: agora }),
  }),
  rotas: async (app, { carteira }) => { await app.register(carteiraRoutes, { carteira }); },
});
