import { Worker, type MessagePort } from 'node:worker_threads';

/**
 * A capped heap (decision 0050): a huge report kills the thread, not the instance. The thread sends at most `JANELA`
 * pieces ahead of the caller, so a slow reader never piles bytes up.
 */

/** Pieces the thread may send ahead of what the caller has taken. */
export const JANELA = 8;

export interface LimitesThread {
  heapMb: number;
  jovemMb?: number;
}

type MensagemDaThread =
  | { tipo: 'dados'; bytes: ArrayBuffer }
  | { tipo: 'evento'; dados: unknown }
  | { tipo: 'fim'; resultado: unknown };

/** The `.ts` beside the caller from source, or its own `<nome>.mjs` beside the server bundle. */
export function moduloDaThread(urlDoChamador: string, fonte: string, nomeNoBundle: string): { arquivo: URL; execArgv: string[] } {
  if (urlDoChamador.endsWith('.mjs')) return { arquivo: new URL(`./${nomeNoBundle}.mjs`, urlDoChamador), execArgv: [] };
  return { arquivo: new URL(fonte, urlDoChamador), execArgv: ['--import', 'tsx'] };
}

export interface FluxoDeThread<R> {
  bytes: AsyncGenerator<Buffer>;
  resultado: Promise<R>;
}

/** Stopping the iteration early terminates the thread. */
export function fluxoDeThread<R>(
  modulo: { arquivo: URL; execArgv: string[] },
  entrada: unknown,
  limites: LimitesThread,
  aoEvento: (dados: unknown) => Promise<void> = async () => undefined,
): FluxoDeThread<R> {
  const worker = new Worker(modulo.arquivo, {
    workerData: entrada,
    execArgv: modulo.execArgv,
    resourceLimits: { maxOldGenerationSizeMb: limites.heapMb, maxYoungGenerationSizeMb: limites.jovemMb ?? 16 },
    stdout: false,
    stderr: false,
  });
  const fila: MensagemDaThread[] = [];
  let falha: Error | null = null;
  let terminou = false;
  let acordar: (() => void) | null = null;
  const sinalizar = () => {
    const a = acordar;
    acordar = null;
    a?.();
  };
  worker.on('message', (m: MensagemDaThread) => {
    fila.push(m);
    sinalizar();
  });
  worker.on('error', (err) => {
    falha = err;
    sinalizar();
  });
  worker.on('exit', (codigo) => {
    terminou = true;
    if (codigo !== 0 && !falha) falha = new Error(`the worker thread exited with code ${codigo}`);
    sinalizar();
  });

  let resolver!: (r: R) => void;
  let rejeitar!: (e: Error) => void;
  const resultado = new Promise<R>((res, rej) => {
    resolver = res;
    rejeitar = rej;
  });
  // Read only through `bytes`: a caller that stops early must not see an unhandled rejection.
  resultado.catch(() => undefined);

  async function* bytes(): AsyncGenerator<Buffer> {
    let fim = false;
    try {
      worker.postMessage({ tipo: 'credito', n: JANELA });
      for (;;) {
        const m = fila.shift();
        if (!m) {
          if (falha) throw falha;
          if (terminou) throw new Error('the worker thread ended without finishing');
          await new Promise<void>((r) => {
            acordar = r;
          });
          continue;
        }
        if (m.tipo === 'dados') {
          yield Buffer.from(m.bytes);
          worker.postMessage({ tipo: 'credito', n: 1 });
        } else if (m.tipo === 'evento') {
          await aoEvento(m.dados);
        } else {
          fim = true;
          resolver(m.resultado as R);
          return;
        }
      }
    } catch (err) {
      rejeitar(err as Error);
      throw err;
    } finally {
      if (!fim) {
        rejeitar(new Error('the worker thread was stopped before it finished'));
        await worker.terminate();
      }
    }
  }

  return { bytes: bytes(), resultado };
}

export async function produzirNaThread(
  porta: MessagePort,
  fonte: AsyncIterable<Buffer | Uint8Array>,
  resultado: () => unknown,
): Promise<void> {
  let credito = 0;
  let esperando: (() => void) | null = null;
  const ouvinte = (m: { tipo: string; n: number }) => {
    if (m.tipo !== 'credito') return;
    credito += m.n;
    const e = esperando;
    esperando = null;
    e?.();
  };
  porta.on('message', ouvinte);
  for await (const pedaco of fonte) {
    while (credito === 0) {
      await new Promise<void>((r) => {
        esperando = r;
      });
    }
    credito--;
    // A pooled Buffer shares its memory: copy into an ArrayBuffer of its own, handed over without another copy.
    const copia = new Uint8Array(pedaco.byteLength);
    copia.set(pedaco);
    porta.postMessage({ tipo: 'dados', bytes: copia.buffer }, [copia.buffer]);
  }
  porta.postMessage({ tipo: 'fim', resultado: resultado() });
  // Without a listener the port no longer keeps the thread alive: it ends once its own work (a pool) is closed.
  porta.off('message', ouvinte);
}

export function eventoDaThread(porta: MessagePort, dados: unknown): void {
  porta.postMessage({ tipo: 'evento', dados });
}
