import type { BuildOptions, BuildResult } from 'esbuild';

/** Bundles src/server/main.ts into `outfile` as `npm start` runs it (see servidor-esbuild.mjs). */
export function construirServidor(outfile: string, opcoes?: BuildOptions): Promise<BuildResult>;

/** The worker threads the server starts, each bundled beside main.mjs under its `nome`. */
export const THREADS: ReadonlyArray<{ nome: string; fonte: string }>;

/** The server's bundle in `pasta` (main.mjs) and, beside it, each worker thread's bundle. */
export function construirServidorComThreads(pasta: string, opcoes?: BuildOptions): Promise<BuildResult[]>;
