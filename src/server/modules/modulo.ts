import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { z } from 'zod';
import type { IdentityProvider } from '../adapters/identity/identity-provider';
import type { FileStorage } from '../adapters/storage/storage';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { DefinicaoJob, FilaDeJobs } from '../jobs/job';

/** The platform only, no other module. */
export interface Contexto {
  app: FastifyInstance;
  config: Config;
  db: Database;
  dbLeitura: Database;
  /** Where readiness asks the database: a pool of its own in production (main.ts), the request pool otherwise. */
  prontidao: pg.Pool;
  fila: FilaDeJobs;
  jwtSecret: Uint8Array;
  /** Each kind of printed QR code derives its own key (decision 0044). */
  chaveImpressos: Uint8Array;
  agora: () => Date;
  substitutos: { identityProvider?: IdentityProvider; storage?: FileStorage; now?: () => Date };
}

/** A server module as data (decision 0084); `R` is offered by modules listed before it in app.ts. */
export interface Modulo<R extends object = object, O extends object = object> {
  nome: string;
  servicos?(ctx: Contexto, requer: R): O | Promise<O>;
  antesDasRotas?(app: FastifyInstance, s: R & O): Promise<void>;
  rotas?(app: FastifyInstance, s: R & O, ctx: Contexto): Promise<void>;
  jobs?: readonly DefinicaoJob<z.ZodType, R & O>[];
}

export function definirModulo<R extends object = object, O extends object = object>(m: Modulo<R, O>): Modulo<R, O> {
  return m;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any module, whatever it needs and offers
export type QualquerModulo = Modulo<any, any>;
type Oferta<M> = M extends Modulo<object, infer O> ? O : never;
type Requisito<M> = M extends Modulo<infer R, object> ? R : never;

/** Checked by the compiler on the list of app.ts. */
type ForaDeOrdem<Ms extends readonly unknown[], Antes = object> =
  Ms extends readonly [infer M, ...infer Resto]
    ? Antes extends Requisito<M>
      ? ForaDeOrdem<Resto, Antes & Oferta<M>>
      : `${M extends { nome: infer N extends string } ? N : 'um módulo'} precisa, antes dele, de: ${Exclude<keyof Requisito<M>, keyof Antes> & string}`
    : never;

type UniaoParaIntersecao<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

export type ServicosDe<Ms extends readonly QualquerModulo[]> = UniaoParaIntersecao<Oferta<Ms[number]>>;

/** A module listed before one whose services it needs fails to compile, naming what it misses. */
export function listarModulos<const Ms extends readonly QualquerModulo[]>(
  modulos: Ms, ..._ordem: [ForaDeOrdem<Ms>] extends [never] ? [] : [ForaDeOrdem<Ms>]
): Ms {
  return modulos;
}

export async function montarModulos(ctx: Contexto, modulos: readonly QualquerModulo[]): Promise<Record<string, unknown>> {
  const servicos: Record<string, unknown> = {};
  for (const m of modulos) Object.assign(servicos, await m.servicos?.(ctx, servicos));
  for (const m of modulos) await m.antesDasRotas?.(ctx.app, servicos);
  ctx.app.decorate('servicos', servicos as FastifyInstance['servicos']);
  for (const m of modulos) await m.rotas?.(ctx.app, servicos, ctx);
  return servicos;
}

export function jobsDosModulos<const Ms extends readonly QualquerModulo[]>(modulos: Ms): DefinicaoJob<z.ZodType, ServicosDe<Ms>>[] {
  return modulos.flatMap((m) => m.jobs ?? []);
}
