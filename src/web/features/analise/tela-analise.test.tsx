import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnaliseDetalhe } from '../../../shared/schemas/analise';
import { confirmar } from '../../lib/confirm';
import { getToken, setToken } from '../../lib/storage';
import { fail, installMockHttp, networkError, ok, type MockHttp, type MockReply } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { documento, solicitacaoDetalhe } from '../../test/respostas';
import { TIPO_DOCUMENTO_PARECER } from '../../../shared/regras/arquivos';
import { staffToken } from '../../test/tokens';

vi.mock('../../lib/confirm', () => ({ confirmar: vi.fn(async () => true) }));

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('../../routes/analise-solicitacao');
  await import('../../routes/analise-acompanhar-analises');
});

beforeEach(() => {
  http = installMockHttp();
  vi.mocked(confirmar).mockClear();
  vi.mocked(confirmar).mockResolvedValue(true);
  // Anything the screen does not care about (the read-only wizard's lists): not found.
  http.get(/.*/, fail(404, 'Não encontrado'));
});

afterEach(() => {
  http.restore();
  restoreNavigation?.();
  vi.restoreAllMocks();
});

function detalhe(extra: Partial<AnaliseDetalhe> = {}): AnaliseDetalhe {
  return {
    idAnaliseSolicitacao: 11,
    situacaoAnalise: { id: 1, descricao: 'Aguardando análise' },
    dataHoraBloqueio: null,
    analista: null,
    bloqueadaPorMim: false,
    bloqueioExpirado: false,
    opcoesHabilitadas: true,
    podeConcluir: false,
    instancia: 'SFPA',
    justificativa: null,
    documentoParecer: null,
    solicitacao: {
      id: 501,
      tipo: 5,
      tipoDescricao: 'Cancelamento',
      situacao: 6,
      situacaoDescricao: 'Aguardando Análise',
      idPescador: 42,
      nomePescador: 'MARIA DAS GRAÇAS',
      cpfPescador: '123.456.789-09',
      uf: 'PA',
      numeroProtocolo: '20240000123',
      dataEnvio: '2024-05-02T13:00:00.000Z',
    },
    documentos: [
      { id: 71, tipo: 1, tipoDocumento: 1, nomeDocumento: 'Documento de identificação', nomeArquivo: 'rg.pdf', chaveArquivo: 'chave-rg-000001', migrado: false, aprovado: true },
      { id: 72, tipo: 2, tipoDocumento: 2, nomeDocumento: 'Comprovante de residência', nomeArquivo: 'conta.pdf', chaveArquivo: 'chave-conta-0001', migrado: false, aprovado: true },
    ],
    ...extra,
  };
}

/** Under analysis by the signed-in analyst: everything enabled. */
const emAnalisePorMim = (extra: Partial<AnaliseDetalhe> = {}) =>
  detalhe({
    situacaoAnalise: { id: 2, descricao: 'Em análise' },
    dataHoraBloqueio: '2024-05-03T12:00:00.000Z',
    analista: { id: 7, nome: 'JOÃO ANALISTA' },
    bloqueadaPorMim: true,
    podeConcluir: true,
    ...extra,
  });

const URL_TELA = '/analise/solicitacao?idAnalise=11&tipoSolicitacao=5&idSolicitacao=501';

function open(path = URL_TELA, perfil: 1 | 2 | 3 | 5 | 6 = 2) {
  setToken(staffToken({ perfil }));
  http.get('/api/solicitacao/501', ok(solicitacaoDetalhe({ id: 501, tipo: 5, justificativaDeclaracaoSolicitacaoCancelamento: 'Parei de pescar.' })));
  const app = renderApp(path);
  restoreNavigation = app.restoreNavigation;
  return app;
}

const checklist = () => screen.getByRole('group', { name: 'Documentos da solicitação' });
const aprovado = (nome: string) => screen.getByRole('checkbox', { name: `Aprovado – ${nome}` }) as HTMLInputElement;
const posts = () => http.calls.filter((c) => c.method === 'POST');

