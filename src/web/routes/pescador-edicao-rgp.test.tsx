import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../lib/storage';
import { MENSAGENS_SOLICITACAO_API } from '../../shared/schemas/solicitacao-api';
import { fail, installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { documento, solicitacaoDetalhe, solicitacaoResumo } from '../test/respostas';
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

const comMensagem = <T,>(dados: T, mensagem: string) => ({ status: 200, data: { codigo: 200, mensagem, dados } });

const RGP = {
  numeroRGP: 'PAPA00000000001', numeroPrimeiroRGP: 'PA-0001', orgao: 'SEAP', dataPrimeiroRgp: '2005-04-01', origem: null,
  situacao: 1, situacaoDescricao: 'Ativo', dataSuspensoCancelado: null, podeAcessarSistema: true,
};

describe('/pescador/edicao-rgp', () => {
  it('opens the type-7 draft with the corrected date or agency, and sends it only with the proof of the first RGP (decision 0020)', async () => {
    http.get('/api/rgp/pescador/42', ok(RGP));
    http.post('/api/solicitacao-edicao-rgp', comMensagem(solicitacaoDetalhe({ id: 70, tipo: 7, situacao: 1 }), MENSAGENS_SOLICITACAO_API.edicaoRgpCriada));
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
    await screen.findByText(MENSAGENS_SOLICITACAO_API.edicaoRgpCriada);

    // Sending without the proof is refused in the browser, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para análise' }));
    const aviso = await screen.findByRole('link', { name: 'Insira todos os documentos obrigatórios' });
    expect(aviso.getAttribute('href')).toBe('#documento-tipo-14');
    expect(http.callsTo('/api/solicitacao-edicao-rgp/70/enviar')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/pescador/edicao-rgp');
  });

  it('resumes a draft and sends it; the server\'s refusal is shown at the proof', async () => {
    http.get('/api/rgp/pescador/42', ok(RGP));
    http.get(/^\/api\/solicitacao\?/, ok({ total: 1, solicitacoes: [solicitacaoResumo({ id: 71, tipo: 7, situacao: 1 })] }));
    http.get('/api/documentos/solicitacao/71', ok({ documentos: [documento(5, 14)] }));
    http.post('/api/solicitacao-edicao-rgp/71/enviar', fail(400, 'Insira todos os documentos obrigatórios'));
    open('/pescador/edicao-rgp');
    await screen.findByText('Você tem uma edição do primeiro RGP ainda não enviada.');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar para análise' }));
    const aviso = await screen.findByRole('link', { name: 'Insira todos os documentos obrigatórios' });
    expect(aviso.getAttribute('href')).toBe('#documento-tipo-14');
    expect(http.callsTo('/api/solicitacao-edicao-rgp/71/enviar')).toHaveLength(1);

    http.post('/api/solicitacao-edicao-rgp/71/enviar', comMensagem(solicitacaoDetalhe({ id: 71, tipo: 7, situacao: 6 }), MENSAGENS_SOLICITACAO_API.edicaoRgpEnviada));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para análise' }));
    await waitFor(() => expect(http.callsTo('/api/solicitacao-edicao-rgp/71/enviar')).toHaveLength(2));
  });

  it('shows the RGP numbers hyphen-separated, never raw (spec point 5)', async () => {
    http.get('/api/rgp/pescador/42', ok({ ...RGP, numeroPrimeiroRGP: 'PAPA00000000007' }));
    open('/pescador/edicao-rgp');
    const atual = await screen.findByRole('region', { name: 'Dados atuais' });
    within(atual).getByText('PA-PA-00000000001');
    within(atual).getByText('PA-PA-00000000007');
    expect((screen.getByLabelText('Número do primeiro RGP') as HTMLInputElement).value).toBe('PA-PA-00000000007');
    expect(document.body.textContent).not.toMatch(/[A-Z]{2}P[AI]\d{11}/);
  });

  it('offers the historic issuers of first RGPs and shows the server\'s field error at its field (decision 0021)', async () => {
    http.get('/api/rgp/pescador/42', ok(RGP));
    http.post('/api/solicitacao-edicao-rgp', fail(400, 'Confira todos os campos obrigatórios do formulário', { erros: ['orgao: Órgão inválido'] }));
    open('/pescador/edicao-rgp');
    const orgao = await screen.findByRole('combobox', { name: 'Órgão que emitiu o primeiro RGP' });
    const lista = document.getElementById(orgao.getAttribute('list') ?? '') as HTMLDataListElement;
    const siglas = Array.from(lista.options).map((o) => o.value);
    expect(siglas).toEqual(expect.arrayContaining(['SEAP/PR', 'IBAMA', 'SUDEPE', 'MPA', 'SFPA-PA']));

    fireEvent.change(orgao, { target: { value: 'XYZ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar edição' }));
    await waitFor(() => expect(orgao.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(orgao.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe('Órgão inválido');
    await screen.findByRole('link', { name: /Órgão inválido/ });
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
