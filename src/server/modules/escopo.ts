import { Perfil } from '../../shared/enums';
import { AppError } from '../lib/errors';
import type { AuthContext } from './auth/auth.service';

export const MENSAGEM_FORA_DO_ESCOPO = 'Você não tem permissão para acessar os dados deste pescador.';

/*
 * The read side of the product guide's "Who may do what", as the routes' `app.autorizar(...)` lists; the rows each
 * route may reach are then `podeLerPescador`'s. Of the two read-only profiles:
 * - CONSULTA_INTERNO (6) reads fishers, requests, analyses (and reports): it is in every list below, and in no
 *   route that writes;
 * - CONSULTA_EXTERNO (7) has only the fisher report (modules/relatorio: CPF masked, no birth date, age,
 *   schooling, ethnicity or literacy, nor filters on them; the report's routes list CONSULTA_EXTERNO themselves)
 *   and the card lookups, which are the public ones (by CPF and RGP number with a
 *   captcha, and the QR code's check) and answer no CPF at all. So it is in none of these lists: every route that
 *   reads a fisher, a request, an analysis or a file answers it 403.
 */

/** Staff who read fishers, requests and analyses: SFPA within its states (`podeLerPescador`), the rest everywhere. */
export const SERVIDORES_LEITORES = [Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN, Perfil.CONSULTA_INTERNO] as const;

/**
 * Administration (product guide, "Who may do what"): GESTOR and ADMIN manage normative acts and task forces;
 * CONSULTA_INTERNO reads them; every other caller gets 403.
 */
export const GERENCIAM_ADMINISTRACAO = [Perfil.GESTOR, Perfil.ADMIN] as const;
export const LEEM_ADMINISTRACAO = [Perfil.GESTOR, Perfil.ADMIN, Perfil.CONSULTA_INTERNO] as const;

/** The fisher (their own record, requests and card) and the staff who read fishers. */
export const LEITORES = [Perfil.INTERESSADO, ...SERVIDORES_LEITORES] as const;

/** Who may read documents and their files (the fisher their own; staff per `podeLerPescador`): CONSULTA_EXTERNO never. */
export const PERFIS_LEITURA_DOCUMENTOS = LEITORES;

/**
 * Who may read a fisher's data (product guide, "Who may do what"): the fisher themself; MPA, GESTOR, ADMIN and
 * CONSULTA_INTERNO any fisher; SFPA fishers of their agency's state or of a state served by an active task force
 * they belong to.
 * Everybody else (CONSULTA_EXTERNO included) gets 403, never the data, whether or not the fisher exists.
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
