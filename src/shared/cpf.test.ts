import { describe, expect, it } from 'vitest';
import { cpfComDigitos, formatCpf, isValidCpf, maskCpf, onlyDigits } from './cpf';

describe('CPF', () => {
  it('accepts valid check digits with or without the mask', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('100.000.001-08')).toBe(true);
  });

  it('refuses wrong check digits, wrong lengths and repeated digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('')).toBe(false);
  });

  it('formats and masks', () => {
    expect(onlyDigits('529.982.247-25')).toBe('52998224725');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
  });

  it('computes the two check digits from 9 base digits, left-padding shorter bases', () => {
    expect(cpfComDigitos('529982247')).toBe('52998224725');
    expect(cpfComDigitos('123456789')).toBe('12345678909');
    expect(cpfComDigitos(100000001)).toBe('10000000108');
    expect(cpfComDigitos(7)).toBe('00000000787');
    for (let n = 0; n < 2000; n += 37) expect(isValidCpf(cpfComDigitos(800_000_000 + n))).toBe(true);
  });
});
