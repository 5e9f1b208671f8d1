import { resolverDesafio, type ParametrosAltcha, type PedidoResolucao, type RespostaResolucao, type SolucaoAltcha } from './resolver-altcha';

/** Derivations in flight at once: one per core the browser reports, at most four. */
function paralelas(): number {
  const nucleos = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 1;
  return Math.max(1, Math.min(4, nucleos));
}

const SEM_WORKER = Symbol('sem worker');

/**
 * Solves the challenge in a module Web Worker (altcha.worker.ts), so that the page never stalls; where a worker
 * cannot run (no Worker, as in jsdom, or its script failed to load), on the page's thread in slices of a few
 * milliseconds. Null when `sinal` stops it or no answer was found in time; rejects when the challenge cannot be
 * solved.
 */
export async function resolverEmSegundoPlano(parametros: ParametrosAltcha, sinal: AbortSignal): Promise<SolucaoAltcha | null> {
  if (sinal.aborted) return null;
  if (typeof Worker === 'function') {
    const resposta = await resolverNoWorker(parametros, sinal);
    if (resposta !== SEM_WORKER) return resposta;
  }
  if (sinal.aborted) return null;
  return resolverDesafio(parametros, { sinal, paralelas: paralelas(), fatiaMs: 20 });
}

function resolverNoWorker(parametros: ParametrosAltcha, sinal: AbortSignal): Promise<SolucaoAltcha | null | typeof SEM_WORKER> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return Promise.resolve(SEM_WORKER);
  }
  return new Promise((resolve, reject) => {
    const encerrar = () => {
      worker.terminate();
      sinal.removeEventListener('abort', abortar);
    };
    function abortar() {
      encerrar();
      resolve(null);
    }
    sinal.addEventListener('abort', abortar, { once: true });
    worker.addEventListener('message', (evento: MessageEvent<RespostaResolucao>) => {
      encerrar();
      if ('erro' in evento.data) reject(new Error(evento.data.erro));
      else resolve(evento.data.solucao);
    });
    // The script did not load (network, policy) or broke: the page's thread does the work instead.
    const semWorker = (evento: Event) => {
      evento.preventDefault();
      encerrar();
      resolve(SEM_WORKER);
    };
    worker.addEventListener('error', semWorker);
    worker.addEventListener('messageerror', semWorker);
    worker.postMessage({ parametros, paralelas: paralelas() } satisfies PedidoResolucao);
  });
}
