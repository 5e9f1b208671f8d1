import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
  http.get(/.*/, ok(null));
  http.get(/^\/api\/solicitacao\?/, ok({ total: 0, solicitacoes: [] }));
});

afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

function open(path: string) {
  const app = renderApp(path);
  restoreNavigation = app.restoreNavigation;
  return app;
}

const RGP = {
  numeroRGP: 'PAPA00000000001', numeroPrimeiroRGP: 'PA-0001', orgao: 'SEAP', dataPrimeiroRgp: '2005-04-01', origem: null,
  situacao: 1, situacaoDescricao: 'Ativo', dataSuspensoCancelado: null, podeAcessarSistema: true,
};

describe('/pescador/edicao-rgp', () => {
  it('creates the type-7 request with the corrected date or agency, then asks for the proof of the first RGP', async () => {
    http.get('/api/rgp/pescador/42', ok(RGP));
    http.post('/api/solicitacao-edicao-rgp', ok(solicitacaoDetalhe({ id: 70, tipo: 7, situacao: 6 })));
    http.get('/api/documentos/solicitacao/70', ok({ documentos: [] }));
    const { router } = open('/pescador/edicao-rgp');

    const orgao = await screen.findByLabelText('Órgão que emitiu o primeiro RGP');
    expect((orgao as HTMLInputElement).value).toBe('SEAP');
    expect((screen.getByLabelText('Data do primeiro RGP') as HTMLInputElement).value).toBe('2005-04-01');
    expect((screen.getByLabelText('Número do primeiro RGP') as HTMLInputElement).readOnly).toBe(true);

    // Nothing changed: refused in the browser.
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar edição' }));
    await screen.findByRole('link', { name: /Altere a data ou o órgão do primeiro RGP/ });
    expect(http.callsTo('/api/solicitacao-edicao-rgp')).toHaveLength(0);

    fireEvent.change(orgao, { target: { value: 'mpa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar edição' }));

    await screen.findByRole('heading', { name: 'Comprovante do primeiro RGP (obrigatório)' });
    expect(http.callsTo('/api/solicitacao-edicao-rgp')[0]?.data).toEqual({
      numeroPrimeiroRGP: 'PA-0001', dataPrimeiroRgp: '2005-04-01', orgao: 'MPA',
    });
    screen.getByText('Solicitação de edição do primeiro RGP enviada com sucesso!');

    // Finishing without the proof is refused.
    fireEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    const aviso = await screen.findByRole('link', { name: 'Insira todos os documentos obrigatórios' });
    expect(aviso.getAttribute('href')).toBe('#documento-tipo-14');
    expect(router.state.location.pathname).toBe('/pescador/edicao-rgp');
  });

  it('a date in the future is refused', async () => {
    http.get('/api/rgp/pescador/42', ok(RGP));
    open('/pescador/edicao-rgp');
    fireEvent.change(await screen.findByLabelText('Data do primeiro RGP'), { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar edição' }));
    await screen.findByRole('link', { name: /A data não pode ser futura/ });
  });

  it('without an RGP number there is nothing to edit', async () => {
    http.get('/api/rgp/pescador/42', ok({ ...RGP, numeroRGP: null }));
    open('/pescador/edicao-rgp');
    await screen.findByText('A edição do primeiro RGP só está disponível para pescador com número de RGP.');
    expect(screen.queryByRole('button', { name: 'Solicitar edição' })).toBeNull();
  });

  it('a first-RGP edit already waiting for analysis is pointed to', async () => {
    http.get('/api/rgp/pescador/42', ok(RGP));
    http.get(/^\/api\/solicitacao\?/, ok({ total: 1, solicitacoes: [solicitacaoResumo({ id: 71, tipo: 7, situacao: 6 })] }));
    open('/pescador/edicao-rgp');
    const aviso = await screen.findByText('Já existe uma solicitação de edição do primeiro RGP em andamento.');
    const link = within(aviso.closest('.br-message') as HTMLElement).getByRole('link');
    expect(link.getAttribute('href')).toBe('/pescador/documentos?idSolicitacao=71&tipoSolicitacao=7');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Solicitar edição' })).toBeNull());
  });
});
