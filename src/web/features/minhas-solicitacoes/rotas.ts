import { TipoSolicitacao } from '../../../shared/enums';
import { tiposComAssistente } from '../../../shared/mensagens/solicitacao';

/** Whether a request of this type is filled through the five-step wizard (types 1, 2, 3 and 8). */
export function temAssistente(tipo: number): boolean {
  return (tiposComAssistente as readonly number[]).includes(tipo);
}

/**
 * The wizard's address for a request (spec point 2): the registry edit (type 8) has its own route
 * /pescador/edicao-registro/edicao/; the other wizard types use /pescador/solicitacao. Both carry
 * tipoSolicitacao and, once the request exists, idSolicitacao.
 */
export function rotaAssistente(tipo: number, idSolicitacao?: number | null): string {
  const params = new URLSearchParams();
  if (idSolicitacao) params.set('idSolicitacao', String(idSolicitacao));
  params.set('tipoSolicitacao', String(tipo));
  const base = tipo === TipoSolicitacao.EDICAO_REGISTRO ? '/pescador/edicao-registro/edicao/' : '/pescador/solicitacao';
  return `${base}?${params.toString()}`;
}
