import * as contratosRecurso from '../../../shared/contratos/recurso';
import type { QueryDe } from '../../../shared/contrato';
import * as contratosAtoNormativo from '../../../shared/contratos/ato-normativo';
import * as c from '../../../shared/contratos/lote';
import type { AtoNormativo } from '../../../shared/schemas/ato-normativo';
import type { DadosLote, LoteResumo, LotesResposta, ResultadoLoteManual } from '../../../shared/schemas/lote';
import { chamar, dados } from '../../lib/contrato';
import { salvarArquivo } from '../../lib/salvar-arquivo';

/**
 * Calls of the batch screens (src/server/modules/lote/lote.routes.ts), through the contracts
 * (src/shared/contratos/lote.ts), answers read with the shared schemas.
 */

/** The normative acts in force (the batch cites one). */
export async function atosVigentes(): Promise<AtoNormativo[]> {
  const d = await dados(contratosAtoNormativo.listar, { query: { vigente: true, tamanhoPagina: 100 } });
  return d.atosNormativos;
}

export async function enviarLoteManual(campos: DadosLote, listaCpfPescador: string[]): Promise<{ mensagem: string; dados: ResultadoLoteManual }> {
  return chamar(c.manual, { corpo: { ...campos, listaCpfPescador } });
}

/** The contract's form: the batch's fields and its file in `arquivos`. */
export async function enviarLoteAutomatico(campos: DadosLote, arquivo: File): Promise<{ mensagem: string; lote: LoteResumo }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(campos)) if (v !== null && v !== undefined) form.append(k, String(v));
  form.append(c.automatico.formulario?.arquivo ?? 'arquivos', arquivo, arquivo.name);
  const r = await chamar(c.automatico, { corpo: form });
  return { mensagem: r.mensagem, lote: r.dados.lote };
}

/** GET /api/pescador/lote/todos?{filters}: the keys go in the order given; empty values are left out. */
export function listarLotes(query: Partial<QueryDe<typeof c.listar>>): Promise<LotesResposta> {
  return dados(c.listar, { query });
}

/** Downloads the per-CPF result (CSV) with the session's token, as a file the browser saves. */
export async function baixarResultadoCsv(idLote: number): Promise<void> {
  salvarArquivo(await chamar(c.resultadoCsv, { params: { id: idLote } }), `lote-${idLote}-resultado.csv`);
}

/** The act's annex of a batch (decision 0102): CSV of all states or one, PDF of one state. */
export async function baixarAnexo(idLote: number, formato: 'csv' | 'pdf', uf: string): Promise<void> {
  const arquivo = await chamar(contratosRecurso.anexo, { params: { id: idLote }, query: { formato, ...(uf ? { uf } : {}) } });
  salvarArquivo(arquivo, `anexo-lote-${idLote}${uf ? `-${uf.toLowerCase()}` : ''}.${formato}`);
}
