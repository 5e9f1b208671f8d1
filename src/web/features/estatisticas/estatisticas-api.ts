import { useQuery } from '@tanstack/react-query';
import { estatisticasSchema, type Estatisticas } from '../../../shared/schemas/estatistica';
import { getDados } from '../../lib/api';

/** The CSV of the same numbers: a plain link downloads it (no script needed). */
export const ENDERECO_CSV_ESTATISTICAS = '/api/estatisticas/csv';

/** GET /api/estatisticas[?uf]: anonymous, read with the shared schema. */
export async function consultarEstatisticas(uf: string | null): Promise<Estatisticas> {
  const consulta = uf ? `?uf=${encodeURIComponent(uf)}` : '';
  return getDados(`/api/estatisticas${consulta}`, estatisticasSchema, { skipAuthRefresh: true });
}

export function useEstatisticas(uf: string | null) {
  return useQuery({
    queryKey: ['estatisticas', uf ?? ''] as const,
    queryFn: () => consultarEstatisticas(uf),
    staleTime: 60_000,
    // Changing the state keeps the national numbers on screen while its municipalities load.
    placeholderData: (anterior) => anterior,
    // A failure is said on the page itself (no toast on top of it).
  });
}
