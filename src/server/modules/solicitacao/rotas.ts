import { Perfil } from '../../../shared/enums';

/** Profiles that read requests and registries (CONSULTA_EXTERNO never does). */
export const LEITORES = [Perfil.INTERESSADO, Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN, Perfil.CONSULTA_INTERNO] as const;

/** What every route of the module declares in its schema. */
export const ESQUEMA_BASE = { tags: ['solicitacao'], security: [{ bearer: [] }] };
