import { describe, expect, it } from 'vitest';
import { cnpjComDigitos, formatCnpj, isValidCnpj } from './cnpj';

describe('CNPJ', () => {
  it('accepts real check digits, with or without the mask', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(cnpjComDigitos('112223330001')).toBe('11222333000181');
  });

  it('refuses a wrong check digit, a short number and repeated digits', () => {
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });

  it('masks', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
  });
});