describe('/analise/solicitacao: what the screen shows', () => {
  it('the request, its documents with "Abrir" and an unapproved checklist, and the key fields of a request outside the wizard', async () => {
    http.get('/api/analise-solicitacao/11', ok(detalhe()));
    open();

    await screen.findByRole('heading', { level: 1, name: 'Análise da solicitação' });
    await screen.findByRole('heading', { level: 2, name: 'Solicitação nº 20240000123' });
    screen.getByText('Aguardando análise', { selector: 'strong' });
    expect(within(checklist()).getAllByRole('checkbox')).toHaveLength(2);
    // Spec point 3: every checklist entry starts unapproved, whatever the stored flag.
    expect(aprovado('Documento de identificação').checked).toBe(false);
    expect(aprovado('Comprovante de residência').checked).toBe(false);
    within(checklist()).getByRole('button', { name: /Abrir Documento de identificação/ });
    // Cancellation (tipo 5) is not a wizard request: its key fields are listed.
    const dados = screen.getByRole('region', { name: 'Dados da solicitação' });
    await within(dados).findByText('Parei de pescar.');
    // The fisher's REAPs, read-only, in the staff obligations list (issue 10, point 5).
    expect(screen.getByRole('link', { name: 'Ver as REAPs deste pescador' }).getAttribute('href'))
      .toBe('/analise/reap-obrigacoes?cpf=123.456.789-09');
  });

  it('the fisher\'s notices: their delivery per channel, read only when the analyst asks', async () => {
    http.get('/api/analise-solicitacao/11', ok(detalhe()));
    http.get('/api/pescador/42/envios-notificacao', ok([
      { id: 5, tipo: 1, canal: 2, situacao: 2, tentativas: 1, ultimoErro: null, criadaEm: '2024-05-04T12:00:00Z', enviadaEm: '2024-05-04T12:01:00Z', proximaTentativaEm: null },
    ]));
    open();
    const avisos = await screen.findByRole('region', { name: 'Avisos ao pescador' });
    expect(http.callsTo('/api/pescador/42/envios-notificacao')).toHaveLength(0);
    fireEvent.click(within(avisos).getByRole('button', { name: 'Ver a entrega dos avisos' }));
    const linha = (await within(avisos).findAllByRole('row'))[1]!;
    expect(linha.textContent).toContain('SMS');
    expect(linha.textContent).toContain('Enviado em 04/05/2024 09:01:00');
  });

  it('a first-RGP edit (tipo 7) shows the RGP numbers hyphen-separated, never raw (spec point 5)', async () => {
    const edicao = detalhe({ solicitacao: { ...detalhe().solicitacao, tipo: 7, tipoDescricao: 'Edição do primeiro RGP' } });
    http.get('/api/analise-solicitacao/11', ok(edicao));
    setToken(staffToken({ perfil: 2 }));
    http.get('/api/solicitacao/501', ok(solicitacaoDetalhe({
      id: 501, tipo: 7, numeroPrimeiroRGP: 'PAPA00000000007', orgao: 'SEAP/PR', dataPrimeiroRgp: '2005-04-01',
      rgp: { ...solicitacaoDetalhe().rgp!, numeroRGP: 'PAPA00000000001', numeroPrimeiroRGP: 'PAPA00000000007' },
    })));
    const app = renderApp('/analise/solicitacao?idAnalise=11&tipoSolicitacao=7&idSolicitacao=501');
    restoreNavigation = app.restoreNavigation;

    const dados = await screen.findByRole('region', { name: 'Dados da solicitação' });
    await within(dados).findByText('PA-PA-00000000001');
    within(dados).getByText('PA-PA-00000000007');
    expect(document.body.textContent).not.toMatch(/[A-Z]{2}P[AI]\d{11}/);
  });

  it('a registration (tipo 1) shows the fisher\'s data in the request wizard, read-only', async () => {
    const registro = detalhe({ solicitacao: { ...detalhe().solicitacao, tipo: 1, tipoDescricao: 'Registro inicial' } });
    http.get('/api/analise-solicitacao/11', ok(registro));
    setToken(staffToken({ perfil: 2 }));
    http.get('/api/solicitacao/501', ok(solicitacaoDetalhe({ id: 501, tipo: 1, passo: 4, situacao: 6, nome: 'MARIA DAS GRAÇAS', cpf: '12345678909' })));
    const app = renderApp('/analise/solicitacao?idAnalise=11&tipoSolicitacao=1&idSolicitacao=501');
    restoreNavigation = app.restoreNavigation;

    const dados = await screen.findByRole('region', { name: 'Dados da solicitação' });
    await within(dados).findByRole('heading', { level: 2, name: /Passo 1 de 5/ });
    expect(within(dados).queryByRole('button', { name: /Salvar/ })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('"Abrir" asks GET /api/cloud-storage/{chave}?jwt={token} and opens the signed address in a new tab', async () => {
    const aba = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    const abrir = vi.spyOn(window, 'open').mockReturnValue(aba as unknown as Window);
    http.get('/api/analise-solicitacao/11', ok(detalhe()));
    http.get(/^\/api\/cloud-storage\/chave-rg-000001\?jwt=/, ok({ url: 'https://arquivos.example/rg.pdf?assinatura=x' }));
    open();

    fireEvent.click(await screen.findByRole('button', { name: /Abrir Documento de identificação/ }));

    await waitFor(() => expect(aba.location.href).toBe('https://arquivos.example/rg.pdf?assinatura=x'));
    expect(abrir).toHaveBeenCalledWith('', '_blank');
    expect(aba.opener).toBeNull();
    const chamada = http.calls.find((c) => c.url.startsWith('/api/cloud-storage/'));
    expect(chamada?.url).toBe(`/api/cloud-storage/chave-rg-000001?jwt=${encodeURIComponent(getToken()!)}`);
  });

  it('disables every option when opcoesHabilitadas is false (another analyst holds the lock)', async () => {
    http.get(
      '/api/analise-solicitacao/11',
      ok(
        detalhe({
          situacaoAnalise: { id: 2, descricao: 'Em análise' },
          analista: { id: 9, nome: 'ANA OUTRA' },
          dataHoraBloqueio: '2024-05-03T12:00:00.000Z',
          opcoesHabilitadas: false,
        }),
      ),
    );
    open();

    await screen.findByText(/Esta análise está em andamento por ANA OUTRA desde 03\/05\/2024 09:00:00/);
    for (const c of within(checklist()).getAllByRole('checkbox')) expect((c as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Justificativa/) as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByLabelText(/documento de parecer/i, { selector: 'input' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Iniciar análise/ })).toBeNull();
    expect((screen.getByRole('button', { name: /Concluir análise/ }) as HTMLButtonElement).disabled).toBe(true);
    // Opening the documents stays possible.
    expect((within(checklist()).getAllByRole('button', { name: /Abrir/ })[0] as HTMLButtonElement).disabled).toBe(false);
  });

  it('CONSULTA_INTERNO sees everything read-only, without the analyst buttons', async () => {
    http.get('/api/analise-solicitacao/11', ok(detalhe({ opcoesHabilitadas: false })));
    open(URL_TELA, 6);

    await screen.findByText('Seu perfil permite somente consultar esta análise.');
    expect(aprovado('Documento de identificação').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Iniciar análise/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Concluir análise/ })).toBeNull();
  });
});

describe('the signals beside the request (decision 0112)', () => {
  const sinal = {
    id: 5, tipo: 1, tipoDescricao: 'Mesmo arquivo em outro CPF', explicacao: 'O arquivo de Foto é idêntico ao de 1 outro CPF (protocolo 2026000000001).',
    situacao: 1, situacaoDescricao: 'Pendente', marcadoPor: null, marcadoEm: null, observacao: null, criadoEm: '2026-12-07T10:00:00.000Z',
  };

  it('shows each signal with its explanation, and the analyst confirms one with a note', async () => {
    http.get('/api/analise-solicitacao/11', ok(detalhe()));
    http.get('/api/analise-solicitacao/11/sinais', ok([sinal]));
    http.post('/api/analise-solicitacao/11/sinais/5/marcacao', {
      status: 200, data: { codigo: 200, mensagem: 'Sinal confirmado.', dados: { ...sinal, situacao: 3, situacaoDescricao: 'Confirmado' } },
    });
    open();

    const regiao = await screen.findByRole('region', { name: 'Sinais para conferir' });
    within(regiao).getByText('1 sinal aguarda conferência.', { exact: false });
    within(regiao).getByText(sinal.explicacao);
    fireEvent.change(within(regiao).getByLabelText('Observação (opcional)'), { target: { value: 'Mesma foto de outro pescador.' } });
    fireEvent.click(within(regiao).getByRole('button', { name: 'Confirmar sinal' }));
    await screen.findByText('Sinal confirmado.');
    expect(posts().map((c) => [c.url, c.data])).toEqual([
      ['/api/analise-solicitacao/11/sinais/5/marcacao', { situacao: 3, observacao: 'Mesma foto de outro pescador.' }],
    ]);
  });

  it('offers no marking to a reader who does not analyse (CONSULTA_INTERNO)', async () => {
    http.get('/api/analise-solicitacao/11', ok(detalhe()));
    http.get('/api/analise-solicitacao/11/sinais', ok([sinal]));
    open(URL_TELA, 6);
    const regiao = await screen.findByRole('region', { name: 'Sinais para conferir' });
    expect(within(regiao).queryByRole('button')).toBeNull();
  });
});

describe('starting and cancelling the analysis', () => {
  it('"Iniciar análise" → POST /bloquear, toast "Análise iniciada com sucesso", the screen now allows concluding', async () => {
    let chamadas = 0;
    http.get('/api/analise-solicitacao/11', () => ok(chamadas++ === 0 ? detalhe() : emAnalisePorMim()));
    http.post('/api/analise-solicitacao/bloquear', {
      status: 200,
      data: { codigo: 200, mensagem: 'Análise iniciada com sucesso', dados: { idAnaliseSolicitacao: 11, situacaoAnalise: { id: 2 }, dataHoraBloqueio: '2024-05-03T12:00:00.000Z' } },
    });
    open();

    const concluir = await screen.findByRole('button', { name: /Concluir análise/ });
    expect((concluir as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Iniciar análise/ }));

    await screen.findByText('Análise iniciada com sucesso');
    expect(posts().map((c) => [c.url, c.data])).toEqual([['/api/analise-solicitacao/bloquear', { idAnaliseSolicitacao: 11 }]]);
    await waitFor(() => expect((screen.getByRole('button', { name: /Concluir análise/ }) as HTMLButtonElement).disabled).toBe(false));
    screen.getByText('Em análise', { selector: 'strong' });
    screen.getByRole('button', { name: /Cancelar início/ });
  });

  it('406 → the server message, and the analysis is shown in progress all the same', async () => {
    http.get('/api/analise-solicitacao/11', ok(detalhe()));
    http.post('/api/analise-solicitacao/bloquear', fail(406, 'Esta análise está em andamento por ANA OUTRA desde 03/05/2024 09:00:00.'));
    open();

    fireEvent.click(await screen.findByRole('button', { name: /Iniciar análise/ }));

    await waitFor(() => expect(screen.getAllByText('Esta análise está em andamento por ANA OUTRA desde 03/05/2024 09:00:00.').length).toBeGreaterThanOrEqual(2));
    screen.getByText('Em análise', { selector: 'strong' });
    expect(screen.queryByText('Aguardando análise', { selector: 'strong' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Iniciar análise/ })).toBeNull();
  });

  it('403 → the server message as an error', async () => {
    http.get('/api/analise-solicitacao/11', ok(detalhe()));
    http.post('/api/analise-solicitacao/bloquear', fail(403, 'Você só pode analisar solicitações de pescadores da UF do seu órgão.'));
    open();

    fireEvent.click(await screen.findByRole('button', { name: /Iniciar análise/ }));

    const toast = await screen.findByText('Você só pode analisar solicitações de pescadores da UF do seu órgão.');
    expect(toast.closest('.Toastify__toast--error')).toBeTruthy();
    screen.getByText('Aguardando análise', { selector: 'strong' });
  });

  it('any other failure → "Erro ao iniciar a análise"', async () => {
    http.get('/api/analise-solicitacao/11', ok(detalhe()));
    http.post('/api/analise-solicitacao/bloquear', (config) => networkError(config));
    open();

    fireEvent.click(await screen.findByRole('button', { name: /Iniciar análise/ }));

    await screen.findByText('Erro ao iniciar a análise');
  });

  it('"Cancelar início" → POST /desbloquear, "Inicio da analise cancelado!"; a 406 shows its message', async () => {
    http.get('/api/analise-solicitacao/11', ok(emAnalisePorMim()));
    http.post('/api/analise-solicitacao/desbloquear', { status: 200, data: { codigo: 200, mensagem: 'Inicio da analise cancelado!', dados: null } });
    open();

    fireEvent.click(await screen.findByRole('button', { name: /Cancelar início/ }));
    await screen.findByText('Inicio da analise cancelado!');
    expect(posts().map((c) => [c.url, c.data])).toEqual([['/api/analise-solicitacao/desbloquear', { idAnaliseSolicitacao: 11 }]]);

    http.post('/api/analise-solicitacao/desbloquear', fail(406, 'Somente o servidor que iniciou a análise pode cancelar o início.'));
    fireEvent.click(await screen.findByRole('button', { name: /Cancelar início/ }));
    await screen.findByText('Somente o servidor que iniciou a análise pode cancelar o início.');
  });
});

