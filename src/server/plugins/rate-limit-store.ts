import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { Agrupador } from '../lib/agrupador';
import { AppError } from '../lib/errors';

/** Expired counters are deleted at most this often, by whichever request comes next. */
const INTERVALO_LIMPEZA_MS = 60_000;

type Resultado = { current: number; ttl: number };
type Incremento = { chave: string; janelaMs: number };
type OpcoesStore = FastifyRateLimitOptions & {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
};

/**
 * Every store's counters in one table: each increment an atomic upsert, so every instance counts into the same rows
 * (decision 0041). Concurrent increments of one key go in one statement, each caller getting its own place.
 */
class ContadoresPg {
  private ultimaLimpeza = Date.now();
  private readonly lote = new Agrupador<Incremento, Resultado>((itens) => this.incrementar(itens));

  constructor(private readonly db: Database, private readonly onLimpezaFalhou: (err: unknown) => void) {}

  incr(chave: string, janelaMs: number): Promise<Resultado> {
    this.limparSeDevido();
    return this.lote.enviar({ chave, janelaMs });
  }

  async ler(chave: string): Promise<Resultado> {
    const { rows } = await this.db.$client.query<{ contagem: number; ttl: number }>({
      name: 'limite_requisicao_ler',
      text: `SELECT contagem, greatest(0, ceil(extract(epoch FROM expira_em - now()) * 1000))::int AS ttl
        FROM limite_requisicao WHERE chave = $1 AND expira_em > now()`,
      values: [chave],
    });
    return rows[0] ? { current: rows[0].contagem, ttl: rows[0].ttl } : { current: 0, ttl: 0 };
  }

  private async incrementar(itens: Incremento[]): Promise<Resultado[]> {
    const porChave = new Map<string, { n: number; janelaMs: number }>();
    const ordem = itens.map((i) => {
      const g = porChave.get(i.chave) ?? { n: 0, janelaMs: i.janelaMs };
      porChave.set(i.chave, g);
      return g.n++;
    });
    const chaves = [...porChave.keys()];
    const { rows } = await this.db.$client.query<{ chave: string; contagem: number; ttl: number }>({
      name: 'limite_requisicao_incrementar',
      text: `INSERT INTO limite_requisicao AS l (chave, contagem, expira_em)
        SELECT x.chave, x.n, now() + x.janela * interval '1 millisecond'
        FROM unnest($1::text[], $2::integer[], $3::integer[]) AS x(chave, n, janela)
        ON CONFLICT (chave) DO UPDATE SET
          contagem = CASE WHEN l.expira_em <= now() THEN excluded.contagem ELSE l.contagem + excluded.contagem END,
          expira_em = CASE WHEN l.expira_em <= now() THEN excluded.expira_em ELSE l.expira_em END
        RETURNING chave, contagem, greatest(0, ceil(extract(epoch FROM expira_em - now()) * 1000))::int AS ttl`,
      values: [chaves, chaves.map((c) => porChave.get(c)!.n), chaves.map((c) => porChave.get(c)!.janelaMs)],
    });
    const final = new Map(rows.map((r) => [r.chave, r]));
    return itens.map((i, k) => {
      const r = final.get(i.chave)!;
      // The k-th of n increments of one key in this batch is number (total - n + 1 + k).
      return { current: r.contagem - porChave.get(i.chave)!.n + 1 + ordem[k]!, ttl: r.ttl };
    });
  }

  private limparSeDevido(): void {
    const agora = Date.now();
    if (agora - this.ultimaLimpeza < INTERVALO_LIMPEZA_MS) return;
    this.ultimaLimpeza = agora;
    this.db.$client.query(`DELETE FROM limite_requisicao WHERE expira_em < now() - interval '1 minute'`)
      .catch((err: unknown) => this.onLimpezaFalhou(err));
  }
}

/**
 * A store for @fastify/rate-limit in PostgreSQL, so N instances share one limit instead of granting N times it.
 * `continueExceeding` and `exponentialBackoff` are refused at start rather than ignored.
 */
