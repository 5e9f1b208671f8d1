import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { portaLivre } from './test/porta-livre';

/**
 * The runtime the project carries (decision 0015): the tests run on Node 24 from node_modules/.bin, and the
 * production start, the esbuild bundle of src/server/main.ts, boots and answers /api/health.
 */

const raiz = path.resolve(import.meta.dirname, '../..');
const pastas: string[] = [];
afterAll(async () => {
  for (const p of pastas) await fs.rm(p, { recursive: true, force: true });
});


describe('the runtime', () => {
  it('is Node 24 LTS or later', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });

  it('lets npm install on the README\'s oldest Node without an EBADENGINE warning for the project itself (issue 33)', async () => {
    // npm on the machine's Node only installs; every script runs on the Node the `node` package carries. So the
    // project's engines admit the README's oldest Node (a page of EBADENGINE on Node 20 said otherwise), and the
    // carried runtime.
    const pacote = JSON.parse(await fs.readFile(path.join(raiz, 'package.json'), 'utf8')) as {
      engines: { node: string }; dependencies: Record<string, string>;
    };
    const lock = JSON.parse(await fs.readFile(path.join(raiz, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string } }> };
    const readme = await fs.readFile(path.join(raiz, 'README.md'), 'utf8');
    const minimoReadme = Number(/Node (\d+) or later/.exec(readme)?.[1]);
    const minimoEngines = Number(/^>=(\d+)$/.exec(pacote.engines.node)?.[1]);
    expect(minimoReadme).toBe(20);
    expect(minimoEngines).toBeLessThanOrEqual(minimoReadme);
    expect(lock.packages['']?.engines?.node).toBe(pacote.engines.node);
    expect(Number(pacote.dependencies.node!.split('.')[0])).toBeGreaterThanOrEqual(minimoEngines);
  });

  it('boots the compiled server bundle and answers /api/health', async () => {
    // Inside the checkout, as dist/ is: the bundle finds node_modules and db/migrations above it.
    await fs.mkdir(path.join(raiz, '.test-data'), { recursive: true });
    const dir = await fs.mkdtemp(path.join(raiz, '.test-data', 'bundle-'));
    pastas.push(dir);
    const saida = path.join(dir, 'server', 'main.mjs');
    // The same options as scripts/build-server.mjs, into a folder of the test's own.
    await build({
      entryPoints: [path.join(raiz, 'src/server/main.ts')], outfile: saida, bundle: true, platform: 'node', format: 'esm',
      target: 'node24', packages: 'external', logLevel: 'warning', absWorkingDir: raiz,
    });
    const [porta, portaPg] = [await portaLivre(), await portaLivre()];
    const filho = spawn(process.execPath, [saida], {
      cwd: raiz,
      env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'development', DATA_DIR: dir, PORT: String(porta), EMBEDDED_PG_PORT: String(portaPg) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let erro = '';
    filho.stderr!.on('data', (c: Buffer) => { erro += c.toString(); });
    try {
      let status = 0;
      for (let i = 0; i < 600 && status !== 200 && filho.exitCode === null; i++) {
        await new Promise((r) => setTimeout(r, 250));
        status = await fetch(`http://127.0.0.1:${porta}/api/health`).then((r) => r.status, () => 0);
      }
      expect(status, erro).toBe(200);
    } finally {
      filho.kill('SIGTERM');
      await new Promise((r) => (filho.exitCode !== null ? r(null) : filho.once('exit', r)));
    }
  }, 180_000);
});
