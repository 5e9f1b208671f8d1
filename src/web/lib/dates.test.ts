import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  formatDate,
  formatDateTime,
  isLeapYear,
  monthName,
  parseDateBr,
  todayInSaoPaulo,
  validateDayOfMonth,
} from './dates';

describe('day-of-month rule (spec point 5)', () => {
  it('knows leap years, including the century rules', () => {
    expect([2024, 2000, 1996].map(isLeapYear)).toEqual([true, true, true]);
    expect([2023, 2025, 1900, 2100].map(isLeapYear)).toEqual([false, false, false, false]);
  });

  it('counts the days of every month', () => {
    expect(Array.from({ length: 12 }, (_, i) => daysInMonth(i + 1, 2025))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2, 2024)).toBe(29);
    expect(daysInMonth(2, 1900)).toBe(28);
    expect(daysInMonth(2, 2000)).toBe(29);
  });

  it("gives the specification's message when the day exceeds the month", () => {
    expect(validateDayOfMonth(30, 2, 2024)).toBe('O mês de fevereiro possui 29 dias.');
    expect(validateDayOfMonth(29, 2, 2023)).toBe('O mês de fevereiro possui 28 dias.');
    expect(validateDayOfMonth(31, 4, 2025)).toBe('O mês de abril possui 30 dias.');
    expect(validateDayOfMonth(32, 3, 2025)).toBe('O mês de março possui 31 dias.');
  });

  it('accepts days within the month, 29 February of a leap year included', () => {
    expect(validateDayOfMonth(29, 2, 2024)).toBeNull();
    expect(validateDayOfMonth(31, 12, 2025)).toBeNull();
    expect(validateDayOfMonth(0, 6, 2025)).toBeNull();
  });

  it('names the months in Portuguese and rejects invalid months', () => {
    expect(monthName(1)).toBe('janeiro');
    expect(monthName(3)).toBe('março');
    expect(monthName(12)).toBe('dezembro');
    expect(() => monthName(13)).toThrow(RangeError);
    expect(() => daysInMonth(0, 2025)).toThrow(RangeError);
  });
});

describe('pt-BR dates in São Paulo time', () => {
  it('formats timestamps as dd/MM/yyyy HH:mm:ss in America/Sao_Paulo', () => {
    expect(formatDateTime('2024-01-15T15:30:05Z')).toBe('15/01/2024 12:30:05');
    expect(formatDateTime(new Date('2024-03-01T02:00:00Z'))).toBe('29/02/2024 23:00:00');
    expect(formatDateTime('2024-07-10T03:00:00Z')).toBe('10/07/2024 00:00:00');
  });

  it('formats instants by their São Paulo calendar date', () => {
    expect(formatDate('2024-03-01T02:00:00Z')).toBe('29/02/2024');
  });

  it('never shifts a calendar date without time', () => {
    expect(formatDate('2024-02-29')).toBe('29/02/2024');
    expect(formatDate('2025-01-01')).toBe('01/01/2025');
  });

  it('gives an empty text for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('não é data')).toBe('');
  });

  it("gives today's date in São Paulo", () => {
    expect(todayInSaoPaulo(new Date('2025-01-01T02:59:59Z'))).toBe('2024-12-31');
    expect(todayInSaoPaulo(new Date('2025-01-01T03:00:00Z'))).toBe('2025-01-01');
  });

  it('parses typed dd/MM/yyyy dates, rejecting impossible ones', () => {
    expect(parseDateBr('29/02/2024')).toBe('2024-02-29');
    expect(parseDateBr('29/02/2023')).toBeNull();
    expect(parseDateBr('31/04/2025')).toBeNull();
    expect(parseDateBr('2025-01-01')).toBeNull();
  });
});
