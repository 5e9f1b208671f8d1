import type { z } from 'zod';
import { caminhoCom, type Contrato } from '../../shared/contrato';
import type { Envelope } from '../../shared/envelope';
import { envelopeOf } from '../../shared/schemas/envelope';
import { CABECALHO_IDEMPOTENCIA } from '../../shared/idempotencia';
import type { Documento, documentosResposta } from '../../shared/schemas/documento';
import { api } from './api';
import { cabecalhoDeRepresentacao } from './representacao';

/** Answers read with the shared zod schemas, apart from `api.ts` so a page that reads nothing loads no zod (decision 0065). */

/** An answer checked whole against the envelope around the shared schema of its `dados`. */
export function readEnvelope<T extends z.ZodType>(dados: T, corpo: unknown): Envelope<z.output<T>> {
  return envelopeOf(dados).parse(corpo) as Envelope<z.output<T>>;
}

type ContratoDeEnvioDeDocumento = Contrato<undefined, undefined, undefined, typeof documentosResposta>;

/** Uploads one document; with `chaveIdempotencia` a replay of the same upload stores it once (decision 0060). */
export async function postDocumento(
  c: ContratoDeEnvioDeDocumento, campos: Record<string, string | number>, arquivo: File, chaveIdempotencia?: string,
  /** The outbox box's fisher (decision 0114); undefined: the tab's pick. */
  representado?: number | null,
): Promise<Documento> {
  const form = new FormData();
  for (const [campo, valor] of Object.entries(campos)) form.append(campo, String(valor));
  form.append(c.formulario?.arquivo ?? 'arquivos', arquivo, arquivo.name);
  const headers = { ...cabecalhoDeRepresentacao(c, representado), ...(chaveIdempotencia ? { [CABECALHO_IDEMPOTENCIA]: chaveIdempotencia } : {}) };
  const { data } = await api.request<unknown>({ method: c.metodo, url: caminhoCom(c.caminho, undefined), data: form, headers });
  const documento = readEnvelope(c.resposta, data).dados.documentos[0];
  if (!documento) throw new Error('Resposta sem documento');
  return documento;
}
