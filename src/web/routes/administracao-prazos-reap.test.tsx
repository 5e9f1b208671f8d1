import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AtoNormativo } from '../../shared/schemas/ato-normativo';
import type { PrazoReap, PrazoReapHistorico } from '../../shared/schemas/reap';
import { setToken } from '../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { staffToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('./administracao-prazos-reap');
});

beforeEach(() => {
  http = installMockHttp();
});

afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

const ATO: AtoNormativo = {
  id: 3, nome: 'Portaria MPA nº 7', descricao: 'Prazo da REAP.', dataInicioVigencia: '2026-01-01', dataTerminoVigencia: null, vigente: true,
  dataCriacao: '2026-01-01T12:00:00.000Z', dataAtualizacao: '2026-01-01T12:00:00.000Z',
};
const PRORROGACAO: AtoNormativo = { ...ATO, id: 4, nome: 'Portaria MPA nº 9' };
const PRAZO: PrazoReap = {
  anoReferencia: 2025, inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-03-31', atoNormativo: { id: 3, nome: ATO.nome },
  obrigacoes: { criadas: 956217, concluidaEm: '2026-01-01T03:10:00.000Z' }, aviso: null, suspensao: null,
};
const HISTORICO: PrazoReapHistorico[] = [
  { id: 1, anoReferencia: 2025, inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-03-31', atoNormativo: { id: 3, nome: ATO.nome }, registradoEm: '2025-12-20T12:00:00.000Z' },
];

function abrir() {
  http.get('/api/reap/prazos', ok([PRAZO]));
  http.get('/api/reap/prazos/historico', ok(HISTORICO));
  http.get(/^\/api\/ato-normativo\/listar\?vigente=true/, ok({ total: 2, atosNormativos: [ATO, PRORROGACAO] }));
  const app = renderApp('/administracao/prazos-reap');
  restoreNavigation = app.restoreNavigation;
}

describe('the REAP windows screen', () => {
  it('lists each year\'s window with its act, its obligations and its history', async () => {
    setToken(staffToken({ perfil: 1 }));
    abrir();
    await screen.findByRole('heading', { level: 1, name: 'Prazos da REAP' });
    const tabela = await screen.findByRole('table', { name: 'Prazos de preenchimento da REAP por ano de referência' });
    within(tabela).getByText('01/01/2026 a 31/03/2026');
    within(tabela).getByText('Portaria MPA nº 7');
    within(tabela).getByText(/956\.217 criadas em/);
    expect(await screen.findByText(/01\/01\/2026 a 31\/03\/2026 · Portaria MPA nº 7 · registrado em/)).toBeTruthy();
  });

  it('checks the form with the shared schema: a summary of every error linking to its field, in Portuguese', async () => {
    setToken(staffToken({ perfil: 5 }));
    abrir();
    const form = await screen.findByRole('form', { name: 'Definir prazo de preenchimento da REAP' });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar prazo' }));
    const titulo = await within(form).findByRole('heading', { level: 2 });
    const resumo = titulo.closest('.error-summary') as HTMLElement;
    for (const m of [
      'Ano de referência: Informe o ano de referência', 'Início do preenchimento: Informe o início do preenchimento',
      'Fim do preenchimento: Informe o fim do preenchimento', 'Ato normativo: Informe o ato normativo',
    ]) {
      expect(within(resumo).getByRole('link', { name: m }).getAttribute('href')).toMatch(/^#prazo-/);
    }
    // The same words at the field.
    expect(within(form).getAllByText(/Informe o ato normativo/).length).toBeGreaterThanOrEqual(2);
    expect(http.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('extends a year\'s window with a new act and a new end', async () => {
    setToken(staffToken({ perfil: 1 }));
    abrir();
    http.put('/api/reap/prazos/2025', {
      status: 200,
      data: { codigo: 200, mensagem: 'Prazo de preenchimento salvo com sucesso', dados: { ...PRAZO, fimPreenchimento: '2026-05-31', atoNormativo: { id: 4, nome: PRORROGACAO.nome } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Prorrogar o prazo de 2025' }));
    const form = screen.getByRole('form', { name: 'Definir prazo de preenchimento da REAP' });
    expect((within(form).getByLabelText('Ano de referência') as HTMLInputElement).value).toBe('2025');
    await within(form).findByRole('option', { name: 'Portaria MPA nº 9' });
    fireEvent.change(within(form).getByLabelText('Fim do preenchimento'), { target: { value: '2026-05-31' } });
    fireEvent.change(within(form).getByLabelText(/Ato normativo/), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar prazo' }));
    await waitFor(() => expect(http.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = http.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/reap/prazos/2025');
    expect(put.data).toEqual({ inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-05-31', idAtoNormativo: 4 });
    expect(await screen.findByText('Prazo de preenchimento salvo com sucesso')).toBeTruthy();
  });

  it('shows the warning\'s and the suspension\'s progress beside each year', async () => {
    setToken(staffToken({ perfil: 1 }));
    http.get('/api/reap/prazos', ok([{
      ...PRAZO,
      aviso: { fimPreenchimento: '2026-03-31', avisados: 956217, emailsEnviados: 401000, iniciadoEm: '2026-04-01T03:15:00.000Z', concluidoEm: '2026-04-01T03:40:00.000Z' },
      suspensao: { dataSuspensao: '2026-04-15', atoNormativo: { id: 4, nome: PRORROGACAO.nome }, lote: { id: 12, situacao: 1, total: 131695, concluidos: 50000 } },
    }]));
    http.get('/api/reap/prazos/historico', ok(HISTORICO));
    http.get(/^\/api\/ato-normativo\/listar\?vigente=true/, ok({ total: 2, atosNormativos: [ATO, PRORROGACAO] }));
    restoreNavigation = renderApp('/administracao/prazos-reap').restoreNavigation;
    const tabela = await screen.findByRole('table', { name: 'Prazos de preenchimento da REAP por ano de referência' });
    await within(tabela).findByText(/956\.217 pescadores avisados \(prazo de 31\/03\/2026\), 401\.000 e-mails; concluído em/);
    within(tabela).getByText('Em 15/04/2026, Portaria MPA nº 9: lote nº 12, 131.695 pescadores, em processamento (50.000 de 131.695)');
    // A suspension that ran cannot be cancelled.
    expect(within(tabela).queryByRole('button', { name: 'Cancelar a suspensão de 2025' })).toBeNull();
  });

  it('schedules the suspension of a year\'s defaulters with its act; the server\'s refusal lands at its field', async () => {
    setToken(staffToken({ perfil: 1 }));
    abrir();
    const form = await screen.findByRole('form', { name: 'Agendar a suspensão dos inadimplentes da REAP' });
    fireEvent.click(within(form).getByRole('button', { name: 'Agendar suspensão' }));
    const resumo = (await within(form).findByRole('heading', { level: 2 })).closest('.error-summary') as HTMLElement;
    for (const m of ['Ano de referência: Informe o ano de referência', 'Ato normativo: Informe o ato normativo', 'Data da suspensão: Informe a data da suspensão']) {
      expect(within(resumo).getByRole('link', { name: m }).getAttribute('href')).toMatch(/^#suspensao-/);
    }
    http.put('/api/reap/prazos/2025/suspensao', {
      status: 400,
      data: { codigo: 400, mensagem: 'Confira todos os campos do formulário', erros: ['dataSuspensao: A suspensão deve ser depois do fim do preenchimento (31/03/2026).'] },
    });
    await within(form).findByRole('option', { name: 'Portaria MPA nº 9' });
    fireEvent.change(within(form).getByLabelText('Ano de referência'), { target: { value: '2025' } });
    fireEvent.change(within(form).getByLabelText(/Ato normativo/), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText(/Data da suspensão/), { target: { value: '2026-03-20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Agendar suspensão' }));
    expect((await within(form).findAllByText(/A suspensão deve ser depois do fim do preenchimento \(31\/03\/2026\)/)).length).toBeGreaterThanOrEqual(1);
    const put = http.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/reap/prazos/2025/suspensao');
    expect(put.data).toEqual({ idAtoNormativo: 4, dataSuspensao: '2026-03-20' });
  });

  it('is not offered to profiles that do not manage', async () => {
    setToken(staffToken({ perfil: 6 }));
    abrir();
    expect(await screen.findByText('Seu perfil não tem acesso a esta área da administração.')).toBeTruthy();
  });
});
