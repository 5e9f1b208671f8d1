import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssinaturaWebhook, ClienteIntegracao, CredencialCliente, EntregaWebhook } from '../../shared/schemas/integracao';
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

const ASSINATURA: AssinaturaWebhook = {
  id: 7, clienteId: 1, cliente: 'Seguro-Defeso (INSS)', url: 'https://inss.gov.br/rgp', tipos: ['registro.suspenso'], falhasSeguidas: 0,
  desativadaEm: null, motivoDesativacao: null, pendentes: 0, entregues: 3, estacionadas: 1, criadoEm: '2026-12-01T12:00:00.000Z',
};
const PARADA: EntregaWebhook = {
  id: 40, eventoId: '991', tipo: 'registro.suspenso', estado: 'estacionada', tentativas: 12, ultimoStatus: 503, ultimoErro: 'HTTP 503',
  proximaTentativaEm: null, entregueEm: null, criadoEm: '2026-12-01T12:00:00.000Z',
};

function abrir(clientes: ClienteIntegracao[] = [], assinaturas: AssinaturaWebhook[] = []) {
  setToken(staffToken({ perfil: 5 }));
  http.get('/api/integracao/clientes', ok({ itens: clientes }));
  http.get('/api/integracao/webhooks', ok({ itens: assinaturas }));
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

  it('subscribes a client with the feed scope and shows the signing secret once', async () => {
    abrir([{ ...CLIENTE, escopos: ['integracao.eventos'] }]);
    http.post('/api/integracao/webhooks', ok({ assinatura: ASSINATURA, segredo: 'whsec_uma-vez' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Assinar webhook' }));
    expect((await screen.findAllByText('Escolha pelo menos 1 tipo de evento')).length).toBeGreaterThan(0);
    expect(http.calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(await screen.findByLabelText(/^Cliente de integração/), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Endereço (https://)'), { target: { value: 'https://inss.gov.br/rgp' } });
    fireEvent.click(screen.getByLabelText(/\(registro\.suspenso\)/));
    fireEvent.click(screen.getByRole('button', { name: 'Assinar webhook' }));
    const titulo = await screen.findByRole('heading', { name: 'Segredo do webhook de Seguro-Defeso (INSS)' });
    await waitFor(() => expect(document.activeElement).toBe(titulo));
    expect(http.callsTo('/api/integracao/webhooks').find((c) => c.method === 'POST')?.data).toEqual({
      clienteId: 1, url: 'https://inss.gov.br/rgp', tipos: ['registro.suspenso'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Já guardei o segredo' }));
    expect(screen.queryByText('whsec_uma-vez')).toBeNull();
  });

  it('shows the deliveries of a subscription and replays a parked one', async () => {
    abrir([CLIENTE], [ASSINATURA]);
    http.get('/api/integracao/webhooks/7/entregas', ok({ itens: [PARADA] }));
    http.post('/api/integracao/webhooks/7/entregas/40/reenvio', ok({ ...PARADA, estado: 'pendente' }));
    expect(await screen.findByText('3 entregues · 0 pendentes · 1 estacionadas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ver as entregas para https://inss.gov.br/rgp' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reenviar a entrega msg_991' }));
    await waitFor(() => expect(http.callsTo('/api/integracao/webhooks/7/entregas/40/reenvio').length).toBe(1));
  });
});
