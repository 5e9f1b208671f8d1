import crypto from 'node:crypto';
import { AppError } from '../../lib/errors';
import { TAMANHO_MAXIMO_TOKEN, type CaptchaVerifier, type GastoCaptcha } from './captcha';
import type { RegistroUsoUnico } from './uso-unico';

export interface HCaptchaOptions {
  /** HCAPTCHA_SECRET. */
  segredo: string;
  registro: RegistroUsoUnico;
  fetch?: typeof fetch;
  endpoint?: string;
  timeoutMs?: number;
  /** Told when hCaptcha cannot be reached (the caller logs it; the client gets 503). */
  onIndisponivel?: (err: unknown) => void;
}

interface RespostaSiteverify {
  success?: unknown;
  'error-codes'?: unknown;
}

/** hCaptcha tokens are valid for 120 s; the one-time record keeps them a little longer. */
const VALIDADE_TOKEN_MS = 5 * 60_000;

export const MENSAGEM_CAPTCHA_INDISPONIVEL = 'Não foi possível verificar o CAPTCHA agora. Tente novamente em instantes.';

/**
 * hCaptcha, checked against its siteverify with the secret and the client's IP. The one-time record makes its "seen
 * before" rule ours too, storing a SHA-256 of the token, never the token.
 */
export class HCaptchaVerifier implements CaptchaVerifier {
  readonly externo = true;
  private readonly fetch: typeof fetch;
  private readonly endpoint: string;
  private readonly timeoutMs: number;

  constructor(private readonly opts: HCaptchaOptions) {
    if (!opts.segredo) throw new Error('hCaptcha secret is empty');
    this.fetch = opts.fetch ?? globalThis.fetch;
    this.endpoint = opts.endpoint ?? 'https://api.hcaptcha.com/siteverify';
    this.timeoutMs = opts.timeoutMs ?? 5_000;
  }

  desafio(): null {
    return null;
  }

  async verificar(token: string, ip: string): Promise<boolean> {
    const gasto = await this.conferir(token, ip);
    return gasto !== null && this.opts.registro.consumir(gasto.chave, gasto.expiraEm);
  }

  async conferir(token: string, ip: string): Promise<GastoCaptcha | null> {
    // The caller spends the token itself: the expired ones are purged here as consumir would.
    await this.opts.registro.purgarSeDevido?.();
    if (!token || token.length > TAMANHO_MAXIMO_TOKEN) return null;
    const corpo = new URLSearchParams({ secret: this.opts.segredo, response: token });
    if (ip) corpo.set('remoteip', ip);
    let resposta: RespostaSiteverify;
    try {
      const res = await this.fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: corpo.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Error(`hCaptcha siteverify answered ${res.status}`);
      resposta = await res.json() as RespostaSiteverify;
    } catch (err) {
      // hCaptcha unreachable is not the citizen's fault: 503, not "invalid token".
      this.opts.onIndisponivel?.(err);
      throw new AppError(503, MENSAGEM_CAPTCHA_INDISPONIVEL, { cause: err });
    }
    if (resposta.success !== true) return null;
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    return { chave: `hcaptcha:${hash}`, expiraEm: new Date(Date.now() + VALIDADE_TOKEN_MS) };
  }
}
