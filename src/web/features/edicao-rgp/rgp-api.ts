import { useQuery } from '@tanstack/react-query';
import { MENSAGENS_PESCADOR } from '../../../shared/schemas/pescador';
import {
  rgpPescadorSchema,
  solicitacaoDetalheSchema,
  type EdicaoRgpCorpo,
  type RgpPescador,
} from '../../../shared/schemas/solicitacao-api';
import { getDados, postEnvelope } from '../../lib/api';

export const ERRO_CONSULTAR_PESCADOR = MENSAGENS_PESCADOR.erroConsultar;

export const rgpKeys = {
  pescador: (idPescador: number) => ['rgp', 'pescador', idPescador] as const,
};

/** GET /api/rgp/pescador/{idPescador}: the fisher's registry block (number, first RGP, status). */
export async function consultarRgp(idPescador: number): Promise<RgpPescador> {
  return getDados(`/api/rgp/pescador/${idPescador}`, rgpPescadorSchema);
}

/** The fisher's registry; idle without a fisher record. */
export function useRgpPescador(idPescador: number | undefined, options: { errorMessage?: string } = {}) {
  return useQuery({
    queryKey: rgpKeys.pescador(idPescador ?? 0),
    queryFn: () => consultarRgp(idPescador as number),
    enabled: idPescador !== undefined,
    meta: options.errorMessage ? { errorMessage: options.errorMessage } : undefined,
  });
}

/** POST /api/solicitacao-edicao-rgp: opens (or corrects) the type-7 draft; answers its id and the server's message. */
export async function solicitarEdicaoRgp(corpo: EdicaoRgpCorpo): Promise<{ id: number; mensagem: string }> {
  const { dados, mensagem } = await postEnvelope('/api/solicitacao-edicao-rgp', corpo, solicitacaoDetalheSchema);
  return { id: dados.id, mensagem };
}

/** POST /api/solicitacao-edicao-rgp/{id}/enviar: sends the type-7 request with its proof; answers the server's message. */
export async function enviarEdicaoRgp(idSolicitacao: number): Promise<string> {
  const { mensagem } = await postEnvelope(`/api/solicitacao-edicao-rgp/${idSolicitacao}/enviar`, {}, solicitacaoDetalheSchema);
  return mensagem;
}
