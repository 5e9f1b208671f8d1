import { listaAtosNormativosSchema, type AtoNormativo } from '../../../shared/schemas/ato-normativo';
import {
  loteAceitoSchema, lotesRespostaSchema, resultadoLoteManualSchema, type LoteResumo, type LotesResposta, type ResultadoLoteManual,
} from '../../../shared/schemas/lote';
import { api, getDados, postEnvelope } from '../../lib/api';

/** Calls of the batch screens (src/server/modules/lote/lote.routes.ts), answers read with the shared schemas. */

export interface CamposLote {
  atoNormativo: number;
  tipo: number;
  orgaoSolicitante: string;
  justificativa: string;
  dataLimiteSuspensao: string | null;
}

/** The normative acts in force (the batch cites one). */
export async function atosVigentes(): Promise<AtoNormativo[]> {
  const d = await getDados('/api/ato-normativo/listar?vigente=true&tamanhoPagina=100', listaAtosNormativosSchema);
  return d.atosNormativos;
}

export async function enviarLoteManual(campos: CamposLote, listaCpfPescador: string[]): Promise<{ mensagem: string; dados: ResultadoLoteManual }> {
  return postEnvelope('/api/lote-pescador/manual', { ...campos, listaCpfPescador }, resultadoLoteManualSchema);
}

export async function enviarLoteAutomatico(campos: CamposLote, arquivo: File): Promise<{ mensagem: string; lote: LoteResumo }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(campos)) if (v !== null) form.append(k, String(v));
  form.append('arquivos', arquivo, arquivo.name);
  const r = await postEnvelope('/api/lote-pescador/automatico', form, loteAceitoSchema);
  return { mensagem: r.mensagem, lote: r.dados.lote };
}

export function listarLotes(params: Record<string, string | number | undefined>): Promise<LotesResposta> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return getDados(`/api/pescador/lote/todos?${q.toString()}`, lotesRespostaSchema);
}

/** Downloads the per-CPF result (CSV) with the session's token, as a file the browser saves. */
export async function baixarResultadoCsv(idLote: number): Promise<void> {
  const { data } = await api.get<Blob>(`/api/pescador/lote/${idLote}/resultado`, { responseType: 'blob' });
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = `lote-${idLote}-resultado.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
