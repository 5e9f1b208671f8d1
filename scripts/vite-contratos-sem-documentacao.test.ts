import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { semDocumentacao } from './vite-contratos-sem-documentacao';

describe('the web build leaves the contracts’ OpenAPI texts out (decision 0059)', () => {
  it('removes resumo and descricao of each contrato({...}) and of its file answer, whole, and nothing else', () => {
    const fonte = `
const corpo = z.object({ descricao: z.string(), nome: z.string() });
export const c = {
  x: contrato({
    metodo: 'GET', caminho: '/api/x/{id}', permissao: 'publico', tag: 'x',
    resumo: 'Um resumo',
    descricao: 'Uma descrição que '
      + 'continua na outra linha',
    query: z.object({ descricao: z.string().optional() }),
    resposta: { arquivo: ['application/pdf'], descricao: 'PDF' },
  }),
};`;
    const saida = semDocumentacao(fonte);
    expect(saida).not.toMatch(/Um resumo|Uma descrição|continua na outra linha|'PDF'/);
    // Schemas keep their fields named descricao; the contract keeps all the web reads.
    expect(saida).toMatch(/z\.object\(\{ descricao: z\.string\(\), nome: z\.string\(\) \}\)/);
    expect(saida).toMatch(/query: z\.object\(\{ descricao: z\.string\(\)\.optional\(\) \}\)/);
    expect(saida).toMatch(/metodo: 'GET', caminho: '\/api\/x\/\{id\}', permissao: 'publico', tag: 'x'/);
    expect(saida).toMatch(/resposta: \{ arquivo: \['application\/pdf'\] \}/);
  });

  it('is safe because no web code reads a contract’s resumo or descricao', () => {
    const arquivos = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? arquivos(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    // In each web file, the names a contracts module is imported under (`contratosX` or its alias), and any read of
    // `.resumo` or `.descricao` through them (`c.listar.resumo`, `contratosX.listar.descricao`).
    const leituras = arquivos('src/web').filter((f) => /\.tsx?$/.test(f)).filter((f) => {
      const codigo = fs.readFileSync(f, 'utf8');
      const nomes = [...codigo.matchAll(/import \{([^}]*)\} from '[./]*shared\/contratos\/[\w-]+'/g)]
        .flatMap((m) => m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!).filter(Boolean));
      return nomes.some((n) => new RegExp(`\\b${n}\\.\\w+\\.(resumo|descricao)\\b`).test(codigo));
    });
    expect(arquivos('src/web').length).toBeGreaterThan(100);
    expect(leituras).toEqual([]);
  });
});
