import type { Database } from '../../db/client';
import { AltchaVerifier } from './altcha';
import { segredoCaptcha, type CaptchaVerifier } from './captcha';
import { HCaptchaVerifier } from './hcaptcha';
import { PgRegistroUsoUnico } from './uso-unico';

export interface CriarCaptchaOptions {
  /** HCAPTCHA_SECRET: when set, hCaptcha; else the self-hosted ALTCHA. */
  hcaptchaSecret: string | undefined;
  /** CAPTCHA_HMAC_SECRET (ALTCHA); derived from the token key when absent. */
  hmacSecret: string | undefined;
  jwtSecret: Uint8Array;
  db: Database;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** The configured captcha verifier, with its one-time record in table captcha_usado. */
export function criarCaptchaVerifier(o: CriarCaptchaOptions): CaptchaVerifier {
  const registro = new PgRegistroUsoUnico(o.db, (err) => o.log.warn({ err }, 'captcha_usado purge failed'));
  if (o.hcaptchaSecret) {
    return new HCaptchaVerifier({
      segredo: o.hcaptchaSecret,
      registro,
      onIndisponivel: (err) => o.log.error({ err }, 'hCaptcha siteverify unreachable'),
    });
  }
  // Both verifiers keep the real clock: altcha-lib checks expiry against Date.now() itself.
  return new AltchaVerifier({ segredo: segredoCaptcha(o.hmacSecret, o.jwtSecret), registro });
}
