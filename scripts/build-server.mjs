// The server as one JavaScript file (dist/server/main.mjs): what `npm start` runs in production, so that no
// TypeScript is transpiled at load (docs/decisions/0015-node-24-and-a-server-bundle.md). Packages stay in
// node_modules (imported at run time), except those scripts/servidor-esbuild.mjs bundles.
import { construirServidor } from './servidor-esbuild.mjs';

await construirServidor('dist/server/main.mjs', { sourcemap: true });
