import { Perfil } from '../../shared/enums';
import { AppError } from '../lib/errors';
import type { AuthContext } from './auth/auth.service';

export const MENSAGEM_FORA_DO_ESCOPO = 'Você não tem permissão para acessar os dados deste pescador.';

/** Who may read documents and their files (the fisher their own; staff per `podeLerPescador`): CONSULTA_EXTERNO never. */
export const PERFIS_LEITURA_DOCUMENTOS = [
  Perfil.INTERESSADO, Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN, Perfil.CONSULTA_INTERNO,
] as const;

/**
 * Who may read a fisher's data (product guide, "Who may do what"): the fisher themself; MPA, GESTOR, ADMIN and
 * CONSULTA_INTERNO any fisher; SFPA fishers of their agency's state or of a state served by an active task force
 * they belong to.
 * Everybody else gets 403, never the data, whether or not the fisher exists.
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
