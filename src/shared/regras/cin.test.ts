import { describe, expect, it } from 'vitest';
import { cinExigida, cinSeAplica, isCin, MENSAGENS_CIN } from './cin';

describe('the CIN rule', () => {
  it('is required from its date on, and never when unset', () => {
    expect(cinExigida(null, '2099-01-01')).toBe(false);
    expect(cinExigida('2027-01-04', '2027-01-03')).toBe(false);
    expect(cinExigida('2027-01-04', '2027-01-04')).toBe(true);
    expect(cinExigida('2027-01-04', '2027-06-30')).toBe(true);
  });

  it('recognises the CIN by its number, the CPF, masked or not', () => {
    expect(isCin({ numero: '529.982.247-25' }, '52998224725')).toBe(true);
    expect(isCin({ numero: '52998224725' }, '52998224725')).toBe(true);
    expect(isCin({ numero: '1234567' }, '52998224725')).toBe(false);
    expect(isCin({ numero: '529.982.247-25' }, '11144477735')).toBe(false);
    expect(isCin(null, '52998224725')).toBe(false);
    expect(isCin({}, '')).toBe(false);
  });

  it('reaches Brazilians and fishers of unknown nationality, not foreigners', () => {
    expect(cinSeAplica('BRASILEIRA')).toBe(true);
    expect(cinSeAplica(true)).toBe(true);
    expect(cinSeAplica(null)).toBe(true);
    expect(cinSeAplica('ESTRANGEIRA')).toBe(false);
    expect(cinSeAplica(false)).toBe(false);
  });

  it('names the date as dd/mm/aaaa and what to do', () => {
    expect(MENSAGENS_CIN.registroInicial('2027-01-04')).toMatch(/^A partir de 04\/01\/2027, o registro inicial exige a Carteira de Identidade Nacional \(CIN\)\. /);
    expect(MENSAGENS_CIN.reap('2027-01-04')).toMatch(/^A partir de 04\/01\/2027, o envio da REAP exige a Carteira de Identidade Nacional \(CIN\)\. Peça a edição do registro/);
  });
});
