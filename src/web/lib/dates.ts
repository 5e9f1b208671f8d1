/** Spec point 9, with Intl only. */

export const TIME_ZONE = 'America/Sao_Paulo';

export const MESES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Made on first use: loading the zone data is a long task on a phone, which a page formatting no date should not pay
// (docs/decisions/0073).
let dateTimeFormat: Intl.DateTimeFormat | undefined;
const formatoSaoPaulo = () => (dateTimeFormat ??= new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
}));

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

interface Parts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  second: string;
}

function partsInSaoPaulo(date: Date): Parts {
  const parts: Record<string, string> = {};
  for (const p of formatoSaoPaulo().formatToParts(date)) parts[p.type] = p.value;
  return {
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
    // Some engines print midnight as 24 even with h23; normalise.
    hour: parts.hour === '24' ? '00' : (parts.hour ?? ''),
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

/** A calendar date is never shifted by the time zone. */
export function formatDate(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const date = toDate(value);
  if (!date) return '';
  const p = partsInSaoPaulo(date);
  return `${p.day}/${p.month}/${p.year}`;
}

export function formatDateTime(value: DateInput | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const p = partsInSaoPaulo(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** For comparisons with the server's dates. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const p = partsInSaoPaulo(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Null when it is not a real date. */
export function parseDateBr(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year)) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

export function monthName(month: number): string {
  const name = MESES[month - 1];
  if (!name) throw new RangeError(`Mês inválido: ${month}`);
  return name;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(month: number, year: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Mês inválido: ${month}`);
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Spec point 5. */
export function validateDayOfMonth(day: number, month: number, year: number): string | null {
  const n = daysInMonth(month, year);
  return day > n ? `O mês de ${monthName(month)} possui ${n} dias.` : null;
}
