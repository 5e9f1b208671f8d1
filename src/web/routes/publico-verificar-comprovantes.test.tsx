import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fail, installMockHttp, networkError, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';

/** The pages the receipts' QR codes open (decision 0044): no sign-in, no captcha, the verdict in words. */
let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;
const TOKEN = 'AQAAAAMyMDI0MDAwMDAwNzc3abcdefghijklmnop';

beforeAll(async () => {
  await import('./publico-verificar-protocolo');
  await import('./publico-verificar-reap');
});

beforeEach(() => {
  http = installMockHttp();
});

afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

/** A 200 envelope with the server's sentence. */
function autentico(dados: Record<string, unknown>, mensagem: string) {
  return { status: 200, data: { codigo: 200, mensagem, dados } };
}

function open(path: string) {
  const app = renderApp(path);
  restoreNavigation = app.restoreNavigation;
  return app;
}

describe('/verificar-protocolo', () => {
  it('genuine: "Comprovante autêntico" as a status, with the protocol\'s public status, without a captcha', async () => {
    http.get(`/api/protocolo-solicitacao/verificar/${TOKEN}`, autentico({
      numeroProtocolo: '2024000000777', tipo: 1, tipoDescricao: 'Registro inicial', situacao: 6,
      situacaoDescricao: 'Aguardando Análise', dataEnvio: '2024-05-02T14:30:00.000Z', nome: 'MARIA S. S.', uf: 'PA',
    }, 'Comprovante de protocolo autêntico.'));
    open(`/verificar-protocolo?token=${TOKEN}`);

    await screen.findByRole('heading', { level: 1, name: 'Verificação do comprovante de protocolo' });
    const veredito = await screen.findByText('Comprovante autêntico');
    expect(veredito.closest('[role="status"]')?.querySelector('.fa-check-circle')).toBeTruthy();
    screen.getByText('2024000000777');
    screen.getByText('Aguardando Análise');
    screen.getByText('MARIA S. S.');
    screen.getByText('02/05/2024 11:30:00');
    expect(http.calls.map((c) => c.url)).toEqual([`/api/protocolo-solicitacao/verificar/${TOKEN}`]);
    expect(http.calls[0]?.config.headers.get('x-hcaptcha-token')).toBeFalsy();
    screen.getByRole('link', { name: 'consulta de protocolo' });
  });

  it('tampered: "Comprovante inválido" with the server\'s words, and nothing of any request', async () => {
    http.get(`/api/protocolo-solicitacao/verificar/${TOKEN}`, fail(400, 'Código de verificação inválido.'));
    open(`/verificar-protocolo?token=${TOKEN}`);

    const veredito = await screen.findByText('Comprovante inválido');
    const caixa = veredito.closest('[role="status"]') as HTMLElement;
    within(caixa).getByText('Código de verificação inválido.');
    expect(caixa.querySelector('.fa-times-circle')).toBeTruthy();
    expect(screen.queryByText('Número do protocolo')).toBeNull();
  });

  it('without a code: invalid, and nothing is asked', async () => {
    open('/verificar-protocolo');
    await screen.findByText('Comprovante inválido');
    screen.getByText('Código de verificação inválido.');
    expect(http.calls).toHaveLength(0);
  });
});

describe('/verificar-reap', () => {
  it('genuine: the year, category, situation, masked name and date sent', async () => {
    http.get(`/api/reap/verificar/${TOKEN}`, autentico({
      anoReferencia: 2024, categoria: 2, categoriaDescricao: 'Artesanal', situacao: 9, situacaoDescricao: 'Enviada',
      nome: 'MARIA S. S.', dataEnvio: '2026-03-10T13:05:09.000Z',
    }, 'Comprovante de envio da REAP autêntico.'));
    open(`/verificar-reap?token=${TOKEN}`);

    await screen.findByRole('heading', { level: 1, name: 'Verificação do comprovante de envio da REAP' });
    await screen.findByText('REAP enviada: comprovante autêntico');
    const lista = screen.getByText('Ano de referência').closest('dl') as HTMLElement;
    within(lista).getByText('2024');
    within(lista).getByText('Artesanal');
    within(lista).getByText('Enviada');
    within(lista).getByText('MARIA S. S.');
    within(lista).getByText('10/03/2026 10:05:09');
  });

  it('tampered: "Comprovante inválido" with the server\'s words', async () => {
    http.get(`/api/reap/verificar/${TOKEN}`, fail(400, 'Código de verificação inválido.'));
    open(`/verificar-reap?token=${TOKEN}`);

    await screen.findByText('Comprovante inválido');
    screen.getByText('Código de verificação inválido.');
    expect(screen.queryByText('Ano de referência')).toBeNull();
  });

  it('without an answer: the generic error and a retry button', async () => {
    http.get(`/api/reap/verificar/${TOKEN}`, (config) => networkError(config));
    open(`/verificar-reap?token=${TOKEN}`);

    await waitFor(() => expect(screen.getAllByText('Erro desconhecido, tente novamente mais tarde').length).toBeGreaterThanOrEqual(1));
    screen.getByRole('button', { name: 'Tentar novamente' });
  });
});
