import type { BuildOptions, BuildResult } from 'esbuild';

/** Bundles src/server/main.ts into `outfile` as `npm start` runs it (see servidor-esbuild.mjs). */
export function construirServidor(outfile: string, opcoes?: BuildOptions): Promise<BuildResult>;
