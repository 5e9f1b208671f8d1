import { Categoria } from '../../../shared/enums';
import type { Questionario } from '../../../shared/schemas/reap';
import { enviarFormulariosPendentes } from '../../offline/use-salvamento-offline';
import { type CorpoReapArtesanal, type CorpoReapIndustrial, salvarArtesanal, salvarIndustrial } from './reap-api';

/**
 * The REAP saves of an outbox, sent by the background sender (src/web/offline/envio-em-segundo-plano.ts) whichever
 * screen the fisher is on: a REAP sent without signal reaches the RGP without its form being opened again.
 */
export function enviarReapsPendentes(caixa: string): Promise<void> {
  return enviarFormulariosPendentes<unknown, CorpoReapArtesanal | CorpoReapIndustrial, Questionario>(caixa, 'reap/', (r, corpo, chave, por) =>
    r.contexto.categoria === Categoria.INDUSTRIAL
      ? salvarIndustrial(corpo as CorpoReapIndustrial, chave, por)
      : salvarArtesanal(corpo as CorpoReapArtesanal, chave, por));
}