export function storeLimitesPostgres(db: Database, onLimpezaFalhou: (err: unknown) => void = () => undefined): FastifyRateLimitStoreCtor {
  const contadores = new ContadoresPg(db, onLimpezaFalhou);

  class StoreLimitesPostgres implements FastifyRateLimitStore {
    constructor(opcoes: OpcoesStore, private readonly prefixo = '') {
      if (opcoes.continueExceeding || opcoes.exponentialBackoff) {
        throw new Error('the PostgreSQL rate-limit store supports neither continueExceeding nor exponentialBackoff');
      }
    }

    incr(chave: string, cb: (err: Error | null, res?: Resultado) => void, timeWindow: number): void {
      contadores.incr(this.prefixo + chave, timeWindow).then((r) => cb(null, r), (err: Error) => cb(err));
    }

    read(chave: string, cb: (err: Error | null, res?: Resultado) => void): void {
      contadores.ler(this.prefixo + chave).then((r) => cb(null, r), (err: Error) => cb(err));
    }

    child(opcoes: OpcoesStore): FastifyRateLimitStore {
      const rota = opcoes.routeInfo ?? {};
      const metodo = Array.isArray(rota.method) ? rota.method.join(',') : rota.method ?? '';
      return new StoreLimitesPostgres(opcoes, `${this.prefixo}${metodo}${rota.url ?? ''}-`);
    }
  }
  return StoreLimitesPostgres;
}

/**
 * One route's counter incremented inside the caller's own statement (decision 0164): the card lookup counts its
 * limit, spends its captcha, reads and audits in one statement, not in a transaction each. The row is the one the
 * store's child for that route keeps (`${method}${url}-${key}`), incremented as `incrementar` does, and expired
 * rows are purged as the store purges them. `sql(p)` is the INSERT … RETURNING contagem, ttl for a CTE, with `p`
 * naming the parameters of the key (text, or null: nothing counted) and the window (ms).
 */
export class ContadorEmInstrucao {
  private ultimaLimpeza = Date.now();

  constructor(private readonly db: Database, private readonly metodo: string, private readonly url: string,
    private readonly onLimpezaFalhou: (err: unknown) => void = () => undefined) {}

  /** The row's key for a client's key (the one @fastify/rate-limit's keyGenerator gives). */
  chave(chaveCliente: string): string {
    return `${this.metodo}${this.url}-${chaveCliente}`;
  }

  static sql(p: { chave: string; janelaMs: string }): string {
    return `INSERT INTO limite_requisicao AS l (chave, contagem, expira_em)
        SELECT ${p.chave}::text, 1, now() + ${p.janelaMs}::integer * interval '1 millisecond' WHERE ${p.chave}::text IS NOT NULL
        ON CONFLICT (chave) DO UPDATE SET
          contagem = CASE WHEN l.expira_em <= now() THEN excluded.contagem ELSE l.contagem + excluded.contagem END,
          expira_em = CASE WHEN l.expira_em <= now() THEN excluded.expira_em ELSE l.expira_em END
        RETURNING contagem, greatest(0, ceil(extract(epoch FROM expira_em - now()) * 1000))::int AS ttl`;
  }

  /** Called at each count, as the store's incr does. */
  purgarSeDevido(): void {
    const agora = Date.now();
    if (agora - this.ultimaLimpeza < INTERVALO_LIMPEZA_MS) return;
    this.ultimaLimpeza = agora;
    this.db.$client.query(`DELETE FROM limite_requisicao WHERE expira_em < now() - interval '1 minute'`)
      .catch((err: unknown) => this.onLimpezaFalhou(err));
  }
}

/** The answer to a client over a limit, `ttlMs` before its window ends (@fastify/rate-limit's errorResponseBuilder). */
export function erroLimiteExcedido(ttlMs: number): AppError {
  return new AppError(429, `Muitas requisições. Tente novamente em ${Math.ceil(ttlMs / 1000)} segundos.`);
}
