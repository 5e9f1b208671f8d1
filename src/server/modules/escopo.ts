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

/**
 * The fisher `pescadorId` as `buscar` reads them, if `ator` may read them: 403 out of scope whether or not the
 * fisher exists (existence is never revealed), then 404 with the module's `naoEncontrado` message.
 */
export async function pescadorNoEscopo<T extends { uf: string | null }>(
  ator: AuthContext, pescadorId: number, buscar: (id: number) => Promise<T | undefined>, naoEncontrado: string,
): Promise<T> {
  const p = await buscar(pescadorId);
  exigirLeituraPescador(ator, pescadorId, p?.uf ?? null);
  if (!p) throw AppError.notFound(naoEncontrado);
  return p;
}

/** Staff: every profile but the fisher's. */
export function ehServidor(ator: AuthContext): boolean {
  return ator.perfil !== Perfil.INTERESSADO;
}

/** The signed-in fisher's id: 403 (with `mensagem`, else the general one) to anyone who is not a fisher. */
export function pescadorDoAtor(ator: { perfil: number; idPescador: number | null }, mensagem?: string): number {
  if (ator.perfil !== Perfil.INTERESSADO || ator.idPescador === null) throw AppError.forbidden(mensagem);
  return ator.idPescador;
}

/**
 * Only the fisher `pescadorId` themself (writing their own records): 403 to anyone else, staff included, and
 * whether or not the record exists (`pescadorId` undefined).
 */
export function exigirPescadorProprio(ator: AuthContext, pescadorId: number | null | undefined): void {
  if (ator.perfil !== Perfil.INTERESSADO || ator.idPescador === null || ator.idPescador !== pescadorId) {
    throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
  }
}

/** The audit trail's side of a view (AuditoriaService), declared here so that the trail may import this file. */
export interface AuditoriaDeVisoes {
  visualizacao(
    ator: AuthContext, recurso: string, recursoId: string | number, detalhes?: Record<string, unknown> | null, pescadorId?: number | null,
  ): Promise<void>;
}

/**
 * A staff view of fisher `pescadorId`'s personal data, audited on their record so that they see it on their /home
 * (LGPD transparency); a fisher reading their own data is not audited.
 */
export async function auditarVisaoDoServidor(
  auditoria: AuditoriaDeVisoes, ator: AuthContext, recurso: string, recursoId: string | number,
  pescadorId: number | null, detalhes?: Record<string, unknown> | null,
): Promise<void> {
  if (!ehServidor(ator)) return;
  await auditoria.visualizacao(ator, recurso, recursoId, detalhes, pescadorId);
}

/** The states whose analyses an SFPA user sees; null means every state. */
export function ufsDoEscopo(ator: AuthContext): string[] | null {
  if (ator.perfil === Perfil.SFPA) return [...new Set([...(ator.ufOrgao ? [ator.ufOrgao] : []), ...ator.ufsForcaTarefa])];
  return null;
}
