import {
  totalizadoresPescador,
  totalizadoresServidor,
  type TotalizadoresPescador,
  type TotalizadoresServidor,
} from '../../../shared/schemas/totalizadores';
import { getDados } from '../../lib/api';

/** GET /api/solicitacao/totalizadores/{idPescador}: the fisher's request counters. */
export async function fetchTotalizadoresPescador(idPescador: number): Promise<TotalizadoresPescador> {
  return totalizadoresPescador.parse(await getDados<unknown>(`/api/solicitacao/totalizadores/${idPescador}`));
}

/** GET /api/analise-solicitacao/totalizadores: the analysis counters a servant can see. */
export async function fetchTotalizadoresServidor(): Promise<TotalizadoresServidor> {
  return totalizadoresServidor.parse(await getDados<unknown>('/api/analise-solicitacao/totalizadores'));
}
