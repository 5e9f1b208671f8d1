import * as contratosReferencia from '../../../shared/contratos/referencia';
import * as c from '../../../shared/contratos/relatorio';
import { filtrosRelatorioCampos, type ExecucaoRelatorio, type FormatoRelatorio, type PreviaRelatorio } from '../../../shared/schemas/relatorio';
import { chamar, dados } from '../../lib/contrato';
import { getToken } from '../../lib/storage';

/**
 * Calls of the fisher report screen (src/server/modules/relatorio/relatorio.routes.ts), each answer checked with
 * the shared schemas.
 */

/** The report's filter fields: the shared schema's, in its order. */
type CampoRelatorio = keyof typeof filtrosRelatorioCampos.shape;

/**
 * The filters as the form holds them: the shared schema's fields, every one a string (masked CPF and CNPJ as
 * typed), the target groups a list.
 */
export type ValoresRelatorio = Record<Exclude<CampoRelatorio, 'grupoAlvoPesca'>, string> & { grupoAlvoPesca: string[] };

export const RELATORIO_VAZIO = Object.fromEntries(
  Object.keys(filtrosRelatorioCampos.shape).map((campo) => [campo, campo === 'grupoAlvoPesca' ? [] : '']),
) as unknown as ValoresRelatorio;

/** The filters as the contract's query reads them: every value text, the empty ones left out, the list comma-separated. */
export type ConsultaRelatorio = Partial<Record<keyof ValoresRelatorio, string>>;

/** The filters as the API's query, in the form's order; the server normalises them (the same shared schema). */
export function consultaDosFiltros(v: ValoresRelatorio): ConsultaRelatorio {
  const consulta: ConsultaRelatorio = {};
  for (const [chave, valor] of Object.entries(v) as [keyof ValoresRelatorio, string | string[]][]) {
    const texto = Array.isArray(valor) ? valor.join(',') : valor.trim();
    if (texto) consulta[chave] = texto;
  }
  return consulta;
}

export const relatorioKeys = {
  previa: (consulta: ConsultaRelatorio) => ['relatorio', 'previa', consulta] as const,
  execucao: (id: number) => ['relatorio', 'execucao', id] as const,
  municipios: (uf: string) => ['relatorio', 'municipios', uf] as const,
};

/** GET /api/pescador/relatorio/pescadores/previa?{filters}: how many fishers match, and the first ones. */
export function fetchPrevia(consulta: ConsultaRelatorio, signal?: AbortSignal): Promise<PreviaRelatorio> {
  return dados(c.previa, { query: consulta, signal });
}

/** GET /api/pescador/relatorio/pescadores?{filters}&formato=…: the run, with `url` when the file is ready. */
export async function emitirRelatorio(consulta: ConsultaRelatorio, formato: FormatoRelatorio): Promise<{ execucao: ExecucaoRelatorio; mensagem: string }> {
  const { dados: execucao, mensagem } = await chamar(c.emitir, { query: { ...consulta, formato } });
  return { execucao, mensagem };
}

/** GET /api/pescador/relatorio/execucao/{id}: a run's progress. */
export function fetchExecucao(id: number): Promise<ExecucaoRelatorio> {
  return dados(c.execucao, { params: { id } });
}

/** GET /api/municipios/uf/{uf}: the municipalities of a state, for the municipality filter. */
export function fetchMunicipios(uf: string) {
  return dados(contratosReferencia.municipiosPorUf, { params: { uf } });
}

/** The file's address as the browser opens it: the signed address plus `jwt`, the session's token (spec point 7). */
export function enderecoComJwt(url: string): string {
  const token = getToken();
  return token ? `${url}&jwt=${encodeURIComponent(token)}` : url;
}
