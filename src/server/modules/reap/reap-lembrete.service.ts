import { sql } from 'drizzle-orm';
import { hojeSaoPaulo } from '../../../shared/datas';
import { SituacaoRegistro, TipoNotificacao } from '../../../shared/enums';
import { somarDias } from '../../../shared/prazo-recurso';
import { ROTA_REAP } from '../../../shared/rotas-web';
import { MENSAGENS_LEMBRETE_REAP } from '../../../shared/mensagens/lembrete-reap';
import type { Database, Executor } from '../../db/client';
import type { NotificacaoService } from '../notificacao/notificacao.service';

/** Days before a window's end when those who still owe are reminded (decision 0151). */
export const DIAS_LEMBRETE_FIM = [30, 7, 1] as const;
/** A window's opening is announced within this many days of it (a job down that week says nothing late). */
const DIAS_ANUNCIO_ABERTURA = 7;

/** One reminder due today: a key naming the deadline, its text. */
interface Marco { chave: string; prazo: string; conteudo: string }

/**
 * The REAP reminders (decision 0151): the window's opening, and 30, 7 and 1 days before its end, to every fisher who
 * still owes the year. Each once per fisher and deadline: `lembrete_enviado`'s key is taken in the transaction that
 * writes the notice, block by block, so a run killed half-way and run again (the job runs at start) skips those done.
 */
export class ReapLembreteService {
  constructor(
    private readonly db: Database,
    private readonly notificacoes: Pick<NotificacaoService, 'criarParaVarios'>,
    private readonly opts: { now?: () => Date; tamanhoBloco?: number } = {},
  ) {}

  async lembrar(): Promise<{ chave: string; lembrados: number }[]> {
    const hoje = hojeSaoPaulo(this.opts.now?.() ?? new Date());
    const feitos: { chave: string; lembrados: number }[] = [];
    for (const p of await this.janelasAbertas(hoje)) {
      for (const m of marcos(p.ano, p.inicio, p.fim, hoje)) feitos.push({ chave: m.chave, lembrados: await this.lembrarMarco(p.ano, m) });
    }
    return feitos;
  }

  /** Windows open today whose obligations exist for every fisher (before that, some would be missed). */
  private async janelasAbertas(hoje: string): Promise<{ ano: number; inicio: string; fim: string }[]> {
    const { rows } = await this.db.execute<{ ano: number; inicio: string; fim: string }>(sql`
      SELECT pr.ano_referencia AS ano, pr.inicio_preenchimento::text AS inicio, pr.fim_preenchimento::text AS fim
      FROM reap_prazo pr JOIN reap_geracao_obrigacoes g ON g.ano_referencia = pr.ano_referencia AND g.concluida_em IS NOT NULL
      WHERE pr.inicio_preenchimento <= ${hoje}::date AND pr.fim_preenchimento >= ${hoje}::date ORDER BY pr.ano_referencia`);
    return rows;
  }

  private async lembrarMarco(ano: number, m: Marco): Promise<number> {
    const bloco = this.opts.tamanhoBloco ?? 10_000;
    const maior = await this.maiorPescadorId();
    let lembrados = 0;
    for (let de = 0; de < maior; de += bloco) {
      lembrados += await this.db.transaction(async (tx) => {
        const ids = await registrar(tx, m, ano, de, de + bloco);
        await this.notificacoes.criarParaVarios(ids, { tipo: TipoNotificacao.PENDENCIA, conteudo: m.conteudo, urlRedirecionamento: ROTA_REAP }, tx);
        return ids.length;
      });
    }
    return lembrados;
  }

  private async maiorPescadorId(): Promise<number> {
    const { rows } = await this.db.execute<{ id: number }>(sql`SELECT coalesce(max(id), 0)::int AS id FROM pescador`);
    return rows[0]!.id;
  }
}

/** Those of the block who still owe the year and were not reminded of this deadline; the key taken for them. */
async function registrar(tx: Executor, m: Marco, ano: number, deId: number, ateId: number): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    INSERT INTO lembrete_enviado (chave, pescador_id, prazo)
    SELECT ${m.chave}, q.pescador_id, ${m.prazo}::date FROM reap_questionario q JOIN pescador p ON p.id = q.pescador_id
    WHERE q.ano_referencia = ${ano} AND NOT q.enviada AND q.pescador_id > ${deId} AND q.pescador_id <= ${ateId}
      AND p.situacao_registro <> ${SituacaoRegistro.CANCELADO}
    ORDER BY q.pescador_id
    ON CONFLICT (chave, pescador_id) DO NOTHING
    RETURNING pescador_id AS id`);
  return rows.map((r) => r.id);
}

/**
 * The reminders due today: the opening (its first week), and the nearest of 30, 7 and 1 days before the end that
 * has been reached, so a job that missed the 30-day one sends the 7-day one only.
 */
export function marcos(ano: number, inicio: string, fim: string, hoje: string): Marco[] {
  const r: Marco[] = [];
  if (hoje < somarDias(inicio, DIAS_ANUNCIO_ABERTURA)) {
    r.push({ chave: `reap-abertura:${ano}:${inicio}`, prazo: fim, conteudo: MENSAGENS_LEMBRETE_REAP.abertura(ano, inicio, fim) });
  }
  const restam = DIAS_LEMBRETE_FIM.filter((d) => somarDias(hoje, d) >= fim).at(-1);
  if (restam !== undefined) {
    r.push({ chave: `reap-fim:${ano}:${fim}:${restam}`, prazo: fim, conteudo: MENSAGENS_LEMBRETE_REAP.fim(ano, fim, restam) });
  }
  return r;
}
