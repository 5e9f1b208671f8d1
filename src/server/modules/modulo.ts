import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { IdentityProvider } from '../adapters/identity/identity-provider';
import type { FileStorage } from '../adapters/storage/storage';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { DefinicaoJob, FilaDeJobs } from '../jobs/job';

/** What every module builds from: the platform (configuration, databases, queue, secrets, clock), no other module. */
export interface Contexto {
  /** For the module's hooks (`onClose`) and its log; its routes go in `rotas`. */
  app: FastifyInstance;
  config: Config;
  db: Database;
  /** The standby for the heavy reads that tolerate a little lag; `db` when there is none. */
  dbLeitura: Database;
  /** The job queue services enqueue on, inside their transactions. */
  fila: FilaDeJobs;
  jwtSecret: Uint8Array;
  /** The key of every printed QR code (card, protocol receipt, REAP 2ª via), each kind deriving its own (decision 0044). */
  chaveImpressos: Uint8Array;
  agora: () => Date;
  /** What a test handed `buildApp` in place of the real thing. */
  substitutos: { identityProvider?: IdentityProvider; storage?: FileStorage; now?: () => Date };
}

/**
 * A module of the server as data (decision 0084): the services it builds from the ones it needs (`R`, offered by
 * modules listed before it in app.ts) and what it offers the modules after it (`O`), its plugins that every route
 * relies on, its routes and its jobs. Example: src/server/modules/carteira/index.ts.
 */
export interface Modulo<R extends object = object, O extends object = object> {
  nome: string;
  /** Builds the module's services; what it answers joins the services of the app (`app.servicos`). */
  servicos?(ctx: Contexto, requer: R): O | Promise<O>;
  /** Plugins registered before any module's routes (the sign-in, the idempotency keys). */
  antesDasRotas?(app: FastifyInstance, s: R & O): Promise<void>;
  /** Registers the module's route plugins. */
  rotas?(app: FastifyInstance, s: R & O, ctx: Contexto): Promise<void>;
  /** Its background jobs; a worker hands each the services of the app. */
  jobs?: readonly DefinicaoJob<z.ZodType, R & O>[];
}

/** Declares a module, inferring what it needs from `servicos`' annotated second parameter and what it offers. */
export function definirModulo<R extends object = object, O extends object = object>(m: Modulo<R, O>): Modulo<R, O> {
  return m;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any module, whatever it needs and offers
export type QualquerModulo = Modulo<any, any>;
type Oferta<M> = M extends Modulo<object, infer O> ? O : never;
type Requisito<M> = M extends Modulo<infer R, object> ? R : never;

/**
 * The first module of the list that needs a service no module before it offers, as a message; never when each
 * finds what it needs. Checked by the compiler on the list of app.ts.
 */
type ForaDeOrdem<Ms extends readonly unknown[], Antes = object> =
  Ms extends readonly [infer M, ...infer Resto]
    ? Antes extends Requisito<M>
      ? ForaDeOrdem<Resto, Antes & Oferta<M>>
      : `${M extends { nome: infer N extends string } ? N : 'um módulo'} precisa, antes dele, de: ${Exclude<keyof Requisito<M>, keyof Antes> & string}`
    : never;

type UniaoParaIntersecao<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Every service the modules of a list offer, by name. */
export type ServicosDe<Ms extends readonly QualquerModulo[]> = UniaoParaIntersecao<Oferta<Ms[number]>>;

/**
 * The modules of the app in the order they are built. A module listed before one whose services it needs fails to
 * compile, with a second argument naming what it misses.
 */
export function listarModulos<const Ms extends readonly QualquerModulo[]>(
  modulos: Ms, ..._ordem: [ForaDeOrdem<Ms>] extends [never] ? [] : [ForaDeOrdem<Ms>]
): Ms {
  return modulos;
}

/**
 * Builds every module's services in the list's order, then their plugins, then their routes; answers the services
 * of the app. A module whose needs were not built before it stops the start (the compiler already refused it).
 */
export async function montarModulos(ctx: Contexto, modulos: readonly QualquerModulo[]): Promise<Record<string, unknown>> {
  const servicos: Record<string, unknown> = {};
  for (const m of modulos) Object.assign(servicos, await m.servicos?.(ctx, servicos));
  for (const m of modulos) await m.antesDasRotas?.(ctx.app, servicos);
  ctx.app.decorate('servicos', servicos as FastifyInstance['servicos']);
  for (const m of modulos) await m.rotas?.(ctx.app, servicos, ctx);
  return servicos;
}

/** The jobs of every module of the list. */
export function jobsDosModulos<const Ms extends readonly QualquerModulo[]>(modulos: Ms): DefinicaoJob<z.ZodType, ServicosDe<Ms>>[] {
  return modulos.flatMap((m) => m.jobs ?? []);
}
