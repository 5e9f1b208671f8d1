import * as c from '../../../shared/contratos/reap-situacao-verificacao';
import type { SituacaoReapPescador } from '../../../shared/schemas/reap-situacao';
import { dados } from '../../lib/contrato';

/**
 * GET /api/reap/situacao-pescador/{idPescador}: the years owed with their deadlines, or why none is owed. A module of
 * its own, apart from reap-api.ts, and called through the light contracts (contratos/reap-situacao-verificacao.ts): the fisher
 * /home reads it, and must not carry the REAP forms' schemas (page weight budget, decision 0017).
 */
export function fetchSituacao(idPescador: number): Promise<SituacaoReapPescador> {
  return dados(c.situacao, { params: { idPescador } });
}

/** Its query key, under the REAP's ('reap', so that what invalidates the REAP invalidates it too). */
export const chaveSituacao = (idPescador: number) => ['reap', 'situacao', idPescador] as const;
