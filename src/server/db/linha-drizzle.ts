import { getTableColumns, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * pg's parsers as drizzle's node-postgres driver sets them: dates, timestamps and intervals (and arrays of them and
 * of numerics) come as text, which the column's own mapping turns into what drizzle's types say.
 */
const COMO_TEXTO = new Set([
  pg.types.builtins.DATE, pg.types.builtins.TIMESTAMP, pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.INTERVAL,
  1231, 1115, 1185, 1187, 1182,
]);
export const TIPOS_COMO_DRIZZLE: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, formato?: 'text' | 'binary') =>
    COMO_TEXTO.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, formato)) as pg.CustomTypesConfig['getTypeParser'],
};

/** A whole table row in a hand-written (named) statement, read as `select().from(table)` reads it. */
export interface LinhaDrizzle<T extends PgTable> {
  /** `alias."coluna" AS "<prefix>campo", …` for every column of the table. */
  readonly lista: string;
  ler(linha: Record<string, unknown>): T['$inferSelect'];
}

/**
 * Built once per table and prefix: the select list and the mapping of each column (drizzle's `mapFromDriverValue`,
 * nulls as null), so a hot statement's text is kept once and its row costs one loop, not a query build.
 */
export function linhaDrizzle<T extends PgTable>(tabela: T, alias: string, prefixo = ''): LinhaDrizzle<T> {
  const colunas = Object.entries(getTableColumns(tabela)) as [string, Column][];
  const chaves = colunas.map(([campo]) => prefixo + campo);
  return {
    lista: colunas.map(([, c], i) => `${alias}."${c.name}" AS "${chaves[i]}"`).join(', '),
    ler(linha) {
      const r: Record<string, unknown> = {};
      for (let i = 0; i < colunas.length; i++) {
        const [campo, coluna] = colunas[i]!;
        const v = linha[chaves[i]!];
        r[campo] = v === null ? null : coluna.mapFromDriverValue(v);
      }
      return r as T['$inferSelect'];
    },
  };
}
