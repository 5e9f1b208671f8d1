/** CPF rules shared by both sides: digits only, check digits, mask 000.000.000-00. */

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/**
 * The CPF with its two check digits computed from 9 base digits (left-padded with zeros). The one generator for
 * tests, seeds and benchmarks: `cpfComDigitos('123456789')` → '12345678909'.
 */
export function cpfComDigitos(base9: string | number): string {
  const base = String(base9).padStart(9, '0').slice(-9);
  const d1 = checkDigit(base, 9);
  return `${base}${d1}${checkDigit(`${base}${d1}`, 10)}`;
}

/** True for an 11-digit CPF (mask allowed) with valid check digits, refusing repeated digits. */
export function isValidCpf(value: string): boolean {
  const cpf = onlyDigits(value);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  return checkDigit(cpf, 9) === Number(cpf[9]) && checkDigit(cpf, 10) === Number(cpf[10]);
}

/** 12345678909 → 123.456.789-09 */
export function formatCpf(value: string): string {
  const d = onlyDigits(value).padStart(11, '0').slice(-11);
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** Masks a CPF for people who may not read it whole: ***.456.789-** */
export function maskCpf(value: string): string {
  const d = onlyDigits(value).padStart(11, '0').slice(-11);
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}
