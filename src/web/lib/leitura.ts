import { caminhoCom, queryStringDe } from '../../shared/contrato';
import { lerEnvelopeComLeitor } from '../../shared/envelope';
import { lerCom } from '../../shared/leitor';
import type { Leitura } from '../../shared/leituras-pescador';
import { api, type ApiRequestConfig } from './api';
import { cabecalhoDeRepresentacao } from './representacao';

/**
 * The fisher's /home reads its answers through these readers rather than the contracts' schemas, so the page loads no
 * zod (decision 0130). An answer the reader refuses fails as a contract's would.
 */
export async function lerDados<T>(
  l: Leitura<T>,
  pedido: { params?: Record<string, string | number>; query?: object } & Pick<ApiRequestConfig, 'signal'> = {},
): Promise<T> {
  const caminho = caminhoCom(l.caminho, pedido.params);
  const qs = queryStringDe(pedido.query as Record<string, unknown> | undefined);
  const { data } = await api.request<unknown>({
    method: l.metodo, url: qs ? `${caminho}?${qs}` : caminho, signal: pedido.signal, headers: cabecalhoDeRepresentacao(l),
  });
  const envelope = lerEnvelopeComLeitor(data, (dados) => lerCom(l.ler, dados));
  if (!envelope) throw new Error(`${l.metodo} ${l.caminho}: resposta fora do contrato`);
  return envelope.dados;
}
