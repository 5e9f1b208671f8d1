// How the server is bundled (decision 0015): the project's own code, and drizzle-orm, in one file; every other
// package stays in node_modules and is imported at run time (native addons, packages that read their own files).
//
// drizzle-orm is bundled because loading it from node_modules through Node's ES module loader leaves about
// 230 MB of resident memory behind (160 MB of transient heap that V8 keeps), against about 10 MB bundled:
// `npm run bench:carga` prints the server's RSS.
import { build } from 'esbuild';

const EMPACOTADOS = /^drizzle-orm(\/|$)/;

/** Bare imports stay external except those matched above. */
const externos = {
  name: 'externos',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (EMPACOTADOS.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

export function construirServidor(outfile, opcoes = {}) {
  return build({
    entryPoints: ['src/server/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    plugins: [externos],
    logLevel: 'warning',
    ...opcoes,
  });
}

/**
 * The worker threads the server starts (lib/thread-limitada.ts), each a file of its own beside the server's
 * bundle, found there by the name `moduloDaThread` is given.
 */
export const THREADS = [
  { nome: 'relatorio-thread', fonte: 'src/server/modules/relatorio/relatorio.thread.ts' },
  { nome: 'notificacao-envio-thread', fonte: 'src/server/modules/notificacao/notificacao-envio.thread.ts' },
];

/** The server's bundle in `pasta` (main.mjs) and, beside it, the bundle of each of its worker threads. */
export function construirServidorComThreads(pasta, opcoes = {}) {
  return Promise.all([
    construirServidor(`${pasta}/main.mjs`, opcoes),
    ...THREADS.map((t) => construirServidor(`${pasta}/${t.nome}.mjs`, { entryPoints: [t.fonte], ...opcoes })),
  ]);
}
