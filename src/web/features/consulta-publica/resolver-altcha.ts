/** ALTCHA v2 proof of work as altcha-lib 2.x makes it, without the library; no DOM, so it runs in a Web Worker. */

/** The signature covers them all. */
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
  derivedKey: string;
  /** Informative: the server does not read it. */
  time: number;
}

export interface OpcoesResolucao {
  /** Stops the search: the answer is then null. */
  sinal?: AbortSignal | undefined;
  paralelas?: number | undefined;
  /** On the page's own thread, so the page keeps answering the person while it works. */
  fatiaMs?: number | undefined;
  /** altcha-lib's default. */
  limiteMs?: number | undefined;
}

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

/** Null when stopped or out of time; throws for a challenge it cannot solve, which would run until the limit. */
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

/** As the ALTCHA widget makes it, the parameters untouched. */
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
