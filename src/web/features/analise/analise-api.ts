import type { QueryDe } from '../../../shared/contrato';
import * as c from '../../../shared/contratos/analise';
import { TipoSolicitacao } from '../../../shared/enums';
import type { AnaliseDetalhe, DecisaoAnaliseCorpo, DocumentoParecer, ListaAnalises, UfsEscopo } from '../../../shared/schemas/analise';
import type { ListaAtrasadas, PainelAnalises } from '../../../shared/schemas/prazo-analise';
import type { MarcacaoSinalCorpo, Sinal } from '../../../shared/schemas/sinal';
import type { TotalizadoresServidor } from '../../../shared/schemas/totalizadores';
import { postDocumento } from '../../lib/envelope';
import { chamar, dados } from '../../lib/contrato';

/** Calls of the analysis screens through the contracts, each answer checked with the shared schemas. */

/** Empty values are left out. */
export type FiltrosLista = QueryDe<typeof c.listar>;

export const analiseKeys = {
  all: ['analise'] as const,
  totalizadores: () => ['analise', 'totalizadores'] as const,
  lista: (filtros: FiltrosLista) => ['analise', 'lista', filtros] as const,
  detalhe: (idAnalise: number) => ['analise', 'detalhe', idAnalise] as const,
  sinais: (idAnalise: number) => ['analise', 'sinais', idAnalise] as const,
  ufsEscopo: () => ['analise', 'ufs-escopo'] as const,
};

export async function fetchUfsEscopo(): Promise<UfsEscopo> {
  return dados(c.ufsEscopo, {});
}

/** GET /api/analise-solicitacao/totalizadores. */
export async function fetchTotalizadores(): Promise<TotalizadoresServidor> {
  return dados(c.totalizadores, {});
}

export async function fetchAnalises(filtros: FiltrosLista): Promise<ListaAnalises> {
  return dados(c.listar, { query: filtros });
}

export async function fetchAnalise(idAnalise: number): Promise<AnaliseDetalhe> {
  return dados(c.detalhar, { params: { id: idAnalise } });
}

export async function iniciarAnalise(idAnaliseSolicitacao: number): Promise<string> {
  const { mensagem } = await chamar(c.bloquear, { corpo: { idAnaliseSolicitacao } });
  return mensagem;
}

export async function cancelarInicio(idAnaliseSolicitacao: number): Promise<string> {
  const { mensagem } = await chamar(c.desbloquear, { corpo: { idAnaliseSolicitacao } });
  return mensagem;
}

export async function concluirAnalise(tipoSolicitacao: number, corpo: DecisaoAnaliseCorpo): Promise<string> {
  // A documents edit (tipo 9) has its own endpoint.
  const conclusao = tipoSolicitacao === TipoSolicitacao.EDICAO_DOCUMENTOS ? c.concluirEdicaoDocumentos : c.concluir;
  const { mensagem } = await chamar(conclusao, { corpo });
  return mensagem;
}

export async function enviarParecer(idAnaliseSolicitacao: number, arquivo: File): Promise<DocumentoParecer> {
  return postDocumento(c.enviarParecer, { idAnaliseSolicitacao }, arquivo);
}

/** DELETE /api/documentos/parecer/documento/{id} (204). */
export async function removerParecer(id: number): Promise<void> {
  await chamar(c.removerParecer, { params: { id } });
}

// Deadlines, late analyses and the manager's page (decisions 0152, 0153).

export const painelKeys = {
  painel: (semanas: number) => ['analise', 'painel', semanas] as const,
  atrasadas: () => ['analise', 'atrasadas'] as const,
  designaveis: (idAnalise: number) => ['analise', 'designaveis', idAnalise] as const,
};

export async function fetchPainel(semanas: number): Promise<PainelAnalises> {
  return dados(c.painel, { query: { semanas } });
}

export async function fetchAtrasadas(): Promise<ListaAtrasadas> {
  return dados(c.atrasadas, {});
}

export async function fetchDesignaveis(idAnalise: number) {
  return dados(c.designaveis, { params: { id: idAnalise } });
}

export async function reatribuirAnalise(idAnalise: number, idUsuarioMapa: number): Promise<string> {
  const { mensagem } = await chamar(c.reatribuir, { params: { id: idAnalise }, corpo: { idUsuarioMapa } });
  return mensagem;
}

/** The signals beside the request (decision 0112). */
export async function fetchSinais(idAnalise: number): Promise<Sinal[]> {
  return dados(c.sinais, { params: { id: idAnalise } });
}

export async function marcarSinal(idAnalise: number, idSinal: number, corpo: MarcacaoSinalCorpo): Promise<string> {
  const { mensagem } = await chamar(c.marcarSinal, { params: { id: idAnalise, idSinal }, corpo });
  return mensagem;
}
