import { mensagemDeErro } from '../../../shared/envelope';
import { rgp } from '../../../shared/leituras-pescador';
import { MENSAGENS_CARTEIRA } from '../../../shared/mensagens/carteira';
import { CodigoErro, ehCasoDe } from '../../../shared/codigos-erro';
import { ERRO_DESCONHECIDO, isApiError } from '../../lib/api';
import { codigoErroDe } from '../../lib/erros';
import { lerDados } from '../../lib/leitura';

/** GET /api/pescador/{idPescador}/imprimir-carteira: the card as a PDF (406 when the registry is not active). */
export async function baixarCarteira(idPescador: number): Promise<Blob> {
  // The contract loads on the click: /home shows the button without zod (decision 0130).
  const [c, { chamar }] = await Promise.all([import('../../../shared/contratos/carteira'), import('../../lib/contrato')]);
  const data = await chamar(c.imprimir, {
    params: { id: idPescador },
    headers: { Accept: 'application/pdf, application/json' },
  });
  return data instanceof Blob && data.type === 'application/pdf' ? data : new Blob([data], { type: 'application/pdf' });
}

/**
 * The message of a failed print: the server's envelope (the API client reads a failed answer as JSON or text
 * even for a blob request). ESTADO_NAO_PERMITE (registry not active) falls back to the card's own message. Kept async for its
 * callers.
 */
export async function mensagemDaFalhaImpressao(error: unknown): Promise<string> {
  if (!isApiError(error) || !error.response) return ERRO_DESCONHECIDO;
  return mensagemDeErro(error.response.data, ehCasoDe(codigoErroDe(error), CodigoErro.ESTADO_NAO_PERMITE) ? MENSAGENS_CARTEIRA.registroInativo : ERRO_DESCONHECIDO);
}

/** GET /api/rgp/pescador/{id}: the registry's status (1 = ATIVO). */
export async function situacaoDoRegistro(idPescador: number): Promise<number | null> {
  const { situacao } = await lerDados(rgp, { params: { id: idPescador } });
  return situacao;
}
