import { describe, expect, it } from 'vitest';
import { MENSAGENS_INADIMPLENCIA_REAP } from './reap-inadimplencia';

describe('the REAP suspension notice (issue 33)', () => {
  it('says first, in plain words and normal case, what happened and what to do; the act comes last', () => {
    const ato = 'Portaria MPA nº 77, de 5 de março de 2026';
    const texto = MENSAGENS_INADIMPLENCIA_REAP.suspensao(2024, ato);
    expect(texto.startsWith('Seu registro de pescador (RGP) foi suspenso porque a REAP de 2024 não foi enviada.')).toBe(true);
    expect(texto).not.toMatch(/\bSUSPENSO\b/);
    expect(texto.indexOf('Para reativá-lo, envie a REAP de 2024')).toBeGreaterThan(0);
    expect(texto.endsWith(`A suspensão segue o ato normativo ${ato}.`)).toBe(true);
  });
});
