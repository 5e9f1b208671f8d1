/**
 * Group commit (decision 0040): items are written together, one statement per batch, with no timer. A caller is
 * answered only after its batch is written, so an answered request's row cannot be lost, and a failed write fails
 * the request that needed it.
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

  /** Called on close, so that no write is cut short. */
  esvaziar(): Promise<void> {
    if (this.pendentes === 0) return Promise.resolve();
    return new Promise((resolve) => this.#aoEsvaziar.push(resolve));
  }

  /** The requests read in the same turn of the event loop join the batch, at a cost of microseconds. */
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
