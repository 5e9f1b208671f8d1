import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolverDesafio, type ParametrosAltcha, type PedidoResolucao } from './resolver-altcha';
import { resolverEmSegundoPlano } from './resolver-em-segundo-plano';

// jsdom has no Worker: a stand-in records how the page starts one and answers as altcha.worker.ts would (or
// fails to load, as a blocked script does).

function desafio(contador: number): ParametrosAltcha {
  const nonce = crypto.randomBytes(16);
  const salt = crypto.randomBytes(16);
  const senha = Buffer.concat([nonce, Buffer.alloc(4)]);
  senha.writeUInt32BE(contador, nonce.length);
  const chave = crypto.pbkdf2Sync(senha, salt, 5, 32, 'sha256').toString('hex');
  return { algorithm: 'PBKDF2/SHA-256', nonce: nonce.toString('hex'), salt: salt.toString('hex'), cost: 5, keyLength: 32, keyPrefix: chave.slice(0, 32) };
}

function trabalhador(comportamento: 'responde' | 'falha') {
  const criados: Array<{ url: string; opcoes: WorkerOptions | undefined; encerrado: boolean }> = [];
  class WorkerFalso extends EventTarget {
    private readonly registro: (typeof criados)[number];
    constructor(url: URL | string, opcoes?: WorkerOptions) {
      super();
      this.registro = { url: String(url), opcoes, encerrado: false };
      criados.push(this.registro);
    }
    postMessage(pedido: PedidoResolucao) {
      if (comportamento === 'falha') {
        setTimeout(() => this.dispatchEvent(new Event('error', { cancelable: true })), 0);
        return;
      }
      void resolverDesafio(pedido.parametros, { paralelas: pedido.paralelas }).then((solucao) =>
        this.dispatchEvent(new MessageEvent('message', { data: { solucao } })));
    }
    terminate() {
      this.registro.encerrado = true;
    }
  }
  vi.stubGlobal('Worker', WorkerFalso);
  return criados;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resolverEmSegundoPlano', () => {
  it('solves in a module worker made from altcha.worker.ts, and ends it', async () => {
    const criados = trabalhador('responde');
    await expect(resolverEmSegundoPlano(desafio(9), new AbortController().signal)).resolves.toMatchObject({ counter: 9 });
    expect(criados).toHaveLength(1);
    expect(new URL(criados[0]!.url).pathname).toMatch(/\/altcha\.worker\.ts$/);
    expect(criados[0]!.opcoes).toEqual({ type: 'module' });
    expect(criados[0]!.encerrado).toBe(true);
  });

  it('solves on the page when the worker\'s script does not load', async () => {
    const criados = trabalhador('falha');
    await expect(resolverEmSegundoPlano(desafio(4), new AbortController().signal)).resolves.toMatchObject({ counter: 4 });
    expect(criados[0]!.encerrado).toBe(true);
  });

  it('answers null and ends the worker when stopped', async () => {
    const criados = trabalhador('responde');
    const controle = new AbortController();
    const sem = resolverEmSegundoPlano({ ...desafio(1), keyPrefix: 'f'.repeat(32) }, controle.signal);
    controle.abort();
    await expect(sem).resolves.toBeNull();
    expect(criados[0]!.encerrado).toBe(true);
  });
});
