// npx tsx scripts/ciclos-importacao.ts [--arestas] [pasta…] — prints the import circles (strongly connected
// components of more than one file) of the server's source, largest first, with their sizes; `--arestas` also
// prints the arrows inside each one, to see where to cut. Folders default to src/server.
// src/server/arquitetura.test.ts holds the bound on their size.
import { arestasInternas, componentesFortes, lerGrafo } from './grafo-importacoes';

const args = process.argv.slice(2);
const comArestas = args.includes('--arestas');
const pastas = args.filter((a) => !a.startsWith('--'));
const grafo = lerGrafo(process.cwd(), pastas.length > 0 ? pastas : ['src/server']);
const componentes = componentesFortes(grafo);
const arestas = [...grafo.arestas.values()].reduce((n, s) => n + s.size, 0);
console.log(`${grafo.arquivos.length} files, ${arestas} imports, ${componentes.length} import circle(s)`);
componentes.forEach((c, i) => {
  console.log(`\n#${i + 1}: ${c.length} files`);
  for (const arquivo of c) console.log(`  ${arquivo}`);
  if (comArestas) {
    console.log('  arrows inside:');
    for (const [de, para] of arestasInternas(grafo, c)) console.log(`    ${de} -> ${para}`);
  }
});
