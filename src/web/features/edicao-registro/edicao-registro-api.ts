import { useQuery } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/envelope';
import type { ConsultaEdicaoRegistro } from '../../../shared/schemas/solicitacao-api';
import { api, getDados } from '../../lib/api';

export type { ConsultaEdicaoRegistro };

export const edicaoRegistroKeys = {
  consulta: (idPescador: number) => ['edicao-registro', idPescador] as const,
};

/** GET /api/solicitacao-pescador-ativo-edicao-registro/consultar/{idPescador}: may the fisher edit the registry? */
export async function consultarEdicaoRegistro(idPescador: number): Promise<ConsultaEdicaoRegistro> {
  const dados = await getDados<ConsultaEdicaoRegistro | null>(`/api/solicitacao-pescador-ativo-edicao-registro/consultar/${idPescador}`);
  return dados ?? { podeEditar: false, idSolicitacaoOrigem: null, motivo: null };
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
 * active registry (POST /api/solicitacao-pescador-ativo-edicao-registro/). Answers the new request's id.
 */
export async function clonarRegistro(idSolicitacaoOrigem: number | null): Promise<number> {
  const url = idSolicitacaoOrigem
    ? `/api/solicitacao-edicao-registro/editar-solicitacao/${idSolicitacaoOrigem}`
    : '/api/solicitacao-pescador-ativo-edicao-registro/';
  const { data } = await api.post<Envelope<{ id: number }>>(url, {});
  const id = data?.dados?.id;
  if (!id) throw new Error('Resposta sem solicitação');
  return id;
}
