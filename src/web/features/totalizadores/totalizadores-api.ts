import { totalizadores } from '../../../shared/leituras-pescador';
import type { TotalizadoresPescador, TotalizadoresServidor } from '../../../shared/schemas/totalizadores';
import { lerDados } from '../../lib/leitura';

/** GET /api/solicitacao/totalizadores/{idPescador}: the fisher's request counters, read without zod (decision 0130). */
export async function fetchTotalizadoresPescador(idPescador: number): Promise<TotalizadoresPescador> {
  return lerDados(totalizadores, { params: { id: idPescador } });
}

/**
 * GET /api/analise-solicitacao/totalizadores: the analysis counters a servant can see. The analysis contracts load
 * with the call, so that the fisher's /home (the same screen) does not carry them.
 */
export async function fetchTotalizadoresServidor(): Promise<TotalizadoresServidor> {
  const [{ totalizadores: contrato }, { dados }] = await Promise.all([import('../../../shared/contratos/analise'), import('../../lib/contrato')]);
  return dados(contrato, {});
}
