import { useQuery } from '@tanstack/react-query';
import * as c from '../../../shared/contratos/estatistica';
import type { Estatisticas } from '../../../shared/schemas/estatistica';
import { dados, enderecoDe } from '../../lib/contrato';

/** The CSV of the same numbers: a plain link downloads it (no script needed). */
export const ENDERECO_CSV_ESTATISTICAS = enderecoDe(c.csv, {});

/** GET /api/estatisticas[?uf]: anonymous, read with the shared schema. */
export async function consultarEstatisticas(uf: string | null): Promise<Estatisticas> {
  return dados(c.consultar, { query: { uf: uf ?? undefined }, skipAuthRefresh: true });
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

/** GET /api/estatisticas/tempo-decisao: the published average time to decide (Decreto 10.178/2019 art. 17). */
export function useTempoDecisao() {
  return useQuery({
    queryKey: ['estatisticas', 'tempo-decisao'] as const,
    queryFn: () => dados(c.tempoDecisao, { skipAuthRefresh: true }),
    staleTime: 60_000,
  });
}
