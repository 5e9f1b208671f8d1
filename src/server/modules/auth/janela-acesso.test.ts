import { describe, expect, it } from 'vitest';
import { motivoForaDaJanela, type JanelaUsuario } from './janela-acesso';

const padrao = { start: '07:00', end: '19:00' };
const base: JanelaUsuario = {
  bloqueado: false,
  validade: null,
  acessoCustomizado: false,
  horaLimiteInicioAcesso: null,
  horaLimiteTerminoAcesso: null,
  usuarioPodeAcessarTodosDias: false,
  orgao: null,
};
// Times below are UTC; São Paulo is UTC-3.
const quartaMeioDia = new Date('2026-11-18T15:00:00Z');
const quartaNoite = new Date('2026-11-18T23:30:00Z'); // 20:30
const sabadoMeioDia = new Date('2026-11-21T15:00:00Z');

describe('staff access window', () => {
  it('lets a user in on a weekday inside the default hours', () => {
    expect(motivoForaDaJanela(base, quartaMeioDia, padrao)).toBeNull();
  });

  it('refuses a blocked user', () => {
    expect(motivoForaDaJanela({ ...base, bloqueado: true }, quartaMeioDia, padrao)).toMatch(/^Usuário bloqueado/);
  });

  it('refuses after the validity date, naming it, and accepts on the day itself', () => {
    expect(motivoForaDaJanela({ ...base, validade: '2026-11-17' }, quartaMeioDia, padrao))
      .toBe('O prazo de validade do seu acesso terminou em 17/11/2026. Procure o gestor do seu órgão.');
    expect(motivoForaDaJanela({ ...base, validade: '2026-11-18' }, quartaMeioDia, padrao)).toBeNull();
  });

  it('refuses outside the hours, saying when access opens', () => {
    expect(motivoForaDaJanela(base, quartaNoite, padrao)).toBe(
      'Acesso fora do horário permitido. Seu acesso é permitido de segunda a sexta-feira, das 07:00 às 19:00 (horário de Brasília).');
  });

  it('uses the agency hours, then the custom hours over them', () => {
    const orgao = { inicio: '08:00', termino: '21:00', todosDias: false };
    expect(motivoForaDaJanela({ ...base, orgao }, quartaNoite, padrao)).toBeNull();
    const custom = { ...base, orgao, acessoCustomizado: true, horaLimiteInicioAcesso: '06:00', horaLimiteTerminoAcesso: '10:00' };
    expect(motivoForaDaJanela(custom, quartaMeioDia, padrao)).toMatch(/das 06:00 às 10:00/);
  });

  it('treats the end minute as inclusive', () => {
    const u = { ...base, acessoCustomizado: true, horaLimiteInicioAcesso: '00:00', horaLimiteTerminoAcesso: '20:30' };
    expect(motivoForaDaJanela(u, quartaNoite, padrao)).toBeNull();
  });

  it('refuses weekends unless every day is allowed', () => {
    expect(motivoForaDaJanela(base, sabadoMeioDia, padrao)).toMatch(/^Acesso não permitido aos sábados e domingos/);
    expect(motivoForaDaJanela({ ...base, usuarioPodeAcessarTodosDias: true }, sabadoMeioDia, padrao)).toBeNull();
    expect(motivoForaDaJanela({ ...base, orgao: { inicio: '07:00', termino: '19:00', todosDias: true } }, sabadoMeioDia, padrao)).toBeNull();
  });
});
