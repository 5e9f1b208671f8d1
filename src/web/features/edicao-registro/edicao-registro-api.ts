import { useQuery } from '@tanstack/react-query';
import { consultaEdicaoRegistro } from '../../../shared/leituras-pescador';
import type { ConsultaEdicaoRegistro } from '../../../shared/schemas/solicitacao-api';
import { lerDados } from '../../lib/leitura';

export const edicaoRegistroKeys = {
  consulta: (idPescador: number) => ['edicao-registro', idPescador] as const,
};

/** GET /api/solicitacao-pescador-ativo-edicao-registro/consultar/{idPescador}: may the fisher edit the registry? */
export async function consultarEdicaoRegistro(idPescador: number): Promise<ConsultaEdicaoRegistro> {
  return lerDados(consultaEdicaoRegistro, { params: { id: idPescador } });
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
  // The contracts load on the click: /home asks whether it may edit without zod (decision 0130).
  const [c, { dados }] = await Promise.all([import('../../../shared/contratos/solicitacao'), import('../../lib/contrato')]);
  const { id } = idSolicitacaoOrigem
    ? await dados(c.editarSolicitacao, { params: { id: idSolicitacaoOrigem } })
    : await dados(c.editarRegistroAtivo, {});
  return id;
}
