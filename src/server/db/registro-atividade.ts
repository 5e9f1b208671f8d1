import { sql, type SQL } from 'drizzle-orm';

/**
 * What another agency or a person checking a card reads of a fisher's activity, as SQL over the fisher row `p`:
 * shared by the machine lookup (decision 0120), the public card lookup and its QR check, and the fisher's /home.
 */

/** Target groups ("produto explorado"), codes in order; null without any. */
export const GRUPOS_ALVO: SQL = sql`(SELECT array_agg(g.grupo_alvo ORDER BY g.grupo_alvo) FROM pescador_grupo_alvo g WHERE g.pescador_id = p.id)`;

/** Fishing environments, codes in order; null without any. */
export const AMBIENTES_PESCA: SQL = sql`(SELECT array_agg(a.ambiente_pesca ORDER BY a.ambiente_pesca) FROM pescador_ambiente_pesca a WHERE a.pescador_id = p.id)`;

/** The fishing areas declared in the registry, as the JSON array the request saved. */
export const AREAS_PESCA: SQL = sql`p.dados #> '{dadosAtividadePesca,areaPretendidaPesca}'`;

/** The REAP years sent, in order; null without any. */
export const REAP_ANOS_ENVIADOS: SQL = sql`(SELECT array_agg(q.ano_referencia ORDER BY q.ano_referencia) FROM reap_questionario q
          WHERE q.pescador_id = p.id AND q.enviada)`;

/**
 * "Since", as text: the last history line that set the present situation; without one (an approval, a migrated
 * registry) the card's first issue for ATIVO, the date of the sanction for the others, else the first RGP's date.
 */
export const SITUACAO_DESDE: SQL = sql`COALESCE(
          (SELECT (h.criado_em AT TIME ZONE 'America/Sao_Paulo')::date FROM pescador_historico_situacao h
            WHERE h.pescador_id = p.id AND h.situacao_nova = p.situacao_registro ORDER BY h.id DESC LIMIT 1),
          CASE WHEN p.situacao_registro = 1 THEN (p.data_emissao_carteira AT TIME ZONE 'America/Sao_Paulo')::date
               ELSE p.data_suspenso_cancelado END,
          p.data_primeiro_rgp)::text`;
