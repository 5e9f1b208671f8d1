/** Date rules shared by both sides: everything a user reads is in America/Sao_Paulo, pt-BR. */
export const TIMEZONE = 'America/Sao_Paulo';

export interface PartesSaoPaulo {
  /** YYYY-MM-DD */
  data: string;
  /** HH:MM */
  hora: string;
  /** 0 Sunday … 6 Saturday */
  diaSemana: number;
}

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function partesSaoPaulo(instant: Date): PartesSaoPaulo {
  const p = Object.fromEntries(partsFormat.formatToParts(instant).map((x) => [x.type, x.value]));
  return {
    data: `${p.year}-${p.month}-${p.day}`,
    hora: `${p.hour}:${p.minute}`,
    diaSemana: weekdays.indexOf(p.weekday ?? ''),
  };
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy' */
export function formatarData(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

const timestampFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIMEZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as dd/MM/yyyy HH:mm:ss in São Paulo time. */
export function formatarDataHora(instant: Date | string): string {
  return timestampFormat.format(typeof instant === 'string' ? new Date(instant) : instant).replace(',', '');
}
