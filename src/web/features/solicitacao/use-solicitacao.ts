import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { isUf } from '../../../shared/ufs';
import {
  enviarSolicitacao,
  fetchMunicipios,
  fetchProfissoes,
  fetchSolicitacao,
  removerEmbarcacao,
  salvarPasso,
  type SalvarPassoVars,
} from './solicitacao-api';

export const ERRO_MUNICIPIOS = 'Erro ao consultar municípios';
export const ERRO_PROFISSOES = 'Erro ao carregar lista de profissões';

/** Reference data changes rarely: kept for an hour. */
export const UMA_HORA = 60 * 60 * 1000;

export const solicitacaoKeys = {
  all: ['solicitacao'] as const,
  detalhe: (id: number) => ['solicitacao', 'detalhe', id] as const,
  municipios: (uf: string) => ['municipios', 'uf', uf] as const,
  profissoes: () => ['solicitacao', 'profissoes'] as const,
};

export function useSolicitacao(id: number | undefined) {
  return useQuery({
    queryKey: solicitacaoKeys.detalhe(id ?? 0),
    queryFn: () => fetchSolicitacao(id as number),
    enabled: id !== undefined,
    meta: { errorMessage: MENSAGENS_SOLICITACAO.erroConsultar },
  });
}

export function useMunicipios(uf: string) {
  return useQuery({
    queryKey: solicitacaoKeys.municipios(uf),
    queryFn: () => fetchMunicipios(uf),
    enabled: isUf(uf),
    staleTime: UMA_HORA,
    meta: { errorMessage: ERRO_MUNICIPIOS },
  });
}

export function useProfissoes() {
  return useQuery({
    queryKey: solicitacaoKeys.profissoes(),
    queryFn: fetchProfissoes,
    staleTime: UMA_HORA,
    meta: { errorMessage: ERRO_PROFISSOES },
  });
}

/** The answer becomes the request's cached state, so the next step opens without asking again. */
export function useSalvarPasso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: SalvarPassoVars) => salvarPasso(vars),
    onSuccess: (dados, vars) => aoSalvarPasso(queryClient, dados, vars.passo),
  });
}

export function aoSalvarPasso(queryClient: QueryClient, dados: SolicitacaoDetalheResposta, passo: number) {
  queryClient.setQueryData<SolicitacaoDetalheResposta>(solicitacaoKeys.detalhe(dados.id), (antes) => ({
    ...antes,
    ...dados,
    passo: Math.max(antes?.passo ?? 0, dados.passo, passo),
  }));
  // Read /home's counters, options and lists again when next shown.
  void queryClient.invalidateQueries({ queryKey: ['totalizadores'], refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: ['solicitacoes'], refetchType: 'none' });
}

export function useEnviarSolicitacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tipo }: { id: number; tipo: number }) => enviarSolicitacao(id, tipo),
    onSettled: () => {
      // Read again when next shown, not now: the screen is leaving.
      void queryClient.invalidateQueries({ queryKey: solicitacaoKeys.all, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['totalizadores'], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['solicitacoes'], refetchType: 'none' });
    },
  });
}

export function useRemoverEmbarcacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => removerEmbarcacao(id),
    onSuccess: (_vazio, id) => {
      queryClient.setQueryData<SolicitacaoDetalheResposta>(solicitacaoKeys.detalhe(id), (antes) => {
        if (!antes) return antes;
        const atividade = antes.dadosAtividadePesca as { formaAtuacaoPesca?: Record<string, unknown> } | undefined;
        if (!atividade?.formaAtuacaoPesca) return antes;
        return {
          ...antes,
          dadosAtividadePesca: { ...atividade, formaAtuacaoPesca: { ...atividade.formaAtuacaoPesca, embarcacao: null } },
        };
      });
    },
  });
}
