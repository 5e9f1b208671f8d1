/**
 * Readers of answers without zod (decision 0130): the fisher's /home reads its answers before any form is opened,
 * and zod is the largest part of its first load. A reader takes what the schema takes and gives what its parse
 * gives (a new object with only the schema's keys); `leituras-pescador.test.ts` holds each one to its schema.
 */

export const FALHA: unique symbol = Symbol('falha');
export type Leitor<T> = (valor: unknown) => T | typeof FALHA;

export const inteiro: Leitor<number> = (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : FALHA);
export const texto: Leitor<string> = (v) => (typeof v === 'string' ? v : FALHA);
export const booleano: Leitor<boolean> = (v) => (typeof v === 'boolean' ? v : FALHA);

export function anulavel<T>(ler: Leitor<T>): Leitor<T | null> {
  return (v) => (v === null ? null : ler(v));
}

export function umDe<const T extends readonly string[]>(valores: T): Leitor<T[number]> {
  return (v) => (typeof v === 'string' && valores.includes(v) ? v : FALHA);
}

// As `z.iso.date()`: a real calendar day, YYYY-MM-DD.
const DATA_ISO = /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/;
export const dataIso: Leitor<string> = (v) => (typeof v === 'string' && DATA_ISO.test(v) ? v : FALHA);

export function lista<T>(ler: Leitor<T>): Leitor<T[]> {
  return (v) => {
    if (!Array.isArray(v)) return FALHA;
    const lidos: T[] = [];
    for (const item of v) {
      const lido = ler(item);
      if (lido === FALHA) return FALHA;
      lidos.push(lido);
    }
    return lidos;
  };
}

/** A plain object with these keys; others are left out, as zod's default object does. */
export function objeto<T extends object>(campos: { [K in keyof T]-?: Leitor<T[K]> }): Leitor<T> {
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return FALHA;
    const entrada = v as Record<string, unknown>;
    const saida: Record<string, unknown> = {};
    for (const [chave, ler] of Object.entries(campos) as [string, Leitor<unknown>][]) {
      const lido = ler(entrada[chave]);
      if (lido === FALHA) return FALHA;
      saida[chave] = lido;
    }
    return saida as T;
  };
}

/** The value read, or null for what the reader refuses. */
export function lerCom<T>(ler: Leitor<T>, valor: unknown): T | null {
  const lido = ler(valor);
  return lido === FALHA ? null : lido;
}
