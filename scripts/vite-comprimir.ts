import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; woff2, images and the rest are compressed formats already. */
const COMPRIMIVEL = /\.(js|mjs|css|html|svg|json|txt|ico|xml|webmanifest)$/;

/**
 * Decision 0017: the build writes `arquivo.br` (brotli, best quality) and `arquivo.gz` (gzip, level 9) beside
 * every text file of the web app, once, so the server only picks one by the request's Accept-Encoding
 * (@fastify/static `preCompressed`) and spends no CPU per request. A copy that would not be smaller is not
 * written: the server then sends the file as it is.
 */
export function comprimir(): Plugin {
  let outDir = '';
  return {
    name: 'rgp-comprimir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const arquivos = fs.readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile() && COMPRIMIVEL.test(d.name))
        .map((d) => path.join(d.parentPath, d.name));
      await Promise.all(arquivos.map(async (arquivo) => {
        const bruto = fs.readFileSync(arquivo);
        const [br, gz] = await Promise.all([
          brotli(bruto, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bruto.length,
            },
          }),
          gzip(bruto, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < bruto.length) fs.writeFileSync(`${arquivo}.br`, br);
        if (gz.length < bruto.length) fs.writeFileSync(`${arquivo}.gz`, gz);
      }));
    },
  };
}
