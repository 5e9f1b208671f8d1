import fs from 'node:fs';
import type { Plugin } from 'vite';

/**
 * zod 4 attaches its JSON Schema generator to every schema, which only the server needs (OpenAPI). In the web bundle
 * the generator's two modules are replaced by stand-ins that throw when called: building a schema only stores them,
 * parsing never calls them. The server and SSR keep zod whole.
 */
const GERADOR = /\/node_modules\/zod\/v4\/core\/(json-schema-processors|to-json-schema)\.js$/;

export const MENSAGEM_SEM_JSON_SCHEMA = 'JSON Schema não é gerado no navegador (scripts/vite-zod-sem-json-schema.ts)';

/** The names a module of the generator exports (`export function|const|class X`, `export { a as b }`). */
export function nomesExportados(codigo: string): string[] {
  const nomes = new Set<string>();
  for (const m of codigo.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/gm)) nomes.add(m[1]!);
  for (const m of codigo.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const parte of m[1]!.split(',')) {
      const nome = parte.trim().split(/\s+as\s+/).pop();
      if (nome) nomes.add(nome);
    }
  }
  return [...nomes].sort();
}

/**
 * The stand-in: each export a function that throws; `create…Method` return such a function (a schema calls them
 * when it is built, and must still be built); `allProcessors` an empty table.
 */
export function substituto(codigo: string): string {
  const linhas = [`const semJsonSchema = () => { throw new Error(${JSON.stringify(MENSAGEM_SEM_JSON_SCHEMA)}); };`];
  for (const nome of nomesExportados(codigo)) {
    if (/^create\w*Method$/.test(nome)) linhas.push(`export const ${nome} = () => semJsonSchema;`);
    else if (nome === 'allProcessors') linhas.push(`export const ${nome} = {};`);
    else linhas.push(`export const ${nome} = semJsonSchema;`);
  }
  return linhas.join('\n');
}

export function zodSemJsonSchema(): Plugin {
  return {
    name: 'rgp-zod-sem-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id, opcoes) {
      const arquivo = id.split('?')[0]!.replaceAll('\\', '/');
      if (opcoes?.ssr || !GERADOR.test(arquivo)) return null;
      return { code: substituto(fs.readFileSync(arquivo, 'utf8')), map: null };
    },
  };
}
