import { useQuery } from '@tanstack/react-query';
import { consultaEdicaoRegistroSchema, solicitacaoDetalheSchema, type ConsultaEdicaoRegistro } from '../../../shared/schemas/solicitacao-api';
import { getDados, postEnvelope } from '../../lib/api';

export const edicaoRegistroKeys = {
  consulta: (idPescador: number) => ['edicao-registro', idPescador] as const,
};

/** GET /api/solicitacao-pescador-ativo-edicao-registro/consultar/{idPescador}: may the fisher edit the registry? */
export async function consultarEdicaoRegistro(idPescador: number): Promise<ConsultaEdicaoRegistro> {
  return getDados(`/api/solicitacao-pescador-ativo-edicao-registro/consultar/${idPescador}`, consultaEdicaoRegistroSchema);
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
  const { dados } = await postEnvelope(url, {}, solicitacaoDetalheSchema);
  return dados.id;
}
