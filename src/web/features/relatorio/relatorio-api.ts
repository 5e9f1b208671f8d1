import * as contratosReferencia from '../../../shared/contratos/referencia';
import * as c from '../../../shared/contratos/relatorio';
import { filtrosRelatorioCampos, type ExecucaoRelatorio, type FormatoRelatorio, type PreviaRelatorio } from '../../../shared/schemas/relatorio';
import { chamar, dados } from '../../lib/contrato';
import { getToken } from '../../lib/storage';


/** The report's filter fields: the shared schema's, in its order. */
type CampoRelatorio = keyof typeof filtrosRelatorioCampos.shape;

/** Every one a string, CPF and CNPJ masked as typed. */
export type ValoresRelatorio = Record<Exclude<CampoRelatorio, 'grupoAlvoPesca'>, string> & { grupoAlvoPesca: string[] };

export const RELATORIO_VAZIO = Object.fromEntries(
  Object.keys(filtrosRelatorioCampos.shape).map((campo) => [campo, campo === 'grupoAlvoPesca' ? [] : '']),
) as unknown as ValoresRelatorio;

export type ConsultaRelatorio = Partial<Record<keyof ValoresRelatorio, string>>;

/** The server normalises them with the same shared schema. */
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

export function fetchPrevia(consulta: ConsultaRelatorio, signal?: AbortSignal): Promise<PreviaRelatorio> {
  return dados(c.previa, { query: consulta, signal });
}

export async function emitirRelatorio(consulta: ConsultaRelatorio, formato: FormatoRelatorio): Promise<{ execucao: ExecucaoRelatorio; mensagem: string }> {
  const { dados: execucao, mensagem } = await chamar(c.emitir, { query: { ...consulta, formato } });
  return { execucao, mensagem };
}

/** GET /api/pescador/relatorio/execucao/{id}: a run's progress. */
export function fetchExecucao(id: number): Promise<ExecucaoRelatorio> {
  return dados(c.execucao, { params: { id } });
}

export function fetchMunicipios(uf: string) {
  return dados(contratosReferencia.municipiosPorUf, { params: { uf } });
}

/** The signed address plus `jwt`: a new tab sends no header (spec point 7). */
export function enderecoComJwt(url: string): string {
  const token = getToken();
  return token ? `${url}&jwt=${encodeURIComponent(token)}` : url;
}
