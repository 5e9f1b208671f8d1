import { describe, expect, it } from 'vitest';
import { opcoesPescador, type EntradaOpcoes } from './opcoes';

const ZERO = { rascunhos: 0, enviadas: 0, deferidas: 0, finalizadas: 0, emAnalise: 0, emAtualizacao: 0, todas: 0 };
const base: EntradaOpcoes = {
  totalizadores: ZERO,
  numeroRGP: null,
  situacaoRegistro: null,
  rascunho: null,
  edicaoRegistro: { podeEditar: false, motivo: null },
  edicaoDocumentos: null,
};
const abertas = (e: Partial<EntradaOpcoes>) => opcoesPescador({ ...base, ...e }).filter((o) => o.href).map((o) => o.id);

describe('opcoesPescador', () => {
  it('all counters zero: the three registrations', () => {
    expect(abertas({})).toEqual(['registro-inicial', 'registro-protocolo', 'recadastramento']);
  });

  it('only refused requests (finalizadas): registrations stay open', () => {
    // The registration with protocol needs a deferred request or all counters at zero.
    expect(abertas({ totalizadores: { ...ZERO, finalizadas: 2, todas: 2 } })).toEqual(['registro-inicial', 'recadastramento']);
  });

  it('a request being updated closes every registration, and says why', () => {
    const opcoes = opcoesPescador({ ...base, totalizadores: { ...ZERO, emAtualizacao: 1, todas: 1 } });
    expect(opcoes.filter((o) => o.href)).toEqual([]);
    expect(opcoes.find((o) => o.id === 'recadastramento')?.motivo).toMatch(/em atualização de informações/);
  });

  it('while the registry-edit check loads, "Editar registro" says so', () => {
    const opcoes = opcoesPescador({ ...base, edicaoRegistro: undefined });
    expect(opcoes.find((o) => o.id === 'editar-registro')?.motivo).toBe('Verificando se a opção está disponível…');
  });

  it('an active registry without an open documents edit offers to open one; otherwise it says why not', () => {
    const ativo = opcoesPescador({ ...base, numeroRGP: 'PAPA00000000001', situacaoRegistro: 1 });
    expect(ativo.find((o) => o.id === 'editar-documentos')?.href).toBe('/pescador/edicao-documentos');
    const semRegistro = opcoesPescador(base).find((o) => o.id === 'editar-documentos');
    expect(semRegistro?.href).toBeNull();
    expect(semRegistro?.motivo).toBe('A edição de documentos só pode ser solicitada com o registro ativo.');
  });

  it('an open documents edit links to its documents screen', () => {
    const opcoes = opcoesPescador({ ...base, edicaoDocumentos: '/pescador/documentos?idSolicitacao=9&tipoSolicitacao=9' });
    expect(opcoes.find((o) => o.id === 'editar-documentos')?.href).toBe('/pescador/documentos?idSolicitacao=9&tipoSolicitacao=9');
  });

  it('the draft comes first', () => {
    const opcoes = opcoesPescador({ ...base, rascunho: { descricao: 'Registro inicial iniciado em 01/01/2025.', href: '/x' } });
    expect(opcoes[0]).toMatchObject({ id: 'continuar-rascunho', href: '/x' });
  });
});
