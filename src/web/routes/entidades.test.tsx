import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { fisherToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('./entidades');
});
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

describe("/representacao (the agent's desk)", () => {
  it('asks the list once the agent stops typing a name, not on each key', async () => {
    setToken(fisherToken({ idPescador: undefined }));
    http.get(/^\/api\/representacao\/pescadores/, ok({ entidades: [{ id: 1, nome: 'Colônia Z-3', situacao: 1, validadeAgente: '2029-12-31' }], total: 0, representados: [], proximo: null }));
    restoreNavigation = renderApp('/representacao').restoreNavigation;
    const filtro = await screen.findByLabelText('Filtrar por nome');
    for (const v of ['M', 'Ma', 'Mar', 'Maria']) fireEvent.change(filtro, { target: { value: v } });
    const mesa = () => http.calls.filter((c) => c.url.startsWith('/api/representacao/pescadores'));
    await waitFor(() => expect(mesa().some((c) => c.url.includes('nome=Maria'))).toBe(true));
    expect(mesa().filter((c) => /nome=M(a|ar)?(&|$)/.test(c.url))).toEqual([]);
  });

  it('links the consent term of a fisher without gov.br', async () => {
    setToken(fisherToken({ idPescador: undefined }));
    http.get('/api/representacao/pescadores', ok({ entidades: [], total: 0, representados: [], proximo: null }));
    restoreNavigation = renderApp('/representacao').restoreNavigation;
    expect((await screen.findByRole('link', { name: /Registrar termo de consentimento/ })).getAttribute('href')).toBe('/representacao/termo');
  });

  const ENTIDADE = { id: 1, nome: 'Colônia Z-3', situacao: 1, validadeAgente: '2029-12-31' };
  const linha = (id: number, nome: string, extra: Record<string, unknown> = {}) => ({
    idPescador: id, nome, cpf: '12345678909', uf: 'PA', situacaoPescador: 1, numeroRgp: null, reapsDevidas: 0, prazoReap: null,
    solicitacoesEmAndamento: 0, recursosPendentes: 0, idDelegacao: id, servicos: [2], fim: '2029-06-30', situacaoDelegacao: 1, ...extra,
  });

  it('shows the count and each fisher with the REAP deadline, appeals and requests; the filters and pages ask the server', async () => {
    setToken(fisherToken({ idPescador: undefined }));
    http.get(/^\/api\/representacao\/pescadores/, (req) => {
      if (req.url.includes('apos=11')) return ok({ entidades: [ENTIDADE], total: 3, representados: [linha(12, 'CARLOS')], proximo: null });
      if (req.url.includes('deveReap=sim')) return ok({ entidades: [ENTIDADE], total: 1, representados: [linha(10, 'ANA', { reapsDevidas: 2, prazoReap: '2026-10-31' })], proximo: null });
      return ok({
        entidades: [ENTIDADE], total: 3, proximo: 11,
        representados: [linha(10, 'ANA', { reapsDevidas: 2, prazoReap: '2026-10-31' }), linha(11, 'BENEDITO', { recursosPendentes: 1, solicitacoesEmAndamento: 1 })],
      });
    });
    restoreNavigation = renderApp('/representacao').restoreNavigation;
    expect(await screen.findByText('3 pescadores encontrados')).toBeTruthy();
    const tabela = screen.getByRole('table', { name: 'Pescadores representados' });
    expect(within(tabela).getByText('2, a primeira até 31/10/2026')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect((await screen.findAllByText('CARLOS')).length).toBeGreaterThan(0);
    expect(screen.getByText('Página 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Próxima página' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Deve REAP'), { target: { value: 'sim' } });
    expect(await screen.findByText('1 pescador encontrado')).toBeTruthy();
    // A new filter starts again from the first page.
    expect(screen.getByText('Página 1')).toBeTruthy();
    expect(http.calls.some((c) => c.url.includes('deveReap=sim') && !c.url.includes('apos='))).toBe(true);
  });

  it('downloads the CSV of the filtered list', async () => {
    setToken(fisherToken({ idPescador: undefined }));
    http.get(/^\/api\/representacao\/pescadores\?|^\/api\/representacao\/pescadores$/, ok({ entidades: [ENTIDADE], total: 1, representados: [linha(10, 'ANA')], proximo: null }));
    http.get(/^\/api\/representacao\/pescadores\/csv/, { status: 200, data: 'Nome\r\nANA\r\n', headers: { 'Content-Type': 'text/csv' } });
    const criar = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:mesa');
    restoreNavigation = renderApp('/representacao').restoreNavigation;
    fireEvent.change(await screen.findByLabelText('Tem recurso pendente'), { target: { value: 'nao' } });
    await waitFor(() => expect(http.calls.some((c) => c.url.includes('recursoPendente=nao'))).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar lista filtrada (CSV)' }));
    await waitFor(() => expect(criar).toHaveBeenCalled());
    const csv = http.calls.find((c) => c.url.startsWith('/api/representacao/pescadores/csv'));
    expect(csv?.url).toBe('/api/representacao/pescadores/csv?recursoPendente=nao');
    criar.mockRestore();
  });

  it('says, without signal, that the list shown is the last one read', async () => {
    setToken(fisherToken({ idPescador: undefined }));
    http.get(/^\/api\/representacao\/pescadores/, ok({ entidades: [ENTIDADE], total: 1, representados: [linha(10, 'ANA')], proximo: null }));
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    restoreNavigation = renderApp('/representacao').restoreNavigation;
    expect((await screen.findAllByText('ANA')).length).toBeGreaterThan(0);
    online.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText(/A lista mostrada é a última lida, às/)).toBeTruthy();
    expect(screen.getAllByText('ANA').length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: 'Baixar lista filtrada (CSV)' }) as HTMLButtonElement).disabled).toBe(true);
    online.mockRestore();
  });
});
