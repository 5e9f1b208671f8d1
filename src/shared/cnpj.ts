import { onlyDigits } from './cpf';

/** CNPJ rules shared by both sides: 14 digits, two check digits (weights 5…2, 9…2), mask 00.000.000/0000-00. */

function digitoVerificador(base: string): number {
  let soma = 0;
  let peso = base.length - 7;
  for (const d of base) {
    soma += Number(d) * peso;
    peso = peso === 2 ? 9 : peso - 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** The CNPJ with its check digits computed from 12 base digits: for tests and seeds. */
export function cnpjComDigitos(base12: string): string {
  const base = base12.padStart(12, '0').slice(-12);
  const d1 = digitoVerificador(base);
  return `${base}${d1}${digitoVerificador(`${base}${d1}`)}`;
}

/** True for 14 digits (mask allowed) with valid check digits, refusing repeated digits. */
export function isValidCnpj(value: string): boolean {
  const cnpj = onlyDigits(value);
  if (cnpj.length !== 14 || /^(\d)\1{13}$/.test(cnpj)) return false;
  return cnpjComDigitos(cnpj.slice(0, 12)) === cnpj;
}

/** 11222333000181 → 11.222.333/0001-81 */
export function formatCnpj(value: string): string {
  const d = onlyDigits(value).padStart(14, '0').slice(-14);
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}
