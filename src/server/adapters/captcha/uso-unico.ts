import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { captchaUsado } from '../../db/schema';

/** Spends captcha tokens: each one is accepted once, until it expires. */
export interface RegistroUsoUnico {
  /** True the first time `chave` is presented; false afterwards (until `expiraEm` has passed and it is purged). */
  consumir(chave: string, expiraEm: Date): Promise<boolean>;
}

/** Rows past their expiry are purged at most this often, by whichever request comes next. */
const INTERVALO_LIMPEZA_MS = 60_000;

/**
 * The spent tokens in table captcha_usado (primary key `assinatura`, up to 128 characters). The insert is atomic
 * (ON CONFLICT DO NOTHING), so two concurrent uses of one token cannot both pass. Expired rows are useless (an
 * expired token is refused anyway) and are deleted opportunistically through index captcha_usado_expira_idx.
 */
export class PgRegistroUsoUnico implements RegistroUsoUnico {
  private ultimaLimpeza = 0;

  constructor(
    private readonly db: Database,
    private readonly onLimpezaFalhou: (err: unknown) => void = () => undefined,
  ) {}

  async consumir(chave: string, expiraEm: Date): Promise<boolean> {
    if (!chave || chave.length > 128) return false;
    await this.limparSeDevido();
    const rows = await this.db.insert(captchaUsado).values({ assinatura: chave, expiraEm })
      .onConflictDoNothing({ target: captchaUsado.assinatura })
      .returning({ assinatura: captchaUsado.assinatura });
    return rows.length === 1;
  }

  private async limparSeDevido(): Promise<void> {
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
