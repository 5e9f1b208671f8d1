import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * Removes the contracts' OpenAPI texts (`resumo`, `descricao`) from the web bundle, which never reads them (decision
 * 0059); parsed with the TypeScript compiler, so a multi-line string goes whole.
 */
const CONTRATOS = /\/src\/shared\/contratos\/[^/]+\.ts$/;
const SO_DOCUMENTACAO = new Set(['resumo', 'descricao']);

const ehDocumentacao = (p: ts.ObjectLiteralElementLike, nomes: ReadonlySet<string>) =>
  ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && nomes.has(p.name.text);

/** The contract's object without its texts, and its file answer (`resposta: {arquivo, descricao}`) without its. */
function contratoSemTextos(objeto: ts.ObjectLiteralExpression): ts.ObjectLiteralExpression {
  const propriedades = objeto.properties
    .filter((p) => !ehDocumentacao(p, SO_DOCUMENTACAO))
    .map((p) => {
      if (!ts.isPropertyAssignment(p) || !ts.isIdentifier(p.name) || p.name.text !== 'resposta' || !ts.isObjectLiteralExpression(p.initializer)) return p;
      const resposta = p.initializer;
      const restantes = resposta.properties.filter((q) => !ehDocumentacao(q, new Set(['descricao'])));
      return ts.factory.updatePropertyAssignment(p, p.name, ts.factory.updateObjectLiteralExpression(resposta, restantes));
    });
  return ts.factory.updateObjectLiteralExpression(objeto, propriedades);
}

/**
 * The source of a contracts file without the texts of each `contrato({...})`: only the object literal passed to
 * `contrato` is touched (a schema written inline with a field named `descricao` keeps it).
 */
export function semDocumentacao(codigo: string, arquivo = 'contrato.ts'): string {
  const fonte = ts.createSourceFile(arquivo, codigo, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const transformar: ts.TransformerFactory<ts.SourceFile> = (contexto) => {
    const visitar = (no: ts.Node): ts.Node => {
      if (ts.isCallExpression(no) && ts.isIdentifier(no.expression) && no.expression.text === 'contrato'
        && no.arguments.length === 1 && ts.isObjectLiteralExpression(no.arguments[0]!)) {
        return ts.factory.updateCallExpression(no, no.expression, no.typeArguments, [contratoSemTextos(no.arguments[0])]);
      }
      return ts.visitEachChild(no, visitar, contexto);
    };
    return (raiz) => ts.visitNode(raiz, visitar) as ts.SourceFile;
  };
  const [resultado] = ts.transform(fonte, [transformar]).transformed;
  return ts.createPrinter().printFile(resultado!);
}

export function contratosSemDocumentacao(): Plugin {
  return {
    name: 'rgp-contratos-sem-documentacao',
    apply: 'build',
    enforce: 'pre',
    transform(codigo, id) {
      if (!CONTRATOS.test(id.split('?')[0]!)) return null;
      return { code: semDocumentacao(codigo, id), map: null };
    },
  };
}
