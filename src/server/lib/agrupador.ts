/**
 * Group commit (decision 0040): callers hand in one item each and await their own answer; the items are written
 * together, one statement per batch. No timer: when no batch is in flight the items of the current turn of the
 * event loop go at its end (nothing measurable is added to the latency at low load); while a batch is in flight
 * the next items gather and go together as soon as it ends. A caller is answered only after its batch is written, so an answered request's row cannot be lost,
 * on a clean shutdown or a crash, and a write that fails fails the request that needed it.
 */
export class Agrupador<E, R> {
  readonly #fila: Array<{ item: E; resolve: (r: R) => void; reject: (err: unknown) => void }> = [];
  readonly #maximo: number;
  readonly #paralelos: number;
  #lotesEmVoo = 0;
  #itensEmVoo = 0;
  #agendado = false;
  #aoEsvaziar: Array<() => void> = [];

  constructor(
    /** Writes the batch in one statement and answers one result per item, in order. */
    private readonly gravar: (itens: E[]) => Promise<R[]>,
    opts: { maximo?: number; paralelos?: number } = {},
  ) {
    this.#maximo = opts.maximo ?? 500;
    this.#paralelos = opts.paralelos ?? 1;
  }

  enviar(item: E): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#fila.push({ item, resolve, reject });
      this.#agendar();
    });
  }

  /** Items queued or in flight. */
  get pendentes(): number {
    return this.#fila.length + this.#itensEmVoo;
  }

  /** Resolves once nothing is queued or in flight (called on close, so that no write is cut short). */
  esvaziar(): Promise<void> {
    if (this.pendentes === 0) return Promise.resolve();
    return new Promise((resolve) => this.#aoEsvaziar.push(resolve));
  }

  /**
   * The batch leaves at the end of the current turn of the event loop (setImmediate), not at the first item: the
   * requests whose sockets were read in the same turn join it, at a cost of microseconds.
   */
  #agendar(): void {
    if (this.#agendado) return;
    this.#agendado = true;
    setImmediate(() => {
      this.#agendado = false;
      this.#bombear();
    });
  }

  #bombear(): void {
    while (this.#fila.length > 0 && this.#lotesEmVoo < this.#paralelos) {
      const lote = this.#fila.splice(0, this.#maximo);
      this.#lotesEmVoo++;
      this.#itensEmVoo += lote.length;
      void this.#gravarLote(lote).finally(() => {
        this.#lotesEmVoo--;
        this.#itensEmVoo -= lote.length;
        this.#agendar();
        if (this.pendentes === 0) for (const f of this.#aoEsvaziar.splice(0)) f();
      });
    }
  }

  async #gravarLote(lote: Array<{ item: E; resolve: (r: R) => void; reject: (err: unknown) => void }>): Promise<void> {
    try {
      const rs = await this.gravar(lote.map((l) => l.item));
      lote.forEach((l, i) => l.resolve(rs[i]!));
    } catch (err) {
      if (lote.length === 1) {
        lote[0]!.reject(err);
        return;
      }
      // One bad item must not fail the others: each is tried alone, and only the bad one fails.
      await Promise.all(lote.map(async (l) => {
        try {
          l.resolve((await this.gravar([l.item]))[0]!);
        } catch (e) {
          l.reject(e);
        }
      }));
    }
  }
}
