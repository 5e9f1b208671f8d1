import * as c from '../../../shared/contratos/entidade';
import type { CorpoDe, QueryDe } from '../../../shared/contrato';
import { chamar, dados } from '../../lib/contrato';
import { salvarArquivo } from '../../lib/salvar-arquivo';

/** Representative entities, delegations and the agent's desk (docs/decisions/0110): calls and query keys. */
export const entidadeKeys = {
  all: ['entidade'] as const,
  lista: () => ['entidade', 'lista'] as const,
  agentes: (id: number) => ['entidade', 'agentes', id] as const,
  indicadores: (id: number) => ['entidade', 'indicadores', id] as const,
  minhas: () => ['entidade', 'delegacoes'] as const,
  disponiveis: () => ['entidade', 'disponiveis'] as const,
  mesa: (f: Partial<QueryDe<typeof c.mesa>>) => ['entidade', 'mesa', f] as const,
  termos: () => ['entidade', 'termos'] as const,
};

export const listarEntidades = () => dados(c.listar, {});
export const criarEntidade = (corpo: CorpoDe<typeof c.criar>) => chamar(c.criar, { corpo });
export const suspenderEntidade = (id: number, motivo: string) => chamar(c.suspender, { params: { id }, corpo: { motivo } });
export const reativarEntidade = (id: number) => chamar(c.reativar, { params: { id } });
export const agentesDaEntidade = (id: number) => dados(c.agentes, { params: { id } });
/** Filings, refusals and confirmed signals per month (decision 0112). */
export const indicadoresDaEntidade = (id: number) => dados(c.indicadores, { params: { id } });
export const vincularAgente = (id: number, corpo: CorpoDe<typeof c.vincularAgente>) => chamar(c.vincularAgente, { params: { id }, corpo });
export const entidadesDisponiveis = () => dados(c.disponiveis, {});
export const minhasDelegacoes = () => dados(c.minhas, {});
export const concederDelegacao = (corpo: CorpoDe<typeof c.conceder>) => chamar(c.conceder, { corpo });
export const revogarDelegacao = (id: number) => chamar(c.revogar, { params: { id } });
export const mesaDoAgente = (f: Partial<QueryDe<typeof c.mesa>>) => dados(c.mesa, { query: f as QueryDe<typeof c.mesa> });
/** The CSV of the filtered list (every fisher in it is an audited view). */
export async function baixarCsvMesa(f: QueryDe<typeof c.mesaCsv>): Promise<void> {
  salvarArquivo(await chamar(c.mesaCsv, { query: f }), 'pescadores-representados.csv');
}

/** The multipart body of a consent term's file: the contract's file field with the file's own name. */
function comArquivo(campos: Record<string, string>, arquivo: File): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(campos)) form.append(k, v);
  form.append('arquivos', arquivo, arquivo.name);
  return form;
}

/** The agent files a signed consent term (decision 0110): the fields, then the term's file. */
export const registrarTermo = (campos: { cpfPescador: string; nomePescador: string; uf: string; servicos: readonly number[]; fim: string }, termo: File) =>
  chamar(c.registrarTermo, { corpo: comArquivo({ ...campos, servicos: campos.servicos.join(',') }, termo) });
export const anexarIdentidadeAoTermo = (id: number, identidade: File) =>
  chamar(c.anexarIdentidade, { params: { id }, corpo: comArquivo({}, identidade) });
export const termosPendentes = () => dados(c.termosPendentes, {});
export const validarTermo = (id: number, corpo: CorpoDe<typeof c.validarTermo>) => chamar(c.validarTermo, { params: { id }, corpo });
