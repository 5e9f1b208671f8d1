import { useQuery } from '@tanstack/react-query';
import { seguroDefeso } from '../../../shared/leituras-pescador';
import type { CondicoesSeguroDefesoPescador } from '../../../shared/schemas/seguro-defeso';
import { lerDados } from '../../lib/leitura';

/** GET /api/pescador/{id}/seguro-defeso, read without zod: /home reads it as it opens (decisions 0126, 0130). */
export function consultarSeguroDefeso(idPescador: number): Promise<CondicoesSeguroDefesoPescador> {
  return lerDados(seguroDefeso, { params: { id: idPescador } });
}

/** Under the REAP's key too, so that sending a REAP refreshes it. */
export function useSeguroDefeso(idPescador: number) {
  return useQuery({ queryKey: ['reap', 'seguro-defeso', idPescador], queryFn: () => consultarSeguroDefeso(idPescador) });
}
