import { describe, expect, it } from 'vitest';
import { Categoria, SituacaoRegistro } from '../enums';
import { condicoesSeguroDefeso } from './seguro-defeso';

const ativo = (desde: string, hoje: string) => condicoesSeguroDefeso({
  situacao: SituacaoRegistro.ATIVO, desde, categoria: Categoria.ARTESANAL, reapAnosDevidos: [], reapAnosEnviados: [], hoje,
});

describe('a year of activity for the Seguro-Defeso', () => {
  it('names as the day it completes the first day on which it holds, 1 March after a 29 February', () => {
    expect(ativo('2024-02-29', '2024-06-01').umAnoEm).toBe('2025-03-01');
    expect(ativo('2024-02-29', '2025-02-28')).toMatchObject({ ativoHaUmAnoOuMais: false, umAnoEm: '2025-03-01' });
    expect(ativo('2024-02-29', '2025-03-01')).toMatchObject({ ativoHaUmAnoOuMais: true, umAnoEm: null, atende: true });
    expect(ativo('2025-06-10', '2026-06-09')).toMatchObject({ ativoHaUmAnoOuMais: false, umAnoEm: '2026-06-10' });
    expect(ativo('2025-06-10', '2026-06-10')).toMatchObject({ ativoHaUmAnoOuMais: true, umAnoEm: null });
  });
});
