import crypto from 'node:crypto';

/**
 * The captcha of the public lookups (product guide, "Public lookups and the card"): hCaptcha when HCAPTCHA_SECRET
 * is configured, else the self-hosted proof-of-work ALTCHA, so that the product works offline and sends no
 * citizen data to a third party. Either way a token is accepted once (`RegistroUsoUnico`).
 */
export interface CaptchaVerifier {
  /**
   * A new challenge for the browser's widget (ALTCHA: the signed challenge, exactly as altcha-lib creates it),
   * or null when the widget gets its challenges elsewhere (hCaptcha).
   */
  desafio(): Promise<unknown> | null;
  /**
   * True when the token (header x-hcaptcha-token) is a valid, unexpired solution never accepted before; it is
   * then spent. False for anything else, never an exception for a malformed token.
   */
  verificar(token: string, ip: string): Promise<boolean>;
}

/** Tokens larger than this are refused unread (an ALTCHA payload is about 600 characters). */
export const TAMANHO_MAXIMO_TOKEN = 8192;

/**
 * The key of the ALTCHA signatures: CAPTCHA_HMAC_SECRET when configured, else derived (HKDF-SHA256, own label)
 * from the token key, so that a development or test machine needs no extra setting. The derivation is one-way:
 * the captcha key, used at every anonymous request, can never sign a session token. Production sets its own key
 * (config.ts requires it unless hCaptcha is used), rotated independently: rotating it only voids challenges
 * in flight, which live minutes.
 */
export function segredoCaptcha(configurado: string | undefined, jwtSecret: Uint8Array): string {
  if (configurado) return configurado;
  return Buffer.from(crypto.hkdfSync('sha256', jwtSecret, 'rgp', 'rgp:captcha:v1', 32)).toString('hex');
}
