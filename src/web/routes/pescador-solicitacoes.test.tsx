import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SolicitacaoResumo } from '../../shared/schemas/solicitacao-api';
import { setToken } from '../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { solicitacaoDetalhe, solicitacaoResumo } from '../test/respostas';
import { fisherToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeEach(() => {
  http = installMockHttp();
  setToken(fisherToken());
});

afterEach(() => {
  http.restore();
  restoreNavigation?.();
  vi.restoreAllMocks();
});

function open(path: string) {
  const app = renderApp(path);
  restoreNavigation = app.restoreNavigation;
  return app;
}

const linha = (id: number, tipo: number, situacao: number, extra: Partial<SolicitacaoResumo> = {}) => solicitacaoResumo({
  id, tipo, tipoDescricao: '', situacao, situacaoDescricao: '', passo: 5,
  dataCriacao: '2025-03-10T13:00:00Z', nomePescador: 'MARIA',
  ...extra,
});

const LISTA = [
  linha(5, 1, 1, { passo: 2 }),
  linha(4, 2, 6, { dataEnvio: '2025-03-11T02:30:00Z', numeroProtocolo: '2025000004' }),
  linha(3, 3, 2, { dataEnvio: '2025-01-05T12:00:00Z', numeroProtocolo: '2025000003' }),
  linha(2, 1, 5, { dataEnvio: '2024-06-01T12:00:00Z', numeroProtocolo: '2024000002' }),
  linha(1, 1, 4, { dataEnvio: '2024-01-01T12:00:00Z', numeroProtocolo: '2024000001' }),
];

function lista(total: number, solicitacoes: unknown[]) {
  http.get(/^\/api\/solicitacao\?/, ok({ total, solicitacoes }));
}

/** The cells of each body row, by column header. */
function linhas(): Record<string, string>[] {
  const tabela = screen.getByRole('table');
  const cabecalhos = within(tabela).getAllByRole('columnheader').map((c) => c.textContent ?? '');
  const corpo = within(tabela).getAllByRole('rowgroup')[1]!;
  return within(corpo).getAllByRole('row').map((row) => {
    const celulas = [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')];
    return Object.fromEntries(cabecalhos.slice(0, 5).map((h, i) => [h, celulas[i]?.textContent ?? '']));
  });
}

describe('/pescador/solicitacoes', () => {
  it('lists the requests in an accessible table: type, status label, protocol and pt-BR dates', async () => {
    lista(5, LISTA);
    open('/pescador/solicitacoes');

    const tabela = await screen.findByRole('table', { name: /Minhas solicitações/ });
    within(tabela).getByText(/5 solicitações, página 1 de 1/);
    expect(within(tabela).getAllByRole('columnheader').map((c) => c.getAttribute('scope'))).toEqual(Array(6).fill('col'));
    expect(linhas()).toEqual([
      { Tipo: 'Registro inicial nº 5', Situação: 'Rascunho', Protocolo: '—', 'Criada em': '10/03/2025', 'Enviada em': '—' },
      { Tipo: 'Recadastramento nº 4', Situação: 'Aguardando Análise', Protocolo: '2025000004', 'Criada em': '10/03/2025', 'Enviada em': '10/03/2025' },
      { Tipo: 'Registro inicial com protocolo nº 3', Situação: 'Em atualização de informações', Protocolo: '2025000003', 'Criada em': '10/03/2025', 'Enviada em': '05/01/2025' },
      { Tipo: 'Registro inicial nº 2', Situação: 'Indeferida', Protocolo: '2024000002', 'Criada em': '10/03/2025', 'Enviada em': '01/06/2024' },
      { Tipo: 'Registro inicial nº 1', Situação: 'Deferida', Protocolo: '2024000001', 'Criada em': '10/03/2025', 'Enviada em': '01/01/2024' },
    ]);
    const url = http.calls[0]?.url ?? '';
    expect(Object.fromEntries(new URLSearchParams(url.split('?')[1]))).toEqual({ pagina: '1', tamanhoPagina: '10' });

    // Actions by status: continue and discard a draft, documents, protocol of a sent request.
    expect(screen.getByRole('link', { name: 'Continuar Registro inicial nº 5' }).getAttribute('href')).toBe('/pescador/solicitacao?idSolicitacao=5&tipoSolicitacao=1');
    screen.getByRole('button', { name: 'Descartar Registro inicial nº 5' });
    expect(screen.queryByRole('button', { name: 'Descartar Recadastramento nº 4' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Documentos Recadastramento nº 4' }).getAttribute('href')).toBe('/pescador/documentos?idSolicitacao=4&tipoSolicitacao=2');
    screen.getByRole('link', { name: 'Corrigir documentos Registro inicial com protocolo nº 3' });
    screen.getByRole('button', { name: 'Imprimir protocolo Recadastramento nº 4' });
    expect(screen.queryByRole('button', { name: 'Imprimir protocolo Registro inicial nº 5' })).toBeNull();
  });

  it('discards a draft only after confirmation, then reloads the list', async () => {
    lista(5, LISTA);
    http.delete('/api/solicitacao/5/inativar', ok(solicitacaoDetalhe({ id: 5, inativa: true })));
    open('/pescador/solicitacoes');
    fireEvent.click(await screen.findByRole('button', { name: 'Descartar Registro inicial nº 5' }));
    await screen.findByText('Descartar o rascunho?');
    lista(4, LISTA.slice(1));
    fireEvent.click(screen.getByRole('button', { name: 'Sim, descartar.' }));

    await screen.findByText('Rascunho excluído com sucesso.');
    expect(http.callsTo('/api/solicitacao/5/inativar').map((c) => c.method)).toEqual(['DELETE']);
    await waitFor(() => expect(linhas()).toHaveLength(4));
  });

  it('pages through the list (page in the address)', async () => {
    lista(25, LISTA);
    const { router } = open('/pescador/solicitacoes');
    await screen.findByText(/25 solicitações, página 1 de 3/);
    expect((screen.getByRole('button', { name: 'Página anterior' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));

    await waitFor(() => expect(router.state.location.search).toBe('?pagina=2'));
    await screen.findByText(/página 2 de 3/);
    expect(http.calls.at(-1)?.url).toBe('/api/solicitacao?pagina=2&tamanhoPagina=10');
  });

  it('prints the protocol: the PDF fetched with the bearer opens from an object address', async () => {
    lista(5, LISTA);
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    http.get('/api/pescador/42/imprimir-protocolo?idSolicitacao=4', { status: 200, data: pdf });
    const aba = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => aba as unknown as Window);
    const createObjectURL = vi.fn(() => 'blob:protocolo-4');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    open('/pescador/solicitacoes');

    fireEvent.click(await screen.findByRole('button', { name: 'Imprimir protocolo Recadastramento nº 4' }));

    await waitFor(() => expect(aba.location.href).toBe('blob:protocolo-4'));
    const chamada = http.callsTo('/api/pescador/42/imprimir-protocolo?idSolicitacao=4')[0];
    expect(chamada?.authorization).toMatch(/^Bearer /);
    expect(chamada?.config.responseType).toBe('blob');
    expect(createObjectURL).toHaveBeenCalledWith(pdf);
  });

  it('no requests yet', async () => {
    lista(0, []);
    open('/pescador/solicitacoes');
    await screen.findByText(/Você ainda não tem solicitações/);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
