/**
 * What the public lookups' pages need of the captcha without zod (decision 0065), so a page showing the box loads
 * neither zod nor a contract until the user acts. `captcha.test.ts` holds the hand reader to the schema.
 */

export const CABECALHO_CAPTCHA = 'x-hcaptcha-token';

export const CAMINHO_CONFIGURACAO_CAPTCHA = '/api/captcha/configuracao';
export const CAMINHO_DESAFIO_CAPTCHA = '/api/captcha/desafio';

export type ConfiguracaoCaptcha = { tipo: 'altcha' } | { tipo: 'hcaptcha'; siteKey: string };

/** Null for anything `configuracaoCaptchaSchema` refuses. */
export function lerConfiguracaoCaptcha(dados: unknown): ConfiguracaoCaptcha | null {
  if (dados === null || typeof dados !== 'object') return null;
  const { tipo, siteKey } = dados as { tipo?: unknown; siteKey?: unknown };
  if (tipo === 'altcha') return { tipo };
  if (tipo === 'hcaptcha' && typeof siteKey === 'string') return { tipo, siteKey };
  return null;
}
