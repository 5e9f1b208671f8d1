import { Perfil } from '../../shared/enums';
import { AppError } from '../lib/errors';
import type { AuthContext } from './auth/auth.service';

export const MENSAGEM_FORA_DO_ESCOPO = 'Você não tem permissão para acessar os dados deste pescador.';

/*
 * Which profiles may call a route is the permission table's (src/shared/permissoes.ts); here is which rows each may
 * then reach.
 */

/**
 * The fisher themself; MPA, GESTOR, ADMIN and CONSULTA_INTERNO any fisher; SFPA those of their state or of a state
 * their active task force serves. Everybody else gets 403, whether or not the fisher exists.
 */
export function podeLerPescador(ator: AuthContext, pescadorId: number, ufPescador: string | null): boolean {
  switch (ator.perfil) {
    case Perfil.INTERESSADO:
      return ator.idPescador === pescadorId;
    case Perfil.GESTOR:
    case Perfil.MPA:
    case Perfil.ADMIN:
    case Perfil.CONSULTA_INTERNO:
      return true;
    case Perfil.SFPA:
      return ufPescador !== null && (ufPescador === ator.ufOrgao || ator.ufsForcaTarefa.includes(ufPescador));
    default:
      return false;
  }
}

export function exigirLeituraPescador(ator: AuthContext, pescadorId: number, ufPescador: string | null): void {
  if (!podeLerPescador(ator, pescadorId, ufPescador)) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
}

/** The states whose analyses an SFPA user sees; null means every state. */
export function ufsDoEscopo(ator: AuthContext): string[] | null {
  if (ator.perfil === Perfil.SFPA) return [...new Set([...(ator.ufOrgao ? [ator.ufOrgao] : []), ...ator.ufsForcaTarefa])];
  return null;
}
