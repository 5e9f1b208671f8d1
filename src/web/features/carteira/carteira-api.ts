import { mensagemDeErro } from '../../../shared/envelope';
import { MENSAGENS_CARTEIRA } from '../../../shared/schemas/carteira';
import { rgpPescadorSchema } from '../../../shared/schemas/solicitacao-api';
import { api, ERRO_DESCONHECIDO, getDados, isApiError, statusOf } from '../../lib/api';

/** GET /api/pescador/{idPescador}/imprimir-carteira: the card as a PDF (406 when the registry is not active). */
export async function baixarCarteira(idPescador: number): Promise<Blob> {
  const { data } = await api.get<Blob>(`/api/pescador/${idPescador}/imprimir-carteira`, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf, application/json' },
  });
  return data instanceof Blob && data.type === 'application/pdf' ? data : new Blob([data], { type: 'application/pdf' });
}

/**
 * The message of a failed print: the server's envelope (the API client reads a failed answer as JSON or text
 * even for a blob request). 406 (registry not active) falls back to the card's own message. Kept async for its
 * callers.
 */
export async function mensagemDaFalhaImpressao(error: unknown): Promise<string> {
  if (!isApiError(error) || !error.response) return ERRO_DESCONHECIDO;
  return mensagemDeErro(error.response.data, statusOf(error) === 406 ? MENSAGENS_CARTEIRA.registroInativo : ERRO_DESCONHECIDO);
}

/** GET /api/rgp/pescador/{id}: the registry's status (1 = ATIVO). */
export async function situacaoDoRegistro(idPescador: number): Promise<number | null> {
  const { situacao } = await getDados(`/api/rgp/pescador/${idPescador}`, rgpPescadorSchema);
  return situacao;
}
