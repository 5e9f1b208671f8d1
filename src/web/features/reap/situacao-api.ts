import { situacaoReap } from '../../../shared/leituras-pescador';
import type { SituacaoReapPescador } from '../../../shared/schemas/reap-situacao';
import { lerDados } from '../../lib/leitura';

/**
 * GET /api/reap/situacao-pescador/{idPescador}: the years owed with their deadlines, or why none is owed. A module of
 * its own, apart from reap-api.ts, read without zod: the fisher /home reads it as it opens (decision 0130).
 */
export function fetchSituacao(idPescador: number): Promise<SituacaoReapPescador> {
  return lerDados(situacaoReap, { params: { idPescador } });
}

/** Its query key, under the REAP's ('reap', so that what invalidates the REAP invalidates it too). */
export const chaveSituacao = (idPescador: number) => ['reap', 'situacao', idPescador] as const;
