import { useQuery } from '@tanstack/react-query';
import { fetchTotalizadoresPescador, fetchTotalizadoresServidor } from './totalizadores-api';

export const ERRO_TOTALIZADORES = 'Erro ao consultar total de solicitações/análises';

export const totalizadoresKeys = {
  all: ['totalizadores'] as const,
  pescador: (idPescador: number) => ['totalizadores', 'pescador', idPescador] as const,
  servidor: () => ['totalizadores', 'servidor'] as const,
};

/** The fisher's request counters; idle when the fisher has no registry record yet. */
export function useTotalizadoresPescador(idPescador: number | undefined) {
  return useQuery({
    queryKey: totalizadoresKeys.pescador(idPescador ?? 0),
    queryFn: () => fetchTotalizadoresPescador(idPescador as number),
    enabled: idPescador !== undefined,
    meta: { errorMessage: ERRO_TOTALIZADORES },
  });
}

export function useTotalizadoresServidor(enabled = true) {
  return useQuery({
    queryKey: totalizadoresKeys.servidor(),
    queryFn: fetchTotalizadoresServidor,
    enabled,
    meta: { errorMessage: ERRO_TOTALIZADORES },
  });
}
