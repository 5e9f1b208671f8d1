import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { CanalNotificacao } from '../../../shared/enums';
import { moduloDaThread } from '../../lib/thread-limitada';
import type { DrenagemEmThread, ResultadoCanal } from './notificacao-envio.service';
import type { EntradaThreadEnvio, MensagemDaThreadEnvio, MensagemParaThreadEnvio } from './notificacao-envio.thread';

const MODULO_THREAD = moduloDaThread(import.meta.url, './notificacao-envio.thread.ts', 'notificacao-envio-thread');

/** How often the main thread's event loop delay is handed to the thread while it drains. */
const JANELA_ATRASO_MS = 200;

export interface OpcoesDrenagemNaThread {
  heapMb: number;
  /** The main thread's mean event loop delay over which the drain waits before its next block; 0: never waits. */
  atrasoMaximoMs: number;
  /** The longest wait before one block, so a busy web slows the drain but never stops it. */
  esperaMaximaMs?: number;
  /** Steps of nice value the thread takes over the process's (Linux): the web first when both want the CPU. */
  prioridadeMenor: number;
}

type Aviso = (origem: string, origemId: number, canal: CanalNotificacao, pescadorIds: number[]) => Promise<void>;

/**
 * One worker thread, started at the first drain and kept for the next (a thread's start costs more than a quiet
 * minute's drain), drains the outbox (decision 0245). Its heap is capped like a report's (decision 0050): at the cap
 * only the thread dies, its claimed rows wait out their lease, and the next drain starts a new one. Drains of this
 * instance run one after another; other instances' run beside them (rows are leased).
 */
export class DrenagemNaThread implements DrenagemEmThread {
  private worker: Worker | null = null;
  private fila: Promise<unknown> = Promise.resolve();
  private proximoId = 0;
  private readonly atraso = new SharedArrayBuffer(4);
  private monitor: { histograma: ReturnType<typeof monitorEventLoopDelay>; relogio: NodeJS.Timeout } | null = null;

  constructor(private readonly entrada: Omit<EntradaThreadEnvio, 'atraso' | 'atrasoMaximoUs' | 'esperaMaximaMs' | 'prioridadeMenor'>, private readonly opts: OpcoesDrenagemNaThread) {}

  drenar(deslocamentoMs: number, aoEnviar: Aviso): Promise<Record<string, ResultadoCanal>> {
    const r = this.fila.then(() => this.executar(deslocamentoMs, aoEnviar));
    this.fila = r.catch(() => undefined);
    return r;
  }

  async fechar(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    this.pararMonitor();
    if (!w) return;
    const saiu = new Promise<void>((ok) => w.once('exit', () => ok()));
    w.postMessage({ tipo: 'fechar' } satisfies MensagemParaThreadEnvio);
    const tempo = setTimeout(() => void w.terminate(), 5000);
    await saiu;
    clearTimeout(tempo);
  }

  private iniciar(): Worker {
    const entrada: EntradaThreadEnvio = {
      ...this.entrada, atraso: this.atraso, atrasoMaximoUs: this.opts.atrasoMaximoMs * 1000, esperaMaximaMs: this.opts.esperaMaximaMs ?? 2000,
      prioridadeMenor: this.opts.prioridadeMenor,
    };
    const w = new Worker(MODULO_THREAD.arquivo, {
      workerData: entrada,
      execArgv: MODULO_THREAD.execArgv,
      resourceLimits: { maxOldGenerationSizeMb: this.opts.heapMb, maxYoungGenerationSizeMb: 16 },
      stdout: false,
      stderr: false,
    });
    // An idle thread never keeps the process up.
    w.unref();
    w.once('exit', () => {
      if (this.worker === w) this.worker = null;
    });
    this.worker = w;
    return w;
  }

  private executar(deslocamentoMs: number, aoEnviar: Aviso): Promise<Record<string, ResultadoCanal>> {
    const w = this.worker ?? this.iniciar();
    const id = ++this.proximoId;
    w.ref();
    this.iniciarMonitor();
    return new Promise<Record<string, ResultadoCanal>>((ok, falha) => {
      const fim = () => {
        w.off('message', aoMensagem);
        w.off('error', aoErro);
        w.off('exit', aoSair);
        w.unref();
        this.pararMonitor();
      };
      const aoMensagem = (m: MensagemDaThreadEnvio) => {
        if (m.tipo === 'enviadas') {
          aoEnviar(m.origem, m.origemId, m.canal, m.pescadorIds).then(
            () => w.postMessage({ tipo: 'avisado', seq: m.seq } satisfies MensagemParaThreadEnvio),
            (err: unknown) => w.postMessage({ tipo: 'avisado', seq: m.seq, erro: err instanceof Error ? err.message : String(err) } satisfies MensagemParaThreadEnvio),
          );
        } else if (m.id === id) {
          fim();
          if (m.tipo === 'fim') ok(m.resultado);
          else falha(new Error(m.mensagem));
        }
      };
      const aoErro = (err: Error) => {
        fim();
        falha(err);
      };
      const aoSair = (codigo: number) => {
        fim();
        falha(new Error(`the outbox's thread exited with code ${codigo}`));
      };
      w.on('message', aoMensagem);
      w.on('error', aoErro);
      w.on('exit', aoSair);
      w.postMessage({ tipo: 'drenar', id, deslocamentoMs } satisfies MensagemParaThreadEnvio);
    });
  }

  /** The same figure the overload guard reads (decision 0070), in shorter windows, only while a drain runs. */
  private iniciarMonitor(): void {
    if (this.monitor || this.opts.atrasoMaximoMs <= 0) return;
    const histograma = monitorEventLoopDelay({ resolution: 10 });
    histograma.enable();
    const atraso = new Int32Array(this.atraso);
    const relogio = setInterval(() => {
      Atomics.store(atraso, 0, Number.isFinite(histograma.mean) ? Math.round(histograma.mean / 1000) : 0);
      histograma.reset();
    }, JANELA_ATRASO_MS);
    relogio.unref();
    this.monitor = { histograma, relogio };
  }

  private pararMonitor(): void {
    if (!this.monitor) return;
    clearInterval(this.monitor.relogio);
    this.monitor.histograma.disable();
    this.monitor = null;
    Atomics.store(new Int32Array(this.atraso), 0, 0);
  }
}
