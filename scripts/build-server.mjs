// The server as one JavaScript file (dist/server/main.mjs): what `npm start` runs in production, so that no
// TypeScript is transpiled at load (docs/decisions/0015-node-24-and-a-server-bundle.md). Packages stay in
// node_modules (imported at run time), except those scripts/servidor-esbuild.mjs bundles.
//
// Beside it, dist/server/migrate.mjs: the deployment's migrate step (migrations and reference data, then exit),
// which the container image runs without a TypeScript runner (docs/decisions/0047-container-image-and-kubernetes.md).
// And the worker threads' bundles (dist/server/relatorio-thread.mjs: a large report's file, decision 0050; notificacao-envio-thread.mjs: the
// outbox's drain, decision 0245).
import { construirServidor, construirServidorComThreads } from './servidor-esbuild.mjs';

await Promise.all([
  construirServidorComThreads('dist/server', { sourcemap: true }),
  construirServidor('dist/server/migrate.mjs', { entryPoints: ['src/server/migrate-main.ts'], sourcemap: true }),
  // The reference data loads of decision 0113 (the Receita's irregular CPFs, IBGE's adult population).
  construirServidor('dist/server/carga-referencia.mjs', { entryPoints: ['src/server/carga-referencia-main.ts'], sourcemap: true }),
]);
