import { sql, type SQL } from 'drizzle-orm';

/**
 * The day a fisher's registry began, as text, for the fisher row `p`: the first RGP's date, else the day a request
 * was first approved; null without an RGP. REAP years are owed from its year on (docs/decisions/0026).
 */
export const INICIO_DO_REGISTRO: SQL = sql`CASE WHEN p.numero_rgp IS NULL THEN NULL ELSE COALESCE(p.data_primeiro_rgp::text, (
          SELECT min(h.criado_em AT TIME ZONE 'America/Sao_Paulo')::date::text
          FROM solicitacao s JOIN solicitacao_historico h ON h.solicitacao_id = s.id
          WHERE s.pescador_id = p.id AND h.situacao_nova = 4)) END`;
