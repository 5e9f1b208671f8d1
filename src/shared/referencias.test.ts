import { describe, it, expect } from 'vitest';
import { Categoria, Sexo, TipoDocumento } from './enums';
import {
  AMBIENTES_PESCA, descricaoDe, ENTIDADES_APOIO, ESCOLARIDADES, filtroMunicipiosSchema, FORMAS_ATUACAO, FormaAtuacao,
  INFRAESTRUTURAS_PUBLICAS, isListaReferencia, listasReferencia, MEMBROS_FAMILIA, NACIONALIDADES, NOMES_LISTAS_REFERENCIA,
  ORGAOS_EMISSORES, TIPOS_DOCUMENTO_SOCIAL, UNIDADES_MEDIDA, UnidadeMedida, type ItemReferencia,
} from './referencias';
import { isUf, UF_SIGLAS, UFS, ufPorCodigo, ufPorSigla } from './ufs';

describe('the 27 states', () => {
  it('has 27 states with unique IBGE codes and abbreviations', () => {
    expect(UFS).toHaveLength(27);
    expect(new Set(UFS.map((u) => u.codigo)).size).toBe(27);
    expect(new Set(UF_SIGLAS).size).toBe(27);
    expect(UFS.every((u) => /^[A-Z]{2}$/.test(u.sigla) && u.codigo >= 11 && u.codigo <= 53)).toBe(true);
  });

  it('names them with their accents', () => {
    expect(ufPorSigla('SP')).toEqual({ codigo: 35, sigla: 'SP', nome: 'São Paulo' });
    expect(ufPorCodigo(53)?.nome).toBe('Distrito Federal');
    expect(ufPorSigla('PA')?.nome).toBe('Pará');
    expect(ufPorSigla('XX')).toBeUndefined();
  });

  it('tells an abbreviation from anything else', () => {
    expect(isUf('SP')).toBe(true);
    expect(isUf('DF')).toBe(true);
    expect(isUf('sp')).toBe(false);
    expect(isUf(' SP')).toBe(false);
    expect(isUf('XX')).toBe(false);
    expect(isUf(35)).toBe(false);
    expect(isUf(undefined)).toBe(false);
  });
});

describe('the reference lists', () => {
  it('names every list in kebab-case', () => {
    for (const nome of NOMES_LISTAS_REFERENCIA) expect(nome).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(NOMES_LISTAS_REFERENCIA).toEqual(expect.arrayContaining([
      'escolaridades', 'etnias', 'orgaos-emissores', 'formas-atuacao', 'ambientes-pesca', 'infraestruturas-publicas',
      'membros-familia', 'faixas-renda', 'tipos-residencia', 'entidades-apoio', 'tipos-embarcacao',
      'propriedades-embarcacao', 'propulsoes', 'tipos-local-pesca', 'petrechos-pesca', 'grupos-alvo', 'tipos-comprador',
      'unidades-medida', 'tipos-documento-social', 'ufs', 'sexos', 'categorias', 'nacionalidades',
    ]));
  });

  it.each(NOMES_LISTAS_REFERENCIA)('%s has unique positive ids and a label for each item', (nome) => {
    const itens = listasReferencia[nome] as readonly ItemReferencia[];
    expect(itens.length).toBeGreaterThan(0);
    expect(new Set(itens.map((i) => i.id)).size).toBe(itens.length);
    for (const i of itens) {
      expect(Number.isInteger(i.id) && i.id > 0).toBe(true);
      expect(i.descricao.trim()).toBe(i.descricao);
      expect(i.descricao.length).toBeGreaterThan(0);
      expect(i.descricao.length).toBeLessThanOrEqual(200);
      if (i.sigla !== undefined) expect(i.sigla.length).toBeLessThanOrEqual(20);
    }
  });

  it('has the 12 schooling levels of the spec, from 1st–4th grade to not informed', () => {
    expect(ESCOLARIDADES.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(ESCOLARIDADES[0].descricao).toMatch(/^1ª a 4ª série .*incompleta$/);
    expect(ESCOLARIDADES[1].descricao).toMatch(/^1ª a 4ª série .*completa$/);
    expect(ESCOLARIDADES.some((e) => /técnico/.test(e.descricao))).toBe(true);
    expect(ESCOLARIDADES.some((e) => /superior/.test(e.descricao))).toBe(true);
    expect(descricaoDe('escolaridades', 11)).toBe('Sem escolaridade');
    expect(descricaoDe('escolaridades', 12)).toBe('Não informado');
  });

  it('has the counts the spec fixes', () => {
    expect(AMBIENTES_PESCA).toHaveLength(2);
    expect(INFRAESTRUTURAS_PUBLICAS).toHaveLength(5);
    expect(ENTIDADES_APOIO).toHaveLength(12);
    expect(ORGAOS_EMISSORES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ORGAOS_EMISSORES.map((o) => o.sigla)).size).toBe(ORGAOS_EMISSORES.length);
  });

  it('uses the spec numbers where the spec gives them', () => {
    expect(FORMAS_ATUACAO.find((f) => f.id === FormaAtuacao.DESEMBARCADO)?.descricao).toBe('Desembarcado');
    expect(UNIDADES_MEDIDA.find((u) => u.id === UnidadeMedida.QUILOGRAMA)).toEqual({ id: 1, sigla: 'kg', descricao: 'Quilograma' });
    expect(TIPOS_DOCUMENTO_SOCIAL.map((t) => [t.id, t.sigla])).toEqual([
      [TipoDocumento.PIS, 'PIS'], [TipoDocumento.PASEP, 'PASEP'], [TipoDocumento.NIS, 'NIS'], [TipoDocumento.NIT, 'NIT'],
    ]);
    expect(descricaoDe('sexos', Sexo.FEMININO)).toBe('Feminino');
    expect(descricaoDe('categorias', Categoria.ARTESANAL)).toBe('Artesanal');
    expect(NACIONALIDADES.map((n) => n.sigla)).toEqual(['BRASILEIRA', 'ESTRANGEIRA']);
    expect(MEMBROS_FAMILIA[0].id).toBe(1);
    expect(descricaoDe('ufs', 35)).toBe('São Paulo');
  });

  it('knows its list names and nothing else', () => {
    expect(isListaReferencia('etnias')).toBe(true);
    expect(isListaReferencia('toString')).toBe(false);
    expect(isListaReferencia('__proto__')).toBe(false);
    expect(isListaReferencia('Etnias')).toBe(false);
  });
});

describe('filtroMunicipiosSchema', () => {
  it('accepts 1 to 500 positive integer codes', () => {
    expect(filtroMunicipiosSchema.safeParse({ ids: [3550308] }).success).toBe(true);
    expect(filtroMunicipiosSchema.safeParse({ ids: Array.from({ length: 500 }, (_, i) => i + 1) }).success).toBe(true);
    expect(filtroMunicipiosSchema.safeParse({ ids: [] }).success).toBe(false);
    expect(filtroMunicipiosSchema.safeParse({ ids: Array.from({ length: 501 }, (_, i) => i + 1) }).success).toBe(false);
    expect(filtroMunicipiosSchema.safeParse({ ids: [1.5] }).success).toBe(false);
    expect(filtroMunicipiosSchema.safeParse({ ids: [0] }).success).toBe(false);
  });
});
