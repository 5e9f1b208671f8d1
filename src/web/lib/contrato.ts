import type { z } from 'zod';
import {
  caminhoCom, type Contrato, ehRespostaArquivo, ehRespostaVazia, queryStringDe, type RespostaArquivo, type RespostaVazia,
} from '../../shared/contrato';
import type { Envelope } from '../../shared/envelope';
import { CABECALHO_IDEMPOTENCIA } from '../../shared/idempotencia';
import { api, type ApiRequestConfig } from './api';
import { cabecalhoDeRepresentacao } from './representacao';
import { readEnvelope } from './envelope';

/** Calls through the server's contracts (docs/decisions/0059), so no path or shape is written twice. */

type Entrada<T> = T extends z.ZodType ? z.input<T> : never;

export type PedidoDe<C> = C extends Contrato<infer P, infer Q, infer B>
  ? (P extends z.ZodType ? { params: Entrada<P> } : { params?: undefined })
    & (Q extends z.ZodType ? { query?: Entrada<Q> | Partial<z.output<Q>> } : { query?: undefined })
    & (B extends z.ZodType ? { corpo: Entrada<B> } : { corpo?: FormData })
    & Pick<ApiRequestConfig, 'signal' | 'headers' | 'timeout' | 'skipAuthRefresh'>
    & {
      /** The same on every replay (docs/decisions/0060). */
      chaveIdempotencia?: string;
      /** The fisher of the outbox's box being sent, not the tab's pick (null: the person's own; decision 0114). */
      representado?: number | null;
    }
  : never;

export type RespostaDe<C> = C extends Contrato<infer _P, infer _Q, infer _B, infer R>
  ? R extends RespostaArquivo ? Blob : R extends RespostaVazia ? undefined : R extends z.ZodType ? Envelope<z.output<R>> : never
  : never;

/** For a link or a new tab. */
export function enderecoDe<C extends Contrato>(c: C, pedido: Pick<PedidoDe<C>, 'params' | 'query'>): string {
  const caminho = caminhoCom(c.caminho, pedido.params as Record<string, string | number> | undefined);
  const qs = queryStringDe(pedido.query as Record<string, unknown> | undefined);
  return qs ? `${caminho}?${qs}` : caminho;
}

export async function chamar<C extends Contrato>(c: C, pedido: PedidoDe<C>): Promise<RespostaDe<C>> {
  const { params, query, corpo, chaveIdempotencia, representado, ...config } = pedido as
    { params?: unknown; query?: unknown; corpo?: unknown; chaveIdempotencia?: string; representado?: number | null } & ApiRequestConfig;
  const arquivo = ehRespostaArquivo(c.resposta);
  const { data } = await api.request<unknown>({
    ...config,
    headers: {
      ...config.headers, ...cabecalhoDeRepresentacao(c, representado), ...(chaveIdempotencia ? { [CABECALHO_IDEMPOTENCIA]: chaveIdempotencia } : {}),
    },
    method: c.metodo,
    url: enderecoDe(c, { params, query } as Pick<PedidoDe<C>, 'params' | 'query'>),
    data: corpo,
    responseType: arquivo ? 'blob' : 'json',
  });
  if (arquivo || ehRespostaVazia(c.resposta)) return (arquivo ? data : undefined) as RespostaDe<C>;
  return readEnvelope(c.resposta as z.ZodType, data) as RespostaDe<C>;
}

export async function dados<C extends Contrato<z.ZodObject | undefined, z.ZodType | undefined, z.ZodType | undefined, z.ZodType>>(
  c: C,
  pedido: PedidoDe<C>,
): Promise<RespostaDe<C> extends Envelope<infer D> ? D : never> {
  const envelope = (await chamar(c, pedido)) as Envelope<unknown>;
  return envelope.dados as RespostaDe<C> extends Envelope<infer D> ? D : never;
}
