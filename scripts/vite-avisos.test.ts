import fs from 'node:fs/promises';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { filtrarAvisos } from './vite-avisos';

/**
 * Issue 33, point 6: `npm start` printed Rollup's INVALID_ANNOTATION warnings about zod's comments at every build.
 * A real build of a module that imports zod, as the web app does, with the build's warning filter.
 */
const raiz = path.resolve(import.meta.dirname, '..');
const pasta = path.join(raiz, '.test-data', `vite-avisos-${process.pid}`);
afterAll(async () => {
  await fs.rm(pasta, { recursive: true, force: true });
});

/** A warning as Rollup's default handler takes it: a log, its message, or a function that makes either. */
function lido(b: string | Rollup.RollupLog | (() => string | Rollup.RollupLog)): Rollup.RollupLog {
  const v = typeof b === 'function' ? b() : b;
  return typeof v === 'string' ? { message: v } : v;
}

/** The warnings a build of `codigo` hands to Rollup's default handler, through `onwarn`. */
async function avisosDoBuild(codigo: string, onwarn: Rollup.WarningHandlerWithDefault): Promise<Rollup.RollupLog[]> {
  await fs.mkdir(pasta, { recursive: true });
  const entrada = path.join(pasta, `entrada-${Math.random().toString(36).slice(2)}.js`);
  await fs.writeFile(entrada, codigo);
  const avisos: Rollup.RollupLog[] = [];
  await build({
    root: raiz, configFile: false, logLevel: 'silent',
    build: { write: false, minify: false, rollupOptions: { input: entrada, onwarn: (a) => onwarn(a, (b) => avisos.push(lido(b))) } },
  });
  return avisos;
}

describe('the web build\'s warnings', () => {
  it('leaves out zod\'s misplaced comments, which Rollup reports at every build', async () => {
    const codigo = "import { z } from 'zod';\nconsole.log(z.object({ a: z.string() }).parse({ a: 'x' }));\n";
    const todos = await avisosDoBuild(codigo, (a, padrao) => padrao(a));
    expect(todos.filter((a) => a.code === 'INVALID_ANNOTATION' && /zod/.test(a.id ?? '')).length).toBeGreaterThan(0);
    // What reaches Vite's handler (which itself drops CIRCULAR_DEPENDENCY, zod's other warning) has none of them.
    const filtrados = await avisosDoBuild(codigo, filtrarAvisos);
    expect(filtrados.filter((a) => a.code === 'INVALID_ANNOTATION')).toEqual([]);
  }, 60_000);

  it('prints every other warning, the app\'s own misplaced comments included', () => {
    const vistos: Rollup.RollupLog[] = [];
    const outro = { code: 'CIRCULAR_DEPENDENCY', message: 'ciclo' };
    const doApp = { code: 'INVALID_ANNOTATION', message: 'comentário', id: path.join(raiz, 'src/web/main.tsx') };
    filtrarAvisos(outro, (a) => vistos.push(a as Rollup.RollupLog));
    filtrarAvisos(doApp, (a) => vistos.push(a as Rollup.RollupLog));
    expect(vistos).toEqual([outro, doApp]);
  });
});
