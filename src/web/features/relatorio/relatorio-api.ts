import { z } from 'zod';
import { municipioSchema } from '../../../shared/referencias';
import {
  execucaoRelatorioSchema, previaRelatorioSchema, ROTAS_RELATORIO,
  type ExecucaoRelatorio, type FormatoRelatorio, type PreviaRelatorio,
} from '../../../shared/schemas/relatorio';
import { api, getDados, readEnvelope } from '../../lib/api';
import { getToken } from '../../lib/storage';

/**
 * Calls of the fisher report screen (src/server/modules/relatorio/relatorio.routes.ts), each answer checked with
 * the shared schemas.
 */

/** The filters as the form holds them: every field a string (masked CPF and CNPJ as typed), the target groups a list. */
export interface ValoresRelatorio {
  nome: string;
  cpfPescador: string;
  numeroRGP: string;
  uf: string;
  municipio: string;
  tieTiem: string;
  situacao: string;
  sexo: string;
  propriedadeEmbarcacao: string;
  categoria: string;
  formaAtuacao: string;
  recebeuAjuda: string;
  tipoAmbientePesca: string;
  escolaridade: string;
  alfabetizacao: string;
  etnia: string;
  cnpjEntidadeRepresentante: string;
  nacionalidadeBrasileira: string;
  dataInicioEmissaoCarteira: string;
  dataFimEmissaoCarteira: string;
  idadeInicial: string;
  idadeFinal: string;
  dataInicioSolicitacao: string;
  dataFimSolicitacao: string;
  grupoAlvoPesca: string[];
}

export const RELATORIO_VAZIO: ValoresRelatorio = {
  nome: '', cpfPescador: '', numeroRGP: '', uf: '', municipio: '', tieTiem: '', situacao: '', sexo: '',
  propriedadeEmbarcacao: '', categoria: '', formaAtuacao: '', recebeuAjuda: '', tipoAmbientePesca: '', escolaridade: '',
  alfabetizacao: '', etnia: '', cnpjEntidadeRepresentante: '', nacionalidadeBrasileira: '', dataInicioEmissaoCarteira: '',
  dataFimEmissaoCarteira: '', idadeInicial: '', idadeFinal: '', dataInicioSolicitacao: '', dataFimSolicitacao: '', grupoAlvoPesca: [],
};

/** The filters as the API's query, without empty ones (the list comma-separated); the server normalises them. */
export function queryDosFiltros(v: ValoresRelatorio): string {
  const params = new URLSearchParams();
  for (const [chave, valor] of Object.entries(v) as [keyof ValoresRelatorio, string | string[]][]) {
    const texto = Array.isArray(valor) ? valor.join(',') : valor.trim();
    if (texto) params.set(chave, texto);
  }
  return params.toString();
}

export const relatorioKeys = {
  previa: (query: string) => ['relatorio', 'previa', query] as const,
  execucao: (id: number) => ['relatorio', 'execucao', id] as const,
  municipios: (uf: string) => ['relatorio', 'municipios', uf] as const,
};

/** GET /api/pescador/relatorio/pescadores/previa?{filters}: how many fishers match, and the first ones. */
export function fetchPrevia(query: string, signal?: AbortSignal): Promise<PreviaRelatorio> {
  return getDados(`${ROTAS_RELATORIO.previa}?${query}`, previaRelatorioSchema, { signal });
}

/** GET /api/pescador/relatorio/pescadores?{filters}&formato=…: the run, with `url` when the file is ready. */
export async function emitirRelatorio(query: string, formato: FormatoRelatorio): Promise<{ execucao: ExecucaoRelatorio; mensagem: string }> {
  const { data } = await api.get<unknown>(`${ROTAS_RELATORIO.emitir}?${query ? `${query}&` : ''}formato=${formato}`);
  const envelope = readEnvelope(execucaoRelatorioSchema, data);
  return { execucao: envelope.dados, mensagem: envelope.mensagem };
}

/** GET /api/pescador/relatorio/execucao/{id}: a run's progress. */
export function fetchExecucao(id: number): Promise<ExecucaoRelatorio> {
  return getDados(ROTAS_RELATORIO.execucao(id), execucaoRelatorioSchema);
}

/** GET /api/municipios/uf/{uf}: the municipalities of a state, for the municipality filter. */
export function fetchMunicipios(uf: string) {
  return getDados(`/api/municipios/uf/${encodeURIComponent(uf)}`, z.array(municipioSchema));
}

/** The file's address as the browser opens it: the signed address plus `jwt`, the session's token (spec point 7). */
export function enderecoComJwt(url: string): string {
  const token = getToken();
  return token ? `${url}&jwt=${encodeURIComponent(token)}` : url;
}
