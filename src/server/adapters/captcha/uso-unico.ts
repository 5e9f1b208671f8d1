import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchaUsado } from '../../db/schema';
import { Agrupador } from '../../lib/agrupador';

export interface RegistroUsoUnico {
  consumir(chave: string, expiraEm: Date): Promise<boolean>;
  /** What consumir purges, for a caller that spends tokens in a statement of its own (CaptchaVerifier.conferir). */
  purgarSeDevido?(): Promise<void>;
}

/** Rows past their expiry are purged at most this often, by whichever request comes next. */
const INTERVALO_LIMPEZA_MS = 60_000;

/** Atomic insert: two uses of a token cannot both pass, on any server; uses share one INSERT (decision 0040). */
export class PgRegistroUsoUnico implements RegistroUsoUnico {
  private ultimaLimpeza = 0;
  private readonly lote: Agrupador<{ chave: string; expiraEm: Date }, boolean>;

  constructor(
    private readonly db: Database,
    private readonly onLimpezaFalhou: (err: unknown) => void = () => undefined,
  ) {
    this.lote = new Agrupador((itens) => this.inserir(itens));
  }

  async consumir(chave: string, expiraEm: Date): Promise<boolean> {
    if (!chave || chave.length > 128) return false;
    await this.purgarSeDevido();
    return this.lote.enviar({ chave, expiraEm });
  }

  private async inserir(itens: Array<{ chave: string; expiraEm: Date }>): Promise<boolean[]> {
    const { rows } = await this.db.$client.query<{ assinatura: string }>({
      name: 'captcha_usado_consumir',
      text: `INSERT INTO captcha_usado (assinatura, expira_em)
        SELECT * FROM unnest($1::varchar[], $2::timestamptz[])
        ON CONFLICT (assinatura) DO NOTHING RETURNING assinatura`,
      values: [itens.map((i) => i.chave), itens.map((i) => i.expiraEm.toISOString())],
    });
    const gastas = new Set(rows.map((r) => r.assinatura));
    // Only the first occurrence of a key in the batch spends it.
    return itens.map((i) => gastas.delete(i.chave));
  }

  async purgarSeDevido(): Promise<void> {
    const agora = Date.now();
    if (agora - this.ultimaLimpeza < INTERVALO_LIMPEZA_MS) return;
    this.ultimaLimpeza = agora;
    try {
      // A margin over the expiry: a token must not be forgotten while a server with a lagging clock still accepts it.
      await this.db.delete(captchaUsado).where(lt(captchaUsado.expiraEm, sql`now() - interval '5 minutes'`));
    } catch (err) {
      this.onLimpezaFalhou(err);
    }
  }
}
