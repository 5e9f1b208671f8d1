// The outbox's drain in a worker thread with a capped heap (decision 0245): the same NotificacaoEnvioService on a
// small pool of its own, so a wave of millions of messages neither grows the web's heap nor holds its event loop.
// It waits before each block while the main thread's event loop is late (the figure the main thread keeps in `atraso`).
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { CanalNotificacao } from '../../../shared/enums';
import { criarEnviadorEmail } from '../../adapters/email/criar-email';
import { criarCanalGovbr, criarCanalSms } from '../../adapters/mensagem/mensagem';
import type { Config } from '../../config';
import { connect } from '../../db/client';
import { NotificacaoEnvioRepository } from './notificacao-envio.repository';
import { NotificacaoEnvioService, type ResultadoCanal } from './notificacao-envio.service';

/** What DrenagemNaThread hands the thread when it starts it. */
export interface EntradaThreadEnvio {
  url: string;
  email: Config['email'];
  canais: Config['canais'];
  dataDir: string;
  publicUrl: string;
  /** One Int32: the main thread's event loop delay (mean of the last window), in microseconds. */
  atraso: SharedArrayBuffer;
  /** Over this (µs) a block waits, at most `esperaMaximaMs` each. */
  atrasoMaximoUs: number;
  esperaMaximaMs: number;
  /** Added to this thread's nice value: the web's requests get the CPU first when both want it. */
  prioridadeMenor: number;
}

export type MensagemParaThreadEnvio =
  | { tipo: 'drenar'; id: number; deslocamentoMs: number }
  | { tipo: 'avisado'; seq: number; erro?: string }
  | { tipo: 'fechar' };

export type MensagemDaThreadEnvio =
  | { tipo: 'enviadas'; seq: number; origem: string; origemId: number; canal: CanalNotificacao; pescadorIds: number[] }
  | { tipo: 'fim'; id: number; resultado: Record<string, ResultadoCanal> }
  | { tipo: 'falha'; id: number; mensagem: string };

const PASSO_ESPERA_MS = 50;
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Linux keeps a nice value per thread: this one's, raised, leaves the main thread's (and the libuv pool's) alone.
 * Elsewhere, or where the kernel refuses, the drain runs at the process's priority.
 */
function cederCpu(passos: number): void {
  if (passos <= 0) return;
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    os.setPriority(tid, Math.min(19, os.getPriority(tid) + passos));
  } catch {
    // Not Linux, or not allowed: no change.
  }
}

const porta = parentPort;
if (porta) {
  const e = workerData as EntradaThreadEnvio;
  cederCpu(e.prioridadeMenor);
  const atraso = new Int32Array(e.atraso);
  // Three channels at once, each one statement at a time.
  const handle = connect(e.url, 3);
  const email = criarEnviadorEmail(e.email, e.dataDir);
  let deslocamentoMs = 0;
  let seq = 0;
  const avisos = new Map<number, { ok: () => void; falha: (err: Error) => void }>();
  const envios = new NotificacaoEnvioService(
    new NotificacaoEnvioRepository(handle.db),
    { email, sms: criarCanalSms(e.canais.sms, e.dataDir), govbr: criarCanalGovbr(e.canais.govbr, e.dataDir) },
    e.publicUrl,
    {
      now: () => new Date(Date.now() + deslocamentoMs),
      antesDoBloco: async () => {
        for (let esperado = 0; e.atrasoMaximoUs > 0 && esperado < e.esperaMaximaMs && Atomics.load(atraso, 0) > e.atrasoMaximoUs; esperado += PASSO_ESPERA_MS) {
          await dormir(PASSO_ESPERA_MS);
        }
      },
      // The origins' listeners (the REAP warning's count) live in the main thread: each block waits for its answer.
      aoEnviarSemOuvinte: (origem, origemId, canal, pescadorIds) => new Promise<void>((ok, falha) => {
        const n = ++seq;
        avisos.set(n, { ok, falha });
        porta.postMessage({ tipo: 'enviadas', seq: n, origem, origemId, canal, pescadorIds } satisfies MensagemDaThreadEnvio);
      }),
    },
  );
  porta.on('message', (m: MensagemParaThreadEnvio) => {
    if (m.tipo === 'avisado') {
      const a = avisos.get(m.seq);
      avisos.delete(m.seq);
      if (m.erro === undefined) a?.ok();
      else a?.falha(new Error(m.erro));
    } else if (m.tipo === 'drenar') {
      deslocamentoMs = m.deslocamentoMs;
      envios.drenar().then(
        (resultado) => porta.postMessage({ tipo: 'fim', id: m.id, resultado } satisfies MensagemDaThreadEnvio),
        (err: unknown) => porta.postMessage({ tipo: 'falha', id: m.id, mensagem: err instanceof Error ? err.message : String(err) } satisfies MensagemDaThreadEnvio),
      );
    } else {
      porta.close();
      void Promise.allSettled([handle.close(), email.close()]);
    }
  });
}
