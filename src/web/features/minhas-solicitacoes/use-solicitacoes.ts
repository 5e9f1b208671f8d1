import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FiltroSolicitacoes } from '../../../shared/schemas/solicitacao-api';
import { consultarSolicitacao, ERRO_CONSULTAR_SOLICITACAO, listarSolicitacoes, solicitacoesKeys } from './solicitacoes-api';

/** A page of the signed-in fisher's requests. */
export function useSolicitacoes(filtro: FiltroSolicitacoes, options: { enabled?: boolean; silencioso?: boolean } = {}) {
  return useQuery({
    queryKey: solicitacoesKeys.lista(filtro),
    queryFn: () => listarSolicitacoes(filtro),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    meta: options.silencioso ? undefined : { errorMessage: ERRO_CONSULTAR_SOLICITACAO },
  });
}

/** One request (GET /api/solicitacao/{id}). */
export function useSolicitacao(id: number | null) {
  return useQuery({
    queryKey: solicitacoesKeys.detalhe(id ?? 0),
    queryFn: () => consultarSolicitacao(id as number),
    enabled: id !== null,
    meta: { errorMessage: ERRO_CONSULTAR_SOLICITACAO },
  });
}
