import * as contratosSolicitacao from '../../../shared/contratos/solicitacao';
import {
  type TotalizadoresPescador,
  type TotalizadoresServidor,
} from '../../../shared/schemas/totalizadores';
import { dados } from '../../lib/contrato';

/** GET /api/solicitacao/totalizadores/{idPescador}: the fisher's request counters. */
export async function fetchTotalizadoresPescador(idPescador: number): Promise<TotalizadoresPescador> {
  return dados(contratosSolicitacao.totalizadores, { params: { id: idPescador } });
}

/**
 * GET /api/analise-solicitacao/totalizadores: the analysis counters a servant can see. The analysis contracts load
 * with the call, so that the fisher's /home (the same screen) does not carry them.
 */
export async function fetchTotalizadoresServidor(): Promise<TotalizadoresServidor> {
  const { totalizadores } = await import('../../../shared/contratos/analise');
  return dados(totalizadores, {});
}
