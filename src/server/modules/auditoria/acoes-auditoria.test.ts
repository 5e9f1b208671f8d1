import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACAO_AUDITORIA_LABEL, rotuloAcao } from '../../../shared/auditoria-rotulos';
import { ACOES_AUDITORIA } from '../../../shared/schemas/auditoria';

/**
 * Issue 21, section 3: the audit screen names every action in Portuguese. The actions are read from the server's
 * own source (every `acao: '…'`, every `auditar(ator, '…'`, every `const ACAO_… = '…'`), so that an action added
 * later without a label fails here, not on a manager's screen.
 */

const RAIZ = path.resolve(__dirname, '../..');

function acoesEscritasPeloServidor(): Set<string> {
  const acoes = new Set<string>();
  const arquivos = (fs.readdirSync(RAIZ, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('test-utils') && !f.includes(`test${path.sep}`));
  for (const f of arquivos) {
    const texto = fs.readFileSync(path.join(RAIZ, f), 'utf8');
    for (const m of texto.matchAll(/\bacao:\s*'([A-Z][A-Z_]+)'/g)) acoes.add(m[1]!);
    for (const m of texto.matchAll(/\bconst ACAO_\w+\s*=\s*'([A-Z][A-Z_]+)'/g)) acoes.add(m[1]!);
    for (const m of texto.matchAll(/\bauditar\(\s*ator,\s*((?:[^,'()]|'[A-Z][A-Z_]+')+),/g)) {
      for (const c of m[1]!.matchAll(/'([A-Z][A-Z_]+)'/g)) acoes.add(c[1]!);
    }
  }
  return acoes;
}

describe('the audit actions', () => {
  it('has a Portuguese label for every action the server writes', () => {
    const acoes = acoesEscritasPeloServidor();
    // The scan finds the actions written in each way (a literal, a constant, a helper with a ternary).
    for (const a of ['LOGIN', 'CONSULTA_PUBLICA_CARTEIRA', 'FORCA_TAREFA_CRIADA', 'FORCA_TAREFA_ATUALIZADA', 'ATO_NORMATIVO_CRIADO']) {
      expect(acoes, a).toContain(a);
    }
    expect([...acoes].filter((a) => !(a in ACAO_AUDITORIA_LABEL)).sort()).toEqual([]);
  });

  it('labels every action the screen offers as a filter', () => {
    expect(ACOES_AUDITORIA.filter((a) => !(a in ACAO_AUDITORIA_LABEL))).toEqual([]);
  });

  it('reads an action written after the list as words, never as a code', () => {
    expect(rotuloAcao('ACAO_NOVA_QUALQUER')).toBe('Acao nova qualquer');
    expect(rotuloAcao('LOGIN')).toBe('Entrada no sistema');
  });
});
