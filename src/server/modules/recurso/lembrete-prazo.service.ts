import { sql } from 'drizzle-orm';
import { hojeSaoPaulo } from '../../../shared/datas';
import { SituacaoRegistro, SituacaoSolicitacao as S, TipoNotificacao, TipoSolicitacao, tipoSolicitacaoLabel } from '../../../shared/enums';
import { MENSAGENS_LEMBRETE_PRAZO } from '../../../shared/mensagens/lembrete-prazo';
import { ROTA_RECURSOS, rotaDocumentos } from '../../../shared/rotas-web';
import { PRAZO_RECURSO_PADRAO_DIAS } from '../../../shared/schemas/recurso';
import type { Database } from '../../db/client';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import { diasEntre, somarDias } from './prazos';

/** An appeal window is recalled when this many days or fewer are left (decision 0157). */
export const DIAS_LEMBRETE_RECURSO = 3;
/** A refused request waiting for the fisher's documents is recalled when this many days or fewer are left. */
export const DIAS_LEMBRETE_ATUALIZACAO = 7;

interface Lembrete { chave: string; pescadorId: number; prazo: string; conteudo: string; urlRedirecionamento: string | null; tipo: TipoNotificacao }

const SP = sql`'America/Sao_Paulo'`;

/**
 * The reminders of deadlines that run per request (decision 0157): the last days of an appeal window (a refusal, a
 * batch's suspension or cancellation still in force, not yet appealed) and the end of the window a refused request
 * has to get its documents again. Once per fisher and deadline through `lembrete_enviado`, block by block, each
 * block's keys and notices in one transaction: a run killed half-way and run again (at worker start) skips those done.
 */
export class LembretePrazoService {
  constructor(
    private readonly db: Database,
    private readonly notificacoes: Pick<NotificacaoService, 'lembrarUmaVez'>,
    private readonly opts: { prazoAtualizacaoDias: number; now?: () => Date; tamanhoBloco?: number },
  ) {}

  async lembrar(): Promise<{ recursos: number; atualizacoes: number }> {
    const hoje = hojeSaoPaulo(this.opts.now?.() ?? new Date());
    const recursos = await this.enviar([...await this.indeferimentos(hoje), ...await this.sancoes(hoje)]);
    const atualizacoes = await this.enviar(await this.atualizacoes(hoje));
    return { recursos, atualizacoes };
  }

  private async enviar(ls: Lembrete[]): Promise<number> {
    const bloco = this.opts.tamanhoBloco ?? 1000;
    let n = 0;
    for (let i = 0; i < ls.length; i += bloco) {
      const parte = ls.slice(i, i + bloco);
      n += await this.db.transaction(async (tx) => {
        let feitos = 0;
        for (const tipo of new Set(parte.map((l) => l.tipo))) {
          feitos += await this.notificacoes.lembrarUmaVez(tipo, parte.filter((l) => l.tipo === tipo), tx);
        }
        return feitos;
      });
    }
    return n;
  }

  /** Refusals (FINALIZADA) whose 10 days end within the reminder's days, not appealed. */
  private async indeferimentos(hoje: string): Promise<Lembrete[]> {
    const ate = somarDias(hoje, DIAS_LEMBRETE_RECURSO);
    const { rows } = await this.db.execute<{ id: number; pescadorId: number; tipo: number; numero: string | null; ultimo: string }>(sql`
      WITH f AS (
        SELECT s.id, s.pescador_id, s.tipo, s.numero_protocolo, max((h.criado_em AT TIME ZONE ${SP})::date) AS dia
        FROM solicitacao_historico h JOIN solicitacao s ON s.id = h.solicitacao_id
        WHERE h.situacao_nova = ${S.FINALIZADA} AND h.criado_em >= ${somarDias(hoje, -(PRAZO_RECURSO_PADRAO_DIAS + 1))}::date
          AND s.situacao = ${S.FINALIZADA} AND s.tipo NOT IN (${TipoSolicitacao.REAP}, ${TipoSolicitacao.RECURSO}) AND NOT s.inativa
        GROUP BY s.id)
      SELECT f.id, f.pescador_id AS "pescadorId", f.tipo, f.numero_protocolo AS numero, to_char(f.dia + ${PRAZO_RECURSO_PADRAO_DIAS}::int, 'YYYY-MM-DD') AS ultimo
      FROM f
      WHERE f.dia + ${PRAZO_RECURSO_PADRAO_DIAS}::int BETWEEN ${hoje}::date AND ${ate}::date
        AND NOT EXISTS (SELECT 1 FROM recurso r WHERE r.pescador_id = f.pescador_id AND r.chave_objeto = 'S' || f.id AND r.tempestivo IS NOT NULL)
      ORDER BY f.pescador_id, f.id`);
    return rows.map((r) => ({
      chave: `recurso-fim:S${r.id}:${r.ultimo}`, pescadorId: r.pescadorId, prazo: r.ultimo, tipo: TipoNotificacao.RECURSO, urlRedirecionamento: ROTA_RECURSOS,
      conteudo: MENSAGENS_LEMBRETE_PRAZO.recursoIndeferimento(
        diasEntre(hoje, r.ultimo), r.ultimo, tipoSolicitacaoLabel[r.tipo as TipoSolicitacao] ?? 'solicitação', r.numero,
      ),
    }));
  }

