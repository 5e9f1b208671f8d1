import { useQuery } from '@tanstack/react-query';
import * as c from '../../../shared/contratos/solicitacao';
import type { ConsultaEdicaoRegistro } from '../../../shared/schemas/solicitacao-api';
import { dados } from '../../lib/contrato';

export const edicaoRegistroKeys = {
  consulta: (idPescador: number) => ['edicao-registro', idPescador] as const,
};

/** GET /api/solicitacao-pescador-ativo-edicao-registro/consultar/{idPescador}: may the fisher edit the registry? */
export async function consultarEdicaoRegistro(idPescador: number): Promise<ConsultaEdicaoRegistro> {
  return dados(c.consultarEdicaoRegistro, { params: { id: idPescador } });
}

export function useConsultaEdicaoRegistro(idPescador: number | undefined) {
  return useQuery({
    queryKey: edicaoRegistroKeys.consulta(idPescador ?? 0),
    queryFn: () => consultarEdicaoRegistro(idPescador as number),
    enabled: idPescador !== undefined,
  });
}

/**
 * Clones the registry into a new type-8 request (spec point 2): from the deferred request it came from
 * (POST /api/solicitacao-edicao-registro/editar-solicitacao/{idSolicitacaoOrigem}) or, without one, from the
 * active registry (POST /api/solicitacao-pescador-ativo-edicao-registro). Answers the new request's id.
 */
export async function clonarRegistro(idSolicitacaoOrigem: number | null): Promise<number> {
  const { id } = idSolicitacaoOrigem
    ? await dados(c.editarSolicitacao, { params: { id: idSolicitacaoOrigem } })
    : await dados(c.editarRegistroAtivo, {});
  return id;
}
