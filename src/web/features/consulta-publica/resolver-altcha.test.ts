import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
// A contract test: the web's solver against the server's own verifier, the one the lookups go through.
// eslint-disable-next-line no-restricted-imports
import { AltchaVerifier } from '../../../server/adapters/captcha/altcha';
import { desafioCaptchaSchema } from '../../../shared/schemas/carteira';
import { montarPayload, resolverDesafio, type DesafioAltcha, type ParametrosAltcha } from './resolver-altcha';

/** A challenge made here with node:crypto, as altcha-lib's deterministic mode makes it: the key for `contador`. */
function desafioDe(contador: number, extra: Partial<ParametrosAltcha> = {}) {
  const nonce = crypto.randomBytes(16);
  const salt = crypto.randomBytes(16);
  const senha = Buffer.concat([nonce, Buffer.alloc(4)]);
  senha.writeUInt32BE(contador, nonce.length);
  const chave = crypto.pbkdf2Sync(senha, salt, 5, 32, 'sha256').toString('hex');
  const parametros: ParametrosAltcha = {
    algorithm: 'PBKDF2/SHA-256',
    nonce: nonce.toString('hex'),
    salt: salt.toString('hex'),
    cost: 5,
    keyLength: 32,
    keyPrefix: chave.slice(0, 32),
    ...extra,
  };
  return { parametros, chave };
}

/** Spends each key once, as table captcha_usado does. */
function registroEmMemoria() {
  const usadas = new Set<string>();
  return {
    consumir: async (chave: string) => {
      if (usadas.has(chave)) return false;
      usadas.add(chave);
      return true;
    },
  };
}

const decodificar = (payload: string): unknown => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));

describe('resolverDesafio (ALTCHA v2, PBKDF2, uint32 counter)', () => {
  it('finds the counter of a challenge made with node:crypto, and its whole derived key', async () => {
    const { parametros, chave } = desafioDe(37);
    const solucao = await resolverDesafio(parametros, { paralelas: 4 });
    expect(solucao).toMatchObject({ counter: 37, derivedKey: chave });
    expect(solucao!.time).toBeGreaterThanOrEqual(0);
  });

  it('takes an odd-length or upper-case prefix, as altcha-lib does', async () => {
    const { parametros, chave } = desafioDe(12);
    const solucao = await resolverDesafio({ ...parametros, keyPrefix: chave.slice(0, 5).toUpperCase() });
    // Any key with that prefix answers the challenge; the first counter that has it is taken.
    expect(solucao!.derivedKey.startsWith(chave.slice(0, 5))).toBe(true);
    expect(solucao!.counter).toBeLessThanOrEqual(12);
  });

  it('stops when told to, and yields to the page between slices', async () => {
    const controle = new AbortController();
    // A prefix no key has: only the signal ends the search.
    const parametros = { ...desafioDe(1).parametros, keyPrefix: 'f'.repeat(32) };
    let pausas = 0;
    const intervalo = setInterval(() => {
      pausas += 1;
      if (pausas === 3) controle.abort();
    }, 0);
    try {
      await expect(resolverDesafio(parametros, { sinal: controle.signal, fatiaMs: 1 })).resolves.toBeNull();
    } finally {
      clearInterval(intervalo);
    }
    expect(pausas).toBeGreaterThanOrEqual(3);
  });

  it('refuses what it cannot solve instead of searching until the time limit', async () => {
    const { parametros } = desafioDe(1);
    await expect(resolverDesafio({ ...parametros, algorithm: 'SCRYPT' })).rejects.toThrow('Algoritmo não suportado');
    await expect(resolverDesafio({ ...parametros, keyPrefix: 'xyz' })).rejects.toThrow('Prefixo');
  });
});

describe('the payload, checked by the server', () => {
  const verificador = () =>
    new AltchaVerifier({ segredo: 'segredo-de-teste', registro: registroEmMemoria(), custo: 20, contadorMinimo: 5, contadorMaximo: 40 });

  it('is what the server accepts, once, from a challenge as GET /api/captcha/desafio gives it', async () => {
    const v = verificador();
    // What the route sends (`dados`), read as the widget reads it.
    const desafio: DesafioAltcha = desafioCaptchaSchema.parse(JSON.parse(JSON.stringify(await v.desafio())));
    const solucao = await resolverDesafio(desafio.parameters);
    const payload = montarPayload(desafio, solucao!);

    expect(decodificar(payload)).toEqual({
      challenge: { parameters: desafio.parameters, signature: desafio.signature },
      solution: { counter: solucao!.counter, derivedKey: solucao!.derivedKey, time: solucao!.time },
    });
    expect(Object.keys((decodificar(payload) as { challenge: { parameters: object } }).challenge.parameters).sort())
      .toEqual(['algorithm', 'cost', 'expiresAt', 'keyLength', 'keyPrefix', 'keySignature', 'nonce', 'salt']);
    await expect(v.verificar(payload, '127.0.0.1')).resolves.toBe(true);
    // Spent: the same solution is refused the second time.
    await expect(v.verificar(payload, '127.0.0.1')).resolves.toBe(false);
  });

  it('is refused when the solution is not the one the server signed, or the challenge was changed', async () => {
    const v = verificador();
    const desafio: DesafioAltcha = desafioCaptchaSchema.parse(await v.desafio());
    const solucao = (await resolverDesafio(desafio.parameters))!;
    const outraChave = `${solucao.derivedKey.slice(0, -1)}${solucao.derivedKey.endsWith('0') ? '1' : '0'}`;
    await expect(v.verificar(montarPayload(desafio, { ...solucao, derivedKey: outraChave }), '127.0.0.1')).resolves.toBe(false);
    const alterado = { ...desafio, parameters: { ...desafio.parameters, cost: 1 } };
    await expect(v.verificar(montarPayload(alterado, solucao), '127.0.0.1')).resolves.toBe(false);
    await expect(v.verificar(montarPayload(desafio, solucao), '127.0.0.1')).resolves.toBe(true);
  });
});
