import { describe, expect, it } from 'vitest';
import { aplicarEnvio, camposDocumentos, podeAdicionarAdicional } from './campos';
import { documento as doc } from '../../test/respostas';

describe('camposDocumentos', () => {
  it('initial registration of a Brazilian without entity: the four required groups, then voter card and additional', () => {
    const campos = camposDocumentos({ tipoSolicitacao: 1, nacionalidadeBrasileira: 'BRASILEIRA', possuiEntidade: false });
    expect(campos.map((c) => [c.tipoEnvio, c.rotulo, c.obrigatorio])).toEqual([
      [1, 'Documento de identificação', true],
      [2, 'Comprovante de residência', true],
      [3, 'Foto 3x4', true],
      [4, 'PIS/PASEP/NIS/NIT', true],
      [5, 'Título de eleitor', false],
      [6, 'Documento adicional', false],
    ]);
    expect(campos[3]?.tipos).toEqual([4, 10, 11, 12, 13]);
    expect(campos.filter((c) => c.acumula).map((c) => c.tipoEnvio)).toEqual([6]);
  });

  it('a foreigner with a representative entity filing with protocol also needs visa, membership and protocol proof', () => {
    const campos = camposDocumentos({ tipoSolicitacao: 3, nacionalidadeBrasileira: 'ESTRANGEIRA', possuiEntidade: true });
    expect(campos.filter((c) => c.obrigatorio).map((c) => c.tipoEnvio)).toEqual([1, 2, 3, 4, 7, 8, 9]);
  });

  it('a documents edit (type 9) marks no document required: at least one of any, as the server asks', () => {
    const campos = camposDocumentos({ tipoSolicitacao: 9, nacionalidadeBrasileira: 'BRASILEIRA' });
    expect(campos.filter((c) => c.obrigatorio)).toEqual([]);
    expect(campos.map((c) => c.tipoEnvio)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
  });

  it('a first-RGP edit (type 7) asks for the proof of the first RGP (required) and its additional document', () => {
    expect(camposDocumentos({ tipoSolicitacao: 7 }).map((c) => [c.tipoEnvio, c.obrigatorio])).toEqual([
      [14, true],
      [15, false],
    ]);
  });
});

describe('aplicarEnvio: replace or accumulate (spec point 4)', () => {
  it('a new document replaces the one of the same type', () => {
    expect(aplicarEnvio([doc(1, 1), doc(2, 2)], doc(3, 1)).map((d) => d.id)).toEqual([2, 3]);
  });

  it('additional documents accumulate', () => {
    expect(aplicarEnvio([doc(1, 6), doc(2, 2)], doc(3, 6)).map((d) => d.id)).toEqual([1, 2, 3]);
  });

  it('a document of another type of the same group is kept (the server replaces by type only)', () => {
    expect(aplicarEnvio([doc(1, 10)], doc(2, 4)).map((d) => d.id)).toEqual([1, 2]);
  });

  it('at most 10 additional documents', () => {
    const nove = Array.from({ length: 9 }, (_, i) => doc(i + 1, 6));
    expect(podeAdicionarAdicional(nove)).toBe(true);
    expect(podeAdicionarAdicional([...nove, doc(10, 6)])).toBe(false);
    expect(podeAdicionarAdicional([...nove, doc(10, 5)])).toBe(true);
  });
});