describe('concluding', () => {
  it('the justification rules, in the inline message and the summary, without calling the API', async () => {
    http.get('/api/analise-solicitacao/11', ok(emAnalisePorMim()));
    open();

    fireEvent.click(await screen.findByRole('button', { name: /Concluir análise/ }));

    const campo = screen.getByLabelText(/^Justificativa/);
    await waitFor(() => expect(campo.getAttribute('aria-invalid')).toBe('true'));
    const obrigatoria = 'O campo justificativa é obrigatório para casos de INDEFERIMENTOS';
    expect(document.getElementById('justificativa-erro')?.textContent).toBe(obrigatoria);
    const resumo = screen.getByRole('heading', { name: 'Existem erros no formulário' }).closest('.error-summary') as HTMLElement;
    expect(within(resumo).getByRole('link').getAttribute('href')).toBe('#justificativa');
    expect(within(resumo).getByRole('link').textContent).toContain(obrigatoria);

    fireEvent.change(campo, { target: { value: 'Documento ilegível.' } });
    fireEvent.click(screen.getByRole('button', { name: /Concluir análise/ }));
    await waitFor(() =>
      expect(document.getElementById('justificativa-erro')?.textContent).toBe('A justificativa precisa ter no mínimo 30 caracteres'),
    );

    expect(confirmar).not.toHaveBeenCalled();
    expect(posts()).toHaveLength(0);
  });

  it('all approved: confirm, POST atualizar-analise-solicitacao with the checklist, toast of the server, back to the list', async () => {
    http.get('/api/analise-solicitacao/11', ok(emAnalisePorMim()));
    http.post('/api/analise-solicitacao/atualizar-analise-solicitacao', {
      status: 200,
      data: { codigo: 200, mensagem: 'Análise DEFERIDA com sucesso!', dados: { idAnaliseSolicitacao: 11, situacaoAnalise: { id: 3, descricao: 'Deferida' }, situacaoSolicitacao: 4, numeroRGP: null } },
    });
    http.get('/api/analise-solicitacao/totalizadores', ok({ aguardandoAnalise: 0, emAnalise: 0, analisadas: 1 }));
    http.get(/^\/api\/analise-solicitacao\?/, ok({ total: 0, analises: [] }));
    const { router } = open();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Aprovado – Documento de identificação' }));
    fireEvent.click(aprovado('Comprovante de residência'));
    screen.getByText('Todos os documentos aprovados: a análise será DEFERIDA.');
    fireEvent.click(screen.getByRole('button', { name: /Concluir análise/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/analise/acompanhar-analises'));
    expect(confirmar).toHaveBeenCalledWith();
    expect(posts().map((c) => [c.url, c.data])).toEqual([
      [
        '/api/analise-solicitacao/atualizar-analise-solicitacao',
        {
          id: 11,
          solicitacao: 501,
          documentos: [
            { id: 71, aprovado: true, tipoDocumento: 1 },
            { id: 72, aprovado: true, tipoDocumento: 2 },
          ],
          justificativa: '',
          documentoParecer: null,
        },
      ],
    ]);
    await screen.findByText('Análise DEFERIDA com sucesso!');
  });

  it('nothing to check: "Devolver ao pescador" with the justification returns the request (decision 0020)', async () => {
    http.get('/api/analise-solicitacao/11', ok(emAnalisePorMim({ documentos: [] })));
    http.post('/api/analise-solicitacao/atualizar-analise-solicitacao', {
      status: 200,
      data: { codigo: 200, mensagem: 'Análise INDEFERIDA com sucesso!', dados: { idAnaliseSolicitacao: 11, situacaoAnalise: { id: 4, descricao: 'Indeferida' }, situacaoSolicitacao: 2, numeroRGP: null } },
    });
    http.get('/api/analise-solicitacao/totalizadores', ok({ aguardandoAnalise: 0, emAnalise: 0, analisadas: 1 }));
    http.get(/^\/api\/analise-solicitacao\?/, ok({ total: 0, analises: [] }));
    const { router } = open();

    await screen.findByText('Esta solicitação não tem documentos. Devolva-a ao pescador com a justificativa, para que envie os documentos que faltam.');
    const devolver = screen.getByRole('button', { name: /Devolver ao pescador/ });
    fireEvent.click(devolver);
    await screen.findByRole('link', { name: /O campo justificativa é obrigatório/ });
    expect(posts()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Justificativa/), { target: { value: 'Falta o comprovante do primeiro RGP: envie-o para a análise.' } });
    fireEvent.click(devolver);
    await waitFor(() => expect(router.state.location.pathname).toBe('/analise/acompanhar-analises'));
    expect(posts()[0]?.data).toMatchObject({ id: 11, solicitacao: 501, documentos: [] });
  });

  it('not confirmed: nothing is sent', async () => {
    vi.mocked(confirmar).mockResolvedValue(false);
    http.get('/api/analise-solicitacao/11', ok(emAnalisePorMim()));
    open();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Aprovado – Documento de identificação' }));
    fireEvent.click(aprovado('Comprovante de residência'));
    fireEvent.click(screen.getByRole('button', { name: /Concluir análise/ }));

    await waitFor(() => expect(confirmar).toHaveBeenCalled());
    expect(posts()).toHaveLength(0);
  });

  it('edição de documentos (tipo 9) with a rejection → POST /api/analise-solicitacao-edicao-documento', async () => {
    const edicao = emAnalisePorMim({
      solicitacao: { ...detalhe().solicitacao, tipo: 9, tipoDescricao: 'Edição de documentos' },
    });
    http.get('/api/analise-solicitacao/11', ok(edicao));
    http.post('/api/analise-solicitacao-edicao-documento', {
      status: 200,
      data: { codigo: 200, mensagem: 'Análise INDEFERIDA com sucesso!', dados: { idAnaliseSolicitacao: 11, situacaoAnalise: { id: 4, descricao: 'Indeferida' }, situacaoSolicitacao: 2, numeroRGP: null } },
    });
    http.get('/api/analise-solicitacao/totalizadores', ok({ aguardandoAnalise: 0, emAnalise: 0, analisadas: 1 }));
    http.get(/^\/api\/analise-solicitacao\?/, ok({ total: 0, analises: [] }));
    const { router } = open('/analise/solicitacao?idAnalise=11&tipoSolicitacao=9&idSolicitacao=501');

    await screen.findByRole('heading', { level: 2, name: 'Solicitação de edição de documentos nº 20240000123' });
    fireEvent.click(aprovado('Documento de identificação'));
    const justificativa = 'O comprovante de residência está ilegível e fora da validade.';
    fireEvent.change(screen.getByLabelText(/^Justificativa/), { target: { value: justificativa } });
    fireEvent.click(screen.getByRole('button', { name: /Concluir análise/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/analise/acompanhar-analises'));
    expect(posts().map((c) => [c.url, c.data])).toEqual([
      [
        '/api/analise-solicitacao-edicao-documento',
        {
          id: 11,
          solicitacao: 501,
          documentos: [
            { id: 71, aprovado: true, tipoDocumento: 1 },
            { id: 72, aprovado: false, tipoDocumento: 2 },
          ],
          justificativa,
          documentoParecer: null,
        },
      ],
    ]);
    await screen.findByText('Análise INDEFERIDA com sucesso!');
  });

  it('a refused decision keeps the analyst on the screen with the server message (or the default one)', async () => {
    http.get('/api/analise-solicitacao/11', ok(emAnalisePorMim()));
    http.post('/api/analise-solicitacao/atualizar-analise-solicitacao', { status: 500, data: 'Internal Server Error' });
    const { router } = open();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Aprovado – Documento de identificação' }));
    fireEvent.click(aprovado('Comprovante de residência'));
    fireEvent.click(screen.getByRole('button', { name: /Concluir análise/ }));

    await screen.findByText('Erro ao submeter analise enviar análise');
    expect(router.state.location.pathname).toBe('/analise/solicitacao');
  });
});

describe('opinion document (parecer)', () => {
  const arquivo = (nome: string, tipo: string, tamanho = 10) => new File([new Uint8Array(tamanho)], nome, { type: tipo });

  it('refuses what is not a PDF and what is larger than 2MB, with the messages of the spec', async () => {
    http.get('/api/analise-solicitacao/11', ok(emAnalisePorMim()));
    open();

    const campo = await screen.findByLabelText('Enviar documento de parecer');
    fireEvent.change(campo, { target: { files: [arquivo('foto.png', 'image/png')] } });
    await screen.findByText('O documento precisa ser formato PDF');

    fireEvent.change(campo, { target: { files: [arquivo('grande.pdf', 'application/pdf', 2048 * 1024 + 1)] } });
    await screen.findByText('O documento não pode ser maior que 2MB');
    expect(posts()).toHaveLength(0);
  });

  it('sends the PDF (multipart idAnaliseSolicitacao, arquivos), its id goes with the decision, and it can be removed', async () => {
    http.get('/api/analise-solicitacao/11', ok(emAnalisePorMim()));
    http.post('/api/documentos/parecer', ok({ documentos: [documento(900, TIPO_DOCUMENTO_PARECER, { nomeArquivo: 'parecer.pdf', chaveArquivo: 'chave-parecer-01' })] }));
    http.delete('/api/documentos/parecer/documento/900', { status: 204 });
    const respostas: MockReply[] = [];
    http.post('/api/analise-solicitacao/atualizar-analise-solicitacao', () => {
      const r = fail(406, 'Inicie a análise antes de registrar o parecer.');
      respostas.push(r);
      return r;
    });
    open();

    fireEvent.change(await screen.findByLabelText('Enviar documento de parecer'), {
      target: { files: [arquivo('parecer.pdf', 'application/pdf')] },
    });
    await screen.findByText('Documento salvo com sucesso');
    const envio = http.calls.find((c) => c.url === '/api/documentos/parecer');
    const form = envio?.data as FormData;
    expect(form.get('idAnaliseSolicitacao')).toBe('11');
    expect((form.get('arquivos') as File).name).toBe('parecer.pdf');
    screen.getByText('parecer.pdf');

    fireEvent.click(aprovado('Documento de identificação'));
    fireEvent.click(aprovado('Comprovante de residência'));
    fireEvent.click(screen.getByRole('button', { name: /Concluir análise/ }));
    await waitFor(() => expect(respostas).toHaveLength(1));
    const decisao = posts().find((c) => c.url.endsWith('atualizar-analise-solicitacao'));
    expect((decisao?.data as { documentoParecer: number }).documentoParecer).toBe(900);
    await screen.findByText('Inicie a análise antes de registrar o parecer.');

    fireEvent.click(screen.getByRole('button', { name: /Remover documento de parecer parecer.pdf/ }));
    await screen.findByText('Documento removido com sucesso');
    expect(http.calls.some((c) => c.method === 'DELETE' && c.url === '/api/documentos/parecer/documento/900')).toBe(true);
    screen.getByText('Nenhum documento de parecer enviado.');
  });
});
