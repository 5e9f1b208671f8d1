import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClienteIntegracao, CredencialCliente } from '../../shared/schemas/integracao';
import { setToken } from '../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { staffToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('./administracao-clientes-integracao');
});
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

const CLIENTE: ClienteIntegracao = {
  id: 1, clientId: 'rgp-abc', nome: 'Seguro-Defeso', orgao: 'INSS', contato: 'dirben@inss.gov.br', escopos: ['integracao.consultar'],
  limitePorMinuto: 600, validoAte: '2027-12-31T23:59:59.000Z', metodoAutenticacao: 'client_secret', versaoCredencial: 1, revogadoEm: null,
  criadoEm: '2026-12-01T12:00:00.000Z',
};
const CREDENCIAL: CredencialCliente = { cliente: CLIENTE, clientId: 'rgp-abc', clientSecret: 'segredo-uma-vez', tokenUrl: 'http://localhost/api/integracao/token' };

function abrir(clientes: ClienteIntegracao[] = []) {
  setToken(staffToken({ perfil: 5 }));
  http.get('/api/integracao/clientes', ok({ itens: clientes }));
  const app = renderApp('/administracao/clientes-integracao');
  restoreNavigation = app.restoreNavigation;
}

describe('/administracao/clientes-integracao', () => {
  it('lists the errors of an empty form and sends nothing', async () => {
    abrir();
    fireEvent.click(await screen.findByRole('button', { name: 'Cadastrar cliente' }));
    expect((await screen.findAllByText('Escolha pelo menos 1 escopo')).length).toBeGreaterThan(0);
    expect(http.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('registers a client and shows its secret once, with the focus on it', async () => {
    abrir();
    http.post('/api/integracao/clientes', ok(CREDENCIAL));
    fireEvent.change(await screen.findByLabelText('Nome do sistema'), { target: { value: 'Seguro-Defeso' } });
    fireEvent.change(screen.getByLabelText('Órgão'), { target: { value: 'INSS' } });
    fireEvent.change(screen.getByLabelText(/Contato responsável/), { target: { value: 'dirben@inss.gov.br' } });
    fireEvent.click(screen.getByLabelText(/integracao\.consultar/));
    fireEvent.change(screen.getByLabelText('Válido até'), { target: { value: '2099-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar cliente' }));
    const titulo = await screen.findByRole('heading', { name: 'Credencial de Seguro-Defeso' });
    await waitFor(() => expect(document.activeElement).toBe(titulo));
    expect(screen.getByText('segredo-uma-vez')).toBeTruthy();
    expect(http.callsTo('/api/integracao/clientes').find((c) => c.method === 'POST')?.data).toMatchObject({
      nome: 'Seguro-Defeso', escopos: ['integracao.consultar'], metodoAutenticacao: 'client_secret', limitePorMinuto: 600,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Já guardei a credencial' }));
    expect(screen.queryByText('segredo-uma-vez')).toBeNull();
  });

  it('shows each client with its actions', async () => {
    abrir([CLIENTE, { ...CLIENTE, id: 2, nome: 'Auditoria', revogadoEm: '2026-12-02T12:00:00.000Z' }]);
    const tabela = await screen.findByRole('table');
    expect(within(tabela).getByRole('button', { name: 'Revogar Seguro-Defeso' })).toBeTruthy();
    expect(within(tabela).getByRole('button', { name: 'Trocar a credencial de Seguro-Defeso' })).toBeTruthy();
    expect(within(tabela).queryByRole('button', { name: 'Revogar Auditoria' })).toBeNull();
  });
});
