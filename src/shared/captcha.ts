/**
 * What the public lookups' pages need of the captcha before they read anything else, without zod (decision 0065):
 * the header of the token, the two addresses, and the configuration's answer read by hand. The contracts
 * (src/shared/contratos/consulta-publica.ts) take their paths from here, and their schemas
 * (src/shared/schemas/carteira.ts) stay the server's and the OpenAPI document's; `captcha.test.ts` holds the reader
 * to the schema. A page that shows the "Eu não sou um robô" box thereby loads neither zod nor a contract until the
 * user acts.
 */

/** The header that carries the captcha token (ALTCHA payload or hCaptcha response), as the spec names it. */
export const CABECALHO_CAPTCHA = 'x-hcaptcha-token';

export const CAMINHO_CONFIGURACAO_CAPTCHA = '/api/captcha/configuracao';
export const CAMINHO_DESAFIO_CAPTCHA = '/api/captcha/desafio';

/** Which captcha the public lookups take: ALTCHA (self-hosted, the default) or hCaptcha with its public site key. */
export type ConfiguracaoCaptcha = { tipo: 'altcha' } | { tipo: 'hcaptcha'; siteKey: string };

/**
 * The `dados` of GET /api/captcha/configuracao as `configuracaoCaptchaSchema` reads it (only the keys it knows),
 * or null for anything that schema refuses.
 */
export function lerConfiguracaoCaptcha(dados: unknown): ConfiguracaoCaptcha | null {
  if (dados === null || typeof dados !== 'object') return null;
  const { tipo, siteKey } = dados as { tipo?: unknown; siteKey?: unknown };
  if (tipo === 'altcha') return { tipo };
  if (tipo === 'hcaptcha' && typeof siteKey === 'string') return { tipo, siteKey };
  return null;
}
