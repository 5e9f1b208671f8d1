/**
 * The proof of work of the self-hosted captcha: ALTCHA v2 as altcha-lib 2.x makes and checks it (its
 * `solveChallenge` with the WebCrypto PBKDF2 `deriveKey`, counter mode `uint32`), without the library.
 * No DOM and no React: it runs in the widget's Web Worker (altcha.worker.ts) and, where there is no worker, on
 * the page itself.
 *
 * A challenge gives a nonce, a salt, a cost and a key prefix; the answer is the counter n for which
 * PBKDF2(password = nonce bytes ‖ n as 4 bytes big-endian, salt bytes, cost iterations, keyLength bytes) starts
 * with the prefix. The server drew n (500 to 2,000 by default) and signed the key it derives, so it checks the
 * answer with two HMACs (src/server/adapters/captcha/altcha.ts).
 */

/** The challenge's parameters, exactly as GET /api/captcha/desafio gives them (the signature covers them all). */
export interface ParametrosAltcha {
  algorithm: string;
  nonce: string;
  salt: string;
  cost: number;
  keyLength?: number | undefined;
  keyPrefix: string;
  expiresAt?: number | undefined;
  [outro: string]: unknown;
}

export interface DesafioAltcha {
  parameters: ParametrosAltcha;
  signature?: string | undefined;
}

export interface SolucaoAltcha {
  counter: number;
  /** the derived key, lowercase hex */
  derivedKey: string;
  /** milliseconds spent, one decimal (informative: the server does not read it) */
  time: number;
}

export interface OpcoesResolucao {
  /** Stops the search: the answer is then null. */
  sinal?: AbortSignal | undefined;
  /** Derivations in flight at once (WebCrypto runs them off the calling thread). */
  paralelas?: number | undefined;
  /**
   * On the page's own thread: at most this many milliseconds between two yields to the event loop, so that
   * the page keeps answering the person while it works. Not needed in a worker.
   */
  fatiaMs?: number | undefined;
  /** Gives up after this long: the answer is then null (altcha-lib's default, 90 s). */
  limiteMs?: number | undefined;
}

/** A message to the worker (altcha.worker.ts) and its answer. */
export interface PedidoResolucao {
  parametros: ParametrosAltcha;
  paralelas: number;
}
export type RespostaResolucao = { solucao: SolucaoAltcha | null } | { erro: string };

const HASHES: Record<string, string> = {
  'PBKDF2/SHA-256': 'SHA-256',
  'PBKDF2/SHA-384': 'SHA-384',
  'PBKDF2/SHA-512': 'SHA-512',
};
const CONTADOR_MAXIMO = 0xffffffff;

export function hexParaBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error('Hex inválido');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesParaHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Finds the counter for the challenge, from 0 upwards, `paralelas` derivations at a time. Null when stopped
 * (`sinal`) or out of time; throws for a challenge it cannot solve (an algorithm other than PBKDF2, a bad
 * prefix), which would otherwise run until the time limit.
 */
export async function resolverDesafio(parametros: ParametrosAltcha, opcoes: OpcoesResolucao = {}): Promise<SolucaoAltcha | null> {
  const hash = HASHES[parametros.algorithm];
  if (!hash) throw new Error(`Algoritmo não suportado: ${parametros.algorithm}`);
  const tamanho = parametros.keyLength ?? 32;
  const prefixo = parametros.keyPrefix.toLowerCase();
  if (!/^[0-9a-f]+$/.test(prefixo) || prefixo.length > tamanho * 2) throw new Error('Prefixo da chave inválido');
  if (!Number.isInteger(parametros.cost) || parametros.cost < 1) throw new Error('Custo inválido');

  const nonce = hexParaBytes(parametros.nonce);
  const salt = hexParaBytes(parametros.salt);
  const paralelas = Math.max(1, Math.min(16, Math.floor(opcoes.paralelas ?? 1)));
  const limiteMs = opcoes.limiteMs ?? 90_000;
  const subtle = globalThis.crypto.subtle;

  async function derivar(contador: number): Promise<Uint8Array> {
    const senha = new Uint8Array(nonce.length + 4);
    senha.set(nonce, 0);
    new DataView(senha.buffer).setUint32(nonce.length, contador, false);
    const chave = await subtle.importKey('raw', senha, { name: 'PBKDF2' }, false, ['deriveBits']);
    const bits = await subtle.deriveBits({ name: 'PBKDF2', salt, iterations: parametros.cost, hash }, chave, tamanho * 8);
    return new Uint8Array(bits);
  }

  const inicio = performance.now();
  let pausa = inicio;
  for (let base = 0; base <= CONTADOR_MAXIMO; base += paralelas) {
    if (opcoes.sinal?.aborted || performance.now() - inicio > limiteMs) return null;
    const contadores = Array.from({ length: Math.min(paralelas, CONTADOR_MAXIMO - base + 1) }, (_, i) => base + i);
    const chaves = await Promise.all(contadores.map(derivar));
    for (let i = 0; i < chaves.length; i++) {
      const hex = bytesParaHex(chaves[i]!);
      if (hex.startsWith(prefixo)) {
        return { counter: contadores[i]!, derivedKey: hex, time: Math.floor((performance.now() - inicio) * 10) / 10 };
      }
    }
    if (opcoes.fatiaMs !== undefined && performance.now() - pausa >= opcoes.fatiaMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      pausa = performance.now();
    }
  }
  return null;
}

/**
 * The token the lookups send (header x-hcaptcha-token), as the ALTCHA widget makes it: base64 of the JSON
 * `{challenge: {parameters, signature}, solution: {counter, derivedKey, time}}`, the parameters untouched.
 */
export function montarPayload(desafio: DesafioAltcha, solucao: SolucaoAltcha): string {
  const json = JSON.stringify({
    challenge: { parameters: desafio.parameters, signature: desafio.signature },
    solution: { counter: solucao.counter, derivedKey: solucao.derivedKey, time: solucao.time },
  });
  // UTF-8 first: btoa takes Latin-1 only, and the server reads the base64 as UTF-8.
  let binario = '';
  for (const b of new TextEncoder().encode(json)) binario += String.fromCharCode(b);
  return btoa(binario);
}
