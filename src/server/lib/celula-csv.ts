/** A text a spreadsheet would run as a formula is prefixed with an apostrophe. */
export function celulaCsv(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const t = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[;"\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

const PARECE_NUMERO = /^(?=.*\d)[\d\s.,/:+\-%eE]+$/;

/** Written as ="0012345": only digits and punctuation, so it runs nothing (decision 0043). */
export function celulaCodigoCsv(v: string | null): string {
  if (v === null || !PARECE_NUMERO.test(v)) return celulaCsv(v);
  return `"=""${v}"""`;
}
