import crypto from 'node:crypto';

/**
 * hCaptcha when configured, else the self-hosted ALTCHA, so the product works offline and sends no citizen data to
 * a third party. Either way a token is accepted once.
 */
export interface CaptchaVerifier {
  /** Null when the widget gets its challenges elsewhere (hCaptcha). */
  desafio(): Promise<unknown> | null;
  /** Whether a check asks a third party (hCaptcha's siteverify): a caller counts its rate limit before asking. */
  readonly externo: boolean;
  /** The token is then spent. Never an exception for a malformed token. */
  verificar(token: string, ip: string): Promise<boolean>;
  /**
   * The same checks as `verificar` without spending the token: what to spend (a row of captcha_usado), or null when
   * the token is refused. For a caller that spends it in a statement of its own (the card lookup, decision 0164).
   */
  conferir(token: string, ip: string): Promise<GastoCaptcha | null>;
}

/** A token that passed its checks, to be spent once: its key in captcha_usado (at most 128 characters) and expiry. */
export interface GastoCaptcha {
  chave: string;
  expiraEm: Date;
}

/** An ALTCHA payload is about 600 characters. */
export const TAMANHO_MAXIMO_TOKEN = 8192;

/**
 * CAPTCHA_HMAC_SECRET, else derived one-way from the token key, so the captcha key, used at every anonymous request,
 * can never sign a session token.
 */
export function segredoCaptcha(configurado: string | undefined, jwtSecret: Uint8Array): string {
  if (configurado) return configurado;
  return Buffer.from(crypto.hkdfSync('sha256', jwtSecret, 'rgp', 'rgp:captcha:v1', 32)).toString('hex');
}
