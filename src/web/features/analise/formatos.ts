import { situacaoAnaliseLabel, tipoSolicitacaoLabel, type SituacaoAnalise, type TipoSolicitacao } from '../../../shared/enums';

/** "1 dia", "12 dias". */
export function diasAguardando(dias: number): string {
  return `${dias} ${dias === 1 ? 'dia' : 'dias'}`;
}

export function rotuloSituacaoAnalise(id: number, descricao?: string | null): string {
  return descricao || situacaoAnaliseLabel[id as SituacaoAnalise] || 'Situação inválida';
}

export function rotuloTipoSolicitacao(tipo: number, descricao?: string | null): string {
  return descricao || tipoSolicitacaoLabel[tipo as TipoSolicitacao] || 'Solicitação';
}

/** The analysis screen's address (spec point 2: idAnalise, tipoSolicitacao, idSolicitacao). */
export function enderecoTelaAnalise(a: { idAnaliseSolicitacao: number; tipoSolicitacao: number; idSolicitacao: number }): string {
  const params = new URLSearchParams({
    idAnalise: String(a.idAnaliseSolicitacao),
    tipoSolicitacao: String(a.tipoSolicitacao),
    idSolicitacao: String(a.idSolicitacao),
  });
  return `/analise/solicitacao?${params.toString()}`;
}

export const ROTA_ACOMPANHAR_ANALISES = '/analise/acompanhar-analises';
export const ROTA_PAINEL_ANALISES = '/analise/painel';
