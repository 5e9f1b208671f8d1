import { describe, expect, it } from 'vitest';
import { exibirRgp, formatarRgp, guardarRgp, isRgpValido, montarRgp } from './rgp';

describe('RGP number (spec point 5)', () => {
  it('accepts a state, PA or PI and exactly 11 characters, with or without hyphens', () => {
    expect(isRgpValido('SPPA00000000123')).toBe(true);
    expect(isRgpValido('sp-pi-00000000123')).toBe(true);
    expect(isRgpValido('PA-PA-ABC12345678')).toBe(true);
  });

  it('refuses an unknown state, another kind, or the wrong length', () => {
    expect(isRgpValido('XXPA00000000123')).toBe(false);
    expect(isRgpValido('SPPX00000000123')).toBe(false);
    expect(isRgpValido('SPPA0000000012')).toBe(false);
    expect(isRgpValido('SPPA000000001234')).toBe(false);
    expect(() => formatarRgp('SPPA1')).toThrow('RGP inválido');
  });

  it('displays hyphen-separated in upper case', () => {
    expect(formatarRgp('sppa00000000123')).toBe('SP-PA-00000000123');
  });

  it('builds a number from the state, the category and the sequence', () => {
    expect(montarRgp('pa', 2, 7)).toBe('PAPA00000000007');
    expect(montarRgp('SC', 1, 12345678901n)).toBe('SCPI12345678901');
    expect(() => montarRgp('SC', 1, 123456789012n)).toThrow();
  });

  it('shows every number one way: valid ones hyphenated, others in upper case, none as nothing', () => {
    expect(exibirRgp('PAPA00000000001')).toBe('PA-PA-00000000001');
    expect(exibirRgp(' pa-pa-00000000001 ')).toBe('PA-PA-00000000001');
    expect(exibirRgp('seap-123')).toBe('SEAP-123');
    expect(exibirRgp(null)).toBe('');
    expect(guardarRgp('pa-pa-00000000001')).toBe('PAPA00000000001');
    expect(guardarRgp(' seap-123 ')).toBe('SEAP-123');
  });
});
