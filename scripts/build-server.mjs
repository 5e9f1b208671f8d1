// The server as one JavaScript file (dist/server/main.mjs): what `npm start` runs in production, so that no
// TypeScript is transpiled at load (docs/decisions/0015-node-24-and-a-server-bundle.md). Packages stay in
// node_modules (imported at run time); only the project's own code is bundled.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
