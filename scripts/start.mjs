// npm start: builds what is missing or older than its sources (the web app with Vite, the server bundle with
// esbuild), then runs the server bundle in this process. Nothing else is needed on a bare machine.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const raiz = path.resolve(import.meta.dirname, '..');
const em = (...p) => path.join(raiz, ...p);

/** The newest modification time of the files below these folders (or of these files). */
function maisRecente(...caminhos) {
  let max = 0;
  const visitar = (p) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const f of fs.readdirSync(p)) visitar(path.join(p, f));
    else max = Math.max(max, st.mtimeMs);
  };
  for (const c of caminhos) visitar(c);
  return max;
}

function desatualizado(artefato, ...fontes) {
  const st = fs.statSync(artefato, { throwIfNoEntry: false });
  return !st || maisRecente(...fontes) > st.mtimeMs;
}

if (desatualizado(em('dist/web/index.html'), em('src/web'), em('src/shared'), em('vite.config.ts'), em('scripts/vite-comprimir.ts'), em('scripts/vite-subconjunto-fontes.ts'), em('package-lock.json'))) {
  const { build } = await import('vite');
  // Vite sets NODE_ENV=production for its build; the server must read the operator's own.
  const nodeEnv = process.env.NODE_ENV;
  await build({ root: em('src/web'), configFile: em('vite.config.ts'), logLevel: 'warn' });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}
if (desatualizado(em('dist/server/main.mjs'), em('src/server'), em('src/shared'), em('package-lock.json'), em('scripts/servidor-esbuild.mjs'))) {
  await import('./build-server.mjs');
}
await import(pathToFileURL(em('dist/server/main.mjs')).href);
