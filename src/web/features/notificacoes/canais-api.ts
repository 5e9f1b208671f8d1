import { useQuery } from '@tanstack/react-query';
import * as c from '../../../shared/contratos/notificacao';
import type { EnvioNotificacao, PreferenciasNotificacao, PreferenciasNotificacaoCorpo } from '../../../shared/schemas/notificacao';
import { chamar, dados } from '../../lib/contrato';

export const canaisKeys = {
  preferencias: ['notificacoes', 'preferencias'] as const,
  envios: (idPescador: number) => ['notificacoes', 'envios', idPescador] as const,
};

/** GET /api/notificacao/preferencias: the signed-in fisher's channels. */
export function lerPreferencias(): Promise<PreferenciasNotificacao> {
  return dados(c.preferencias, {});
}

/** PUT /api/notificacao/preferencias: the choices saved, and the server's message. */
export async function salvarPreferencias(corpo: PreferenciasNotificacaoCorpo): Promise<{ preferencias: PreferenciasNotificacao; mensagem: string }> {
  const r = await chamar(c.salvarPreferencias, { corpo });
  return { preferencias: r.dados, mensagem: r.mensagem };
}

/** GET /api/pescador/{id}/envios-notificacao: staff, audited on the server as a view of the fisher. */
export function lerEnvios(idPescador: number): Promise<EnvioNotificacao[]> {
  return dados(c.enviosDoPescador, { params: { id: idPescador } });
}

export function usePreferencias() {
  return useQuery({ queryKey: canaisKeys.preferencias, queryFn: lerPreferencias, staleTime: 0 });
}

/** Loaded only when `ativo` (staff asked to see them), so the view is audited only when made. */
export function useEnvios(idPescador: number, ativo: boolean) {
  return useQuery({ queryKey: canaisKeys.envios(idPescador), queryFn: () => lerEnvios(idPescador), enabled: ativo && idPescador > 0, staleTime: 0 });
}
