import crypto from 'node:crypto';
import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { TAMANHO_MAXIMO_TOKEN, type CaptchaVerifier, type GastoCaptcha } from './captcha';
import type { RegistroUsoUnico } from './uso-unico';

export interface AltchaOptions {
  segredo: string;
  registro: RegistroUsoUnico;
  /** PBKDF2 iterations per attempt. */
  custo?: number;
  contadorMinimo?: number;
  contadorMaximo?: number;
  /** Life of a challenge. */
  validadeSegundos?: number;
}

/** Enough to make each lookup cost a scraper real CPU, small enough for a low-end phone (about 1–2 s). */
export const ALTCHA_PADRAO = { custo: 500, contadorMinimo: 500, contadorMaximo: 2_000, validadeSegundos: 300 } as const;
const ALGORITMO = 'PBKDF2/SHA-256';

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITMO),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({
    counter: z.number(),
    derivedKey: z.string(),
    time: z.number().optional(),
  }),
});

/**
 * The self-hosted captcha: ALTCHA v2 proof of work, deterministic mode. The server signs the challenge and the
 * derived key, so verifying is two HMACs, never a key derivation an attacker could make us repeat. Each signature is
 * spent on first use. Checked here with node:crypto's synchronous HMAC, the same checks as altcha-lib's, without its
 * async WebCrypto per HMAC (decision 0040). A challenge without a key signature is refused: checking it would mean
 * deriving the key.
 */
export class AltchaVerifier implements CaptchaVerifier {
  readonly externo = false;
  private readonly chaveAssinatura: string;
  private readonly chaveDerivada: string;
  /** The same two keys as KeyObjects made once: createHmac with a string key wraps its bytes anew at every call. */
  private readonly objetoAssinatura: crypto.KeyObject;
  private readonly objetoDerivada: crypto.KeyObject;
  private readonly opts: Required<Omit<AltchaOptions, 'segredo' | 'registro'>>;

  constructor(private readonly base: AltchaOptions) {
    const sub = (rotulo: string) => crypto.createHmac('sha256', base.segredo).update(rotulo).digest('hex');
    this.chaveAssinatura = sub('rgp:altcha:assinatura');
    this.chaveDerivada = sub('rgp:altcha:chave-derivada');
    this.objetoAssinatura = crypto.createSecretKey(Buffer.from(this.chaveAssinatura, 'utf8'));
    this.objetoDerivada = crypto.createSecretKey(Buffer.from(this.chaveDerivada, 'utf8'));
    this.opts = {
      custo: base.custo ?? ALTCHA_PADRAO.custo,
      contadorMinimo: base.contadorMinimo ?? ALTCHA_PADRAO.contadorMinimo,
      contadorMaximo: base.contadorMaximo ?? ALTCHA_PADRAO.contadorMaximo,
      validadeSegundos: base.validadeSegundos ?? ALTCHA_PADRAO.validadeSegundos,
    };
  }

  desafio(): Promise<Challenge> {
    return createChallenge({
      algorithm: ALGORITMO,
      cost: this.opts.custo,
      counter: randomInt(this.opts.contadorMaximo, this.opts.contadorMinimo),
      deriveKey,
      expiresAt: new Date(Date.now() + this.opts.validadeSegundos * 1000),
      hmacSignatureSecret: this.chaveAssinatura,
      hmacKeySignatureSecret: this.chaveDerivada,
    });
  }

  private assinaturaConfere(parametros: Record<string, unknown>, assinatura: string, solucao: { counter: number; derivedKey: string }): boolean {
    const esperada = hmacHex(this.objetoAssinatura, JSON.stringify(ordenarChaves(parametros)));
    if (!iguaisEmTempoConstante(assinatura, esperada)) return false;
    const assinaturaChave = parametros['keySignature'];
    if (typeof assinaturaChave !== 'string') return false;
    if (!/^(?:[0-9a-f]{2})+$/.test(solucao.derivedKey)) return false;
    if (!Number.isInteger(solucao.counter) || solucao.counter < 0 || solucao.counter > 0xffffffff) return false;
    return iguaisEmTempoConstante(assinaturaChave, hmacHex(this.objetoDerivada, Buffer.from(solucao.derivedKey, 'hex')));
  }

  async verificar(token: string, ip: string): Promise<boolean> {
    const gasto = await this.conferir(token, ip);
    // Spent now: a second use of the same solved challenge is refused.
    return gasto !== null && this.base.registro.consumir(gasto.chave, gasto.expiraEm);
  }

  async conferir(token: string, _ip: string): Promise<GastoCaptcha | null> {
    // The caller spends the token itself: the expired ones are purged here as consumir would.
    await this.base.registro.purgarSeDevido?.();
    if (!token || token.length > TAMANHO_MAXIMO_TOKEN) return null;
    let bruto: unknown;
    try {
      bruto = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    } catch {
      return null;
    }
    const payload = payloadSchema.safeParse(bruto);
    if (!payload.success) return null;
    const { challenge, solution } = payload.data;
    if (challenge.parameters.expiresAt * 1000 <= Date.now()) return null;
    if (!this.assinaturaConfere(challenge.parameters, challenge.signature, solution)) return null;
    return { chave: `altcha:${challenge.signature}`, expiraEm: new Date(challenge.parameters.expiresAt * 1000) };
  }
}

function hmacHex(chave: crypto.KeyObject, dados: string | Buffer): string {
  return crypto.createHmac('sha256', chave).update(dados).digest('hex');
}

function iguaisEmTempoConstante(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** altcha-lib's canonical form: keys sorted at every level, undefined left out. */
function ordenarChaves(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  return Object.fromEntries(Object.keys(v).sort()
    .flatMap((k) => {
      const valor = (v as Record<string, unknown>)[k];
      return valor === undefined ? [] : [[k, ordenarChaves(valor)]];
    }));
}
