import { describe, expect, it } from 'vitest';
import {
  anosDevidos, diasNoMes, formatarQuantidade, lerNumeroBr, mensagemDiasDoMes, MENSAGENS_REAP, mesesDevidos, problemasReapArtesanal, reapNoPrazo, somaDias,
  type ReapArtesanalRegras,
} from './reap';

const completa = (extra: Partial<ReapArtesanalRegras> = {}): ReapArtesanalRegras => ({
  anoReferencia: 2024,
  realizouPesca: true,
  tipoPrestacaoServico: 1,
  houveComercializacao: true,
  reapsArtesanais: Array.from({ length: 12 }, (_, i) => ({ mesReferencia: i + 1, quantidadeDiasTrabalhados: 5 })),
  resultadosOperacaoPesca: [{ especiePescado: { id: 1 }, tipoUnidadeMedida: { id: 1 }, totalPescado: 1.5, precoQuilo: 10 }],
  gruposAlvosPescado: [{ grupoAlvo: 1 }],
  locaisPescaPetrecho: [{ ambientePesca: 1, petrechoPesca: 1, areaPretendidaPesca: { idMunicipio: 1501402, tipoLocalPesca: 1 } }],
  ufsComercializacao: [{ uf: 'PA', comercializacoesPescado: [{ tipoComprador: 1 }] }],
  ...extra,
});
const mensagens = (r: ReapArtesanalRegras) => problemasReapArtesanal(r).map((p) => p.message);

describe('REAP rules (spec point 5)', () => {
  it('accepts a complete REAP', () => {
    expect(problemasReapArtesanal(completa())).toEqual([]);
  });

  it('asks whether they fished before anything else', () => {
    expect(mensagens(completa({ realizouPesca: null }))).toEqual([MENSAGENS_REAP.realizouPesca]);
  });

  it('needs a justification when they did not fish, and nothing else', () => {
    expect(mensagens(completa({ realizouPesca: false }))).toEqual([MENSAGENS_REAP.justificativa]);
    expect(mensagens(completa({ realizouPesca: false, justificativasSolicitacao: [{ justificativaNaoDeclaracao: 2 }] }))).toEqual([]);
  });

  it('needs states and a buyer only when there was commerce', () => {
    expect(mensagens(completa({ ufsComercializacao: [] }))).toEqual([MENSAGENS_REAP.ufComercializacao, MENSAGENS_REAP.comprador]);
    expect(mensagens(completa({ houveComercializacao: false, ufsComercializacao: [] }))).toEqual([]);
  });

  it('needs every month but in 2025, and checks each month against its days', () => {
    const um = [{ mesReferencia: 2, quantidadeDiasTrabalhados: 29 }];
    expect(mensagens(completa({ reapsArtesanais: um }))).toEqual([MENSAGENS_REAP.diasTodosMeses]);
    expect(mensagens(completa({ anoReferencia: 2025, reapsArtesanais: um }))).toEqual(['O mês de fevereiro possui 28 dias.']);
    expect(mensagemDiasDoMes(2024, 2)).toBe('O mês de fevereiro possui 29 dias.');
    expect(diasNoMes(2025, 4)).toBe(30);
  });

  it('refuses a yearly total that is not the sum of the months', () => {
    expect(mensagens(completa({ totalDiasTrabalhadoAno: 61 }))).toEqual([MENSAGENS_REAP.totalDias]);
    expect(somaDias(completa().reapsArtesanais!)).toBe(60);
  });
});

describe('obligations and windows (decision 0026)', () => {
  it('owes from the first RGP year to the last closed year', () => {
    expect(anosDevidos('2023-06-15', '2026-11-25')).toEqual([2023, 2024, 2025]);
    expect(anosDevidos('2026-01-02', '2026-11-25')).toEqual([]);
    expect(anosDevidos(null, '2026-11-25')).toEqual([]);
    expect(mesesDevidos(2023, '2023-10-01')).toEqual([10, 11, 12]);
  });

  it('fills inside the window, and 2025 always', () => {
    expect(reapNoPrazo(2024, '2025-03-01', '2025-01-01', '2025-03-31')).toBe(true);
    expect(reapNoPrazo(2024, '2025-04-01', '2025-01-01', '2025-03-31')).toBe(false);
    expect(reapNoPrazo(2024, '2025-04-01', null, null)).toBe(false);
    expect(reapNoPrazo(2025, '2030-01-01', '2026-01-01', '2026-03-31')).toBe(true);
  });

  it('reads Brazilian numbers', () => {
    expect(lerNumeroBr('1.234,567')).toBe(1234.567);
    expect(lerNumeroBr('R$ 15,00')).toBe(15);
    expect(lerNumeroBr('abc')).toBeNull();
    expect(lerNumeroBr('40,5')).toBe(40.5);
  });

  it('prints a quantity with its decimals in every unit: kg with 3, the others as they are', () => {
    expect(formatarQuantidade(12.5, 1)).toBe('12,500');
    expect(formatarQuantidade(40.5, 3)).toBe('40,5');
    expect(formatarQuantidade(300, 2)).toBe('300');
    expect(formatarQuantidade(0.125, 6)).toBe('0,125');
  });
});
