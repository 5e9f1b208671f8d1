import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { lerConfiguracaoCaptcha, type ConfiguracaoCaptcha } from './captcha';
import { configuracaoCaptchaSchema } from './schemas/carteira';

/**
 * The pages read the captcha's configuration without zod (decision 0065); the server answers it, and the OpenAPI
 * document prints it, with the schema. The two must take and refuse the same answers, and read the same values.
 */
const AMOSTRAS: unknown[] = [
  { tipo: 'altcha' },
  { tipo: 'altcha', siteKey: 'sobra' },
  { tipo: 'altcha', extra: 1 },
  { tipo: 'hcaptcha', siteKey: '10000000-ffff-ffff-ffff-000000000001' },
  { tipo: 'hcaptcha', siteKey: '' },
  { tipo: 'hcaptcha', siteKey: 'k', extra: true },
  { tipo: 'hcaptcha' },
  { tipo: 'hcaptcha', siteKey: 42 },
  { tipo: 'hcaptcha', siteKey: null },
  { tipo: 'ALTCHA' },
  { tipo: 'recaptcha', siteKey: 'k' },
  { siteKey: 'k' },
  {},
  [],
  ['altcha'],
  'altcha',
  0,
  true,
  null,
  undefined,
];

describe('lerConfiguracaoCaptcha', () => {
  it.each(AMOSTRAS.map((amostra) => [JSON.stringify(amostra) ?? 'undefined', amostra]))('reads %s as the schema does', (_, amostra) => {
    const esquema = configuracaoCaptchaSchema.safeParse(amostra);
    expect(lerConfiguracaoCaptcha(amostra)).toEqual(esquema.success ? esquema.data : null);
  });

  it('takes both kinds the server answers', () => {
    expect(lerConfiguracaoCaptcha({ tipo: 'altcha' })).toEqual({ tipo: 'altcha' });
    expect(lerConfiguracaoCaptcha({ tipo: 'hcaptcha', siteKey: 'chave' })).toEqual({ tipo: 'hcaptcha', siteKey: 'chave' });
  });

  it('has the schema\'s type, both ways', () => {
    expectTypeOf<z.output<typeof configuracaoCaptchaSchema>>().toEqualTypeOf<ConfiguracaoCaptcha>();
  });
});
