import {
  totalizadoresPescador,
  totalizadoresServidor,
  type TotalizadoresPescador,
  type TotalizadoresServidor,
} from '../../../shared/schemas/totalizadores';
import { getDados } from '../../lib/api';

/** GET /api/solicitacao/totalizadores/{idPescador}: the fisher's request counters. */
export async function fetchTotalizadoresPescador(idPescador: number): Promise<TotalizadoresPescador> {
  return getDados(`/api/solicitacao/totalizadores/${idPescador}`, totalizadoresPescador);
}

/** GET /api/analise-solicitacao/totalizadores: the analysis counters a servant can see. */
export async function fetchTotalizadoresServidor(): Promise<TotalizadoresServidor> {
  return getDados('/api/analise-solicitacao/totalizadores', totalizadoresServidor);
}
