import { useQuery } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/envelope';
import type { RgpPescador } from '../../../shared/schemas/solicitacao-api';
import { api, getDados } from '../../lib/api';

export type { RgpPescador };

export const ERRO_CONSULTAR_PESCADOR = 'Erro ao consultar Pescador';

export const rgpKeys = {
  pescador: (idPescador: number) => ['rgp', 'pescador', idPescador] as const,
};

/** GET /api/rgp/pescador/{idPescador}: the fisher's registry block (number, first RGP, status). */
export async function consultarRgp(idPescador: number): Promise<RgpPescador | null> {
  return (await getDados<RgpPescador | null>(`/api/rgp/pescador/${idPescador}`)) ?? null;
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

export interface EdicaoRgpCorpo {
  numeroPrimeiroRGP: string;
  dataPrimeiroRgp: string;
  orgao: string;
}

/** POST /api/solicitacao-edicao-rgp: creates the type-7 request; answers its id. */
export async function solicitarEdicaoRgp(corpo: EdicaoRgpCorpo): Promise<number> {
  const { data } = await api.post<Envelope<{ id: number }>>('/api/solicitacao-edicao-rgp', corpo);
  if (!data?.dados?.id) throw new Error('Resposta sem solicitação');
  return data.dados.id;
}
