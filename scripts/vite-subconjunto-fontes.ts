import { createHash } from 'node:crypto';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin, Rollup } from 'vite';

/**
 * The characters Portuguese text needs, the same as the `unicode-range` of src/web/styles/fontes.css: printable
 * ASCII, Latin-1 (accented letters, ª º · « »), dashes, quotes, bullet, ellipsis, euro. A character outside it
 * (a rare name) is drawn by the next font of the stack.
 */
const TEXTO_PORTUGUES = String.fromCodePoint(
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0xff - 0xa0 + 1 }, (_, i) => 0xa0 + i),
  0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2022, 0x2026, 0x20ac,
);

/** Font Awesome's glyphs live in the Private Use Area; a kept rule names one as `content: "\f007"`. */
const AREA_PRIVADA = { de: 0xe000, ate: 0xf8ff };

function iconesNomeados(css: string): Set<number> {
  const icones = new Set<number>();
  for (const [, , valor = ''] of css.matchAll(/content:\s*(["'])(.*?)\1/g)) {
    const texto = valor.replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
    for (const c of texto) {
      const cp = c.codePointAt(0)!;
      if (cp >= AREA_PRIVADA.de && cp <= AREA_PRIVADA.ate) icones.add(cp);
    }
  }
  return icones;
}

/**
 * Fonts carry only the glyphs the pages use (decision 0017): the icons the kept rules name, and Portuguese text. Each
 * cut file is renamed after its content, so the immutable cache never serves an old cut.
 */
export function subconjuntoFontes(): Plugin {
  return {
    name: 'rgp-subconjunto-fontes',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_, bundle) {
      const folhas = Object.values(bundle).filter((a): a is Rollup.OutputAsset => a.type === 'asset' && a.fileName.endsWith('.css'));
      const icones = new Set<number>();
      for (const folha of folhas) for (const cp of iconesNomeados(String(folha.source))) icones.add(cp);

      for (const [chave, arquivo] of Object.entries(bundle)) {
        if (arquivo.type !== 'asset') continue;
        let texto: string | null = null;
        if (/\/fa-solid-900-[\w-]{8}\.woff2$/.test(arquivo.fileName) && icones.size > 0) texto = String.fromCodePoint(...icones);
        else if (/\/raleway-latin-wght-normal-[\w-]{8}\.woff2$/.test(arquivo.fileName)) texto = TEXTO_PORTUGUES;
        if (texto === null) continue;
        const cortado = await subsetFont(Buffer.from(arquivo.source as Uint8Array), texto, { targetFormat: 'woff2' });
        const hash = createHash('sha256').update(cortado).digest('base64url').slice(0, 8);
        const nomeNovo = arquivo.fileName.replace(/-[\w-]{8}\.woff2$/, `-${hash}.woff2`);
        delete bundle[chave];
        this.emitFile({ type: 'asset', fileName: nomeNovo, source: cortado });
        const antigo = path.posix.basename(arquivo.fileName);
        const novo = path.posix.basename(nomeNovo);
        for (const folha of folhas) folha.source = String(folha.source).replaceAll(antigo, novo);
        this.info(`${antigo} (${arquivo.source.length} B) → ${novo} (${cortado.length} B)`);
      }
    },
  };
}
