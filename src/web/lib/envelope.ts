import type { z } from 'zod';
import { caminhoCom, type Contrato } from '../../shared/contrato';
import type { Envelope } from '../../shared/envelope';
import { envelopeOf } from '../../shared/schemas/envelope';
import { CABECALHO_IDEMPOTENCIA } from '../../shared/idempotencia';
import type { Documento, documentosResposta } from '../../shared/schemas/documento';
import { api } from './api';

/**
 * Answers read with the shared schemas (zod): apart from the transport (`api.ts`), so that a page that has read
 * nothing yet (the public card lookup before its first lookup) loads neither zod nor a contract (decision 0065).
 * Whoever calls here holds a schema, so zod is loaded already.
 */

/**
 * An answer of the API read with the shared schema of its `dados` (src/shared/schemas, the same the server
 * answers with): the whole envelope is checked, and a shape the contract does not allow is an error.
 */
export function readEnvelope<T extends z.ZodType>(dados: T, corpo: unknown): Envelope<z.output<T>> {
  return envelopeOf(dados).parse(corpo) as Envelope<z.output<T>>;
}

/** A contract that uploads one document (its `formulario`) and answers the stored ones (src/shared/contrato.ts). */
type ContratoDeEnvioDeDocumento = Contrato<undefined, undefined, undefined, typeof documentosResposta>;

/**
 * Multipart of one file (the contract's file field, `arquivos` unless said) and its text fields, to a documents
 * upload contract (POST /api/documentos, /api/documentos/parecer, the REAP's): the stored document, `dados.documentos[0]`.
 * `chaveIdempotencia` (decision 0060) goes as `Idempotency-Key`: a replay of the same upload stores it once.
 */
export async function postDocumento(
  c: ContratoDeEnvioDeDocumento, campos: Record<string, string | number>, arquivo: File, chaveIdempotencia?: string,
): Promise<Documento> {
  const form = new FormData();
  for (const [campo, valor] of Object.entries(campos)) form.append(campo, String(valor));
  form.append(c.formulario?.arquivo ?? 'arquivos', arquivo, arquivo.name);
  const headers = chaveIdempotencia ? { [CABECALHO_IDEMPOTENCIA]: chaveIdempotencia } : undefined;
  const { data } = await api.request<unknown>({ method: c.metodo, url: caminhoCom(c.caminho, undefined), data: form, headers });
  const documento = readEnvelope(c.resposta, data).dados.documentos[0];
  if (!documento) throw new Error('Resposta sem documento');
  return documento;
}
