import { Categoria } from '../../../shared/enums';
import type { Questionario } from '../../../shared/schemas/reap';
import { enviarPendentesDoCelular } from '../../lib/salvamento-offline';
import { type CorpoReapArtesanal, type CorpoReapIndustrial, salvarArtesanal, salvarIndustrial } from './reap-api';

/**
 * The REAP saves this phone keeps (issue 25), sent when the app opens with signal or the signal returns, whichever
 * screen the fisher is on: a REAP sent without signal reaches the RGP without its form being opened again.
 */
export function enviarReapsPendentes(dono: string): Promise<void> {
  return enviarPendentesDoCelular<unknown, CorpoReapArtesanal | CorpoReapIndustrial, Questionario>(dono, 'reap/', (r, pendente, chave) =>
    r.contexto.categoria === Categoria.INDUSTRIAL
      ? salvarIndustrial(pendente.corpo as CorpoReapIndustrial, chave)
      : salvarArtesanal(pendente.corpo as CorpoReapArtesanal, chave));
}
