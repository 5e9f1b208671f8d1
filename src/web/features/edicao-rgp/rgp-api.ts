import { useQuery } from '@tanstack/react-query';
import type { CorpoDe } from '../../../shared/contrato';
import type * as contratosSolicitacao from '../../../shared/contratos/solicitacao';
import { rgp } from '../../../shared/leituras-pescador';
import { MENSAGENS_PESCADOR } from '../../../shared/mensagens/pescador';
import type { RgpPescador } from '../../../shared/schemas/solicitacao-api';
import { lerDados } from '../../lib/leitura';

/** The contracts with their schemas, loaded on the first edit: /home reads the registry without zod (decision 0130). */
const contratos = () => Promise.all([import('../../../shared/contratos/solicitacao'), import('../../lib/contrato')]);

export const ERRO_CONSULTAR_PESCADOR = MENSAGENS_PESCADOR.erroConsultar;

export const rgpKeys = {
  pescador: (idPescador: number) => ['rgp', 'pescador', idPescador] as const,
};

/** GET /api/rgp/pescador/{idPescador}: the fisher's registry block (number, first RGP, status). */
export async function consultarRgp(idPescador: number): Promise<RgpPescador> {
  return lerDados(rgp, { params: { id: idPescador } });
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
export async function solicitarEdicaoRgp(corpo: CorpoDe<typeof contratosSolicitacao.solicitarEdicaoRgp>): Promise<{ id: number; mensagem: string }> {
  const [c, { chamar }] = await contratos();
  const { dados: solicitacao, mensagem } = await chamar(c.solicitarEdicaoRgp, { corpo });
  return { id: solicitacao.id, mensagem };
}

/** POST /api/solicitacao-edicao-rgp/{id}/enviar: sends the type-7 request with its proof; answers the server's message. */
export async function enviarEdicaoRgp(idSolicitacao: number): Promise<string> {
  const [c, { chamar }] = await contratos();
  const { mensagem } = await chamar(c.enviarEdicaoRgp, { params: { id: idSolicitacao } });
  return mensagem;
}
