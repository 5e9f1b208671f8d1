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

// The last minute's answer: São Paulo's offset has been whole hours since 1914 (local mean time before), so every
// instant since 1970 of one UTC minute has the same date, time and weekday there, and Intl's formatToParts (a few µs, on every
// request's window check) runs once a minute (decision 0200).
let ultimoMinuto = Number.NaN;
let ultimasPartes: PartesSaoPaulo | undefined;

export function partesSaoPaulo(instant: Date): PartesSaoPaulo {
  const minuto = Math.floor(instant.getTime() / 60_000);
  if (minuto === ultimoMinuto && ultimasPartes) return { ...ultimasPartes };
  const p = Object.fromEntries(partsFormat.formatToParts(instant).map((x) => [x.type, x.value]));
  const partes = {
    data: `${p.year}-${p.month}-${p.day}`,
    hora: `${p.hour}:${p.minute}`,
    diaSemana: weekdays.indexOf(p.weekday ?? ''),
  };
  if (minuto >= 0) {
    ultimoMinuto = minuto;
    ultimasPartes = partes;
  }
  return { ...partes };
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

/** Today's date 'YYYY-MM-DD' in São Paulo. */
export function hojeSaoPaulo(agora: Date = new Date()): string {
  return partesSaoPaulo(agora).data;
}

/** A professional fisher is of age (decision 0018). */
export const IDADE_MINIMA_PESCADOR = 18;

/** Messages of the date rules (decision 0018). */
export const MENSAGENS_DATAS = {
  dataFutura: 'A data não pode ser futura',
  idadeMinima: `O pescador profissional deve ter pelo menos ${IDADE_MINIMA_PESCADOR} anos`,
} as const;

export function naoFutura(iso: string, hoje: string = hojeSaoPaulo()): boolean {
  return iso <= hoje;
}

/** The birthday counts from its own day. */
export function idadeEm(nascimento: string, hoje: string = hojeSaoPaulo()): number {
  const anos = Number(hoje.slice(0, 4)) - Number(nascimento.slice(0, 4));
  return hoje.slice(5, 10) >= nascimento.slice(5, 10) ? anos : anos - 1;
}

/** Born at least `IDADE_MINIMA_PESCADOR` years before `hoje`. */
export function maiorDeIdade(nascimento: string, hoje: string = hojeSaoPaulo()): boolean {
  return idadeEm(nascimento, hoje) >= IDADE_MINIMA_PESCADOR;
}
