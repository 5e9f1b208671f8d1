import { describe, expect, it } from 'vitest';
import { formatarData, formatarDataHora, idadeEm, maiorDeIdade, naoFutura, partesSaoPaulo } from './datas';

describe('dates in São Paulo time', () => {
  it('reads the date, the time and the weekday in America/Sao_Paulo', () => {
    // 02:30 UTC on a Saturday is still Friday 23:30 in São Paulo (UTC-3).
    expect(partesSaoPaulo(new Date('2026-11-21T02:30:00Z'))).toEqual({ data: '2026-11-20', hora: '23:30', diaSemana: 5 });
  });

  it('formats dates and timestamps as pt-BR', () => {
    expect(formatarData('2026-02-03')).toBe('03/02/2026');
    expect(formatarDataHora(new Date('2026-02-03T15:04:05Z'))).toBe('03/02/2026 12:04:05');
  });

  it('keeps dates of birth, issue and admission in the past and a fisher of age (decision 0018)', () => {
    expect(naoFutura('2026-11-25', '2026-11-25')).toBe(true);
    expect(naoFutura('2026-11-26', '2026-11-25')).toBe(false);
    expect(idadeEm('2008-11-25', '2026-11-25')).toBe(18);
    expect(idadeEm('2008-11-26', '2026-11-25')).toBe(17);
    expect(maiorDeIdade('2008-11-25', '2026-11-25')).toBe(true);
    expect(maiorDeIdade('2008-11-26', '2026-11-25')).toBe(false);
    expect(maiorDeIdade('2023-01-01', '2026-11-25')).toBe(false);
  });
});