  /**
   * A batch's suspension or cancellation still in force (the fisher's latest history line), its window counted as
   * decision 0089 counts it: from the act's entry into force or the day applied, whichever is later.
   */
  private async sancoes(hoje: string): Promise<Lembrete[]> {
    const ate = somarDias(hoje, DIAS_LEMBRETE_RECURSO);
    const { rows } = await this.db.execute<{ id: number; pescadorId: number; situacao: number; ultimo: string }>(sql`
      WITH h AS (
        SELECT h.id::int AS id, h.pescador_id, h.situacao_nova,
          greatest(a.data_inicio_vigencia, (h.criado_em AT TIME ZONE ${SP})::date) + coalesce(a.prazo_recurso_dias, ${PRAZO_RECURSO_PADRAO_DIAS})::int AS ultimo
        FROM pescador_historico_situacao h
        JOIN pescador p ON p.id = h.pescador_id AND p.situacao_registro = h.situacao_nova
        JOIN ato_normativo a ON a.id = h.ato_normativo_id
        WHERE h.situacao_nova IN (${SituacaoRegistro.CANCELADO}, ${SituacaoRegistro.SUSPENSO}) AND h.lote_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM pescador_historico_situacao h2 WHERE h2.pescador_id = h.pescador_id AND h2.id > h.id))
      SELECT h.id, h.pescador_id AS "pescadorId", h.situacao_nova AS situacao, to_char(h.ultimo, 'YYYY-MM-DD') AS ultimo
      FROM h
      WHERE h.ultimo BETWEEN ${hoje}::date AND ${ate}::date
        AND NOT EXISTS (SELECT 1 FROM recurso r WHERE r.pescador_id = h.pescador_id AND r.chave_objeto = 'H' || h.id AND r.tempestivo IS NOT NULL)
      ORDER BY h.pescador_id`);
    return rows.map((r) => ({
      chave: `recurso-fim:H${r.id}:${r.ultimo}`, pescadorId: r.pescadorId, prazo: r.ultimo, tipo: TipoNotificacao.RECURSO, urlRedirecionamento: ROTA_RECURSOS,
      conteudo: MENSAGENS_LEMBRETE_PRAZO.recursoSancao(diasEntre(hoje, r.ultimo), r.ultimo, r.situacao === SituacaoRegistro.CANCELADO),
    }));
  }

  /**
   * Requests returned to the fisher for updating whose window (PRAZO_ATUALIZACAO_DIAS from the return, after which
   * `finalizar-vencidas` closes them) ends within the reminder's days. Returned again, it is a new deadline.
   */
  private async atualizacoes(hoje: string): Promise<Lembrete[]> {
    const ate = somarDias(hoje, DIAS_LEMBRETE_ATUALIZACAO);
    const { rows } = await this.db.execute<{ id: number; pescadorId: number; tipo: number; numero: string | null; ultimo: string }>(sql`
      SELECT s.id, s.pescador_id AS "pescadorId", s.tipo, s.numero_protocolo AS numero, to_char(e.ultimo, 'YYYY-MM-DD') AS ultimo
      FROM solicitacao s
      CROSS JOIN LATERAL (
        SELECT ((max(h.criado_em) + make_interval(days => ${this.opts.prazoAtualizacaoDias})) AT TIME ZONE ${SP})::date AS ultimo
        FROM solicitacao_historico h WHERE h.solicitacao_id = s.id AND h.situacao_nova = s.situacao) e
      WHERE s.situacao IN (${S.ATUALIZACAO_SFPA}, ${S.ATUALIZACAO_MPA}) AND e.ultimo BETWEEN ${hoje}::date AND ${ate}::date
      ORDER BY s.pescador_id, s.id`);
    return rows.map((r) => ({
      chave: `atualizacao-fim:${r.id}:${r.ultimo}`, pescadorId: r.pescadorId, prazo: r.ultimo, tipo: TipoNotificacao.PENDENCIA,
      urlRedirecionamento: rotaDocumentos(r.id, r.tipo),
      conteudo: MENSAGENS_LEMBRETE_PRAZO.atualizacao(diasEntre(hoje, r.ultimo), r.ultimo, tipoSolicitacaoLabel[r.tipo as TipoSolicitacao] ?? 'solicitação', r.numero),
    }));
  }
}
