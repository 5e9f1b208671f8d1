import { useQuery } from '@tanstack/react-query';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { analiseKeys, fetchAnalise, fetchAnalises, fetchTotalizadores, type FiltrosLista } from './analise-api';

export const ERRO_TOTALIZADORES = 'Erro ao consultar total de solicitações/análises';
export const ERRO_CONSULTAR_ANALISES = 'Não foi possível consultar as análises. Tente novamente.';
export const ERRO_CONSULTAR_SOLICITACAO = MENSAGENS_SOLICITACAO.erroConsultar;

export function useTotalizadoresAnalise() {
  return useQuery({
    queryKey: analiseKeys.totalizadores(),
    queryFn: fetchTotalizadores,
    meta: { errorMessage: ERRO_TOTALIZADORES },
  });
}

export function useListaAnalises(filtros: FiltrosLista) {
  return useQuery({
    queryKey: analiseKeys.lista(filtros),
    queryFn: () => fetchAnalises(filtros),
    placeholderData: (anterior) => anterior,
  });
}

export function useAnalise(idAnalise: number) {
  return useQuery({
    queryKey: analiseKeys.detalhe(idAnalise),
    queryFn: () => fetchAnalise(idAnalise),
    enabled: idAnalise > 0,
    // The lock state changes under the analyst's feet: always read it fresh when the screen opens.
    staleTime: 0,
    meta: { errorMessage: ERRO_CONSULTAR_SOLICITACAO },
  });
}
