/** Profiles that read requests and registries (escopo.ts; CONSULTA_EXTERNO never does). */
export { LEITORES } from '../escopo';

/** What every route of the module declares in its schema. */
export const ESQUEMA_BASE = { tags: ['solicitacao'], security: [{ bearer: [] }] };
