import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Obrigacao, Questionario } from '../../shared/schemas/reap';
import { setToken } from '../lib/storage';
import { fail, installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { documento } from '../test/respostas';
import { fisherToken, staffToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeEach(() => {
  http = installMockHttp();
  http.get(/.*/, ok(null));
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

const obrigacao = (extra: Partial<Obrigacao>): Obrigacao => ({
  id: 1, idSolicitacao: 10, idPescador: 42, anoReferencia: 2025, categoria: 2, enviada: false, iniciada: false, situacao: 8,
  inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-12-31', noPrazo: true, enviadaEm: null, ...extra,
});

const questionario = (extra: Partial<Questionario> = {}): Questionario => ({
  ...obrigacao({}), solicitacao: { id: 10 }, pescador: { nome: 'MARIA DAS GRAÇAS PESCADORA', cpf: '12345678909', uf: 'PA' }, tipoPrestacaoServico: null, realizouPesca: null, houveComercializacao: null,
  totalDiasTrabalhadoAno: null, reapsArtesanais: [], resultadosOperacaoPesca: [], gruposAlvosPescado: [], locaisPescaPetrecho: [],
  ufsComercializacao: [], justificativasSolicitacao: [], documentosJustificativa: [], documentoRelacaoTrabalho: [], codigoVerificacao: null,
  ...extra,
});

const lista = (obrigacoes: Obrigacao[]) => ({ total: obrigacoes.length, pagina: 1, tamanhoPagina: 100, obrigacoes });

describe('/reap', () => {
  it('offers the generation of the pending years, then lists each REAP with its next step', async () => {
    http.get('/api/reap/listar-reap-pendente-pescador/42', ok([{ ano: 2024, status: 'toCreate', months: [5, 6, 7, 8, 9, 10, 11, 12] }]));
    http.get(/\/api\/reap\/pescador-consultar-obrigacoes\/filtro/, ok(lista([
      obrigacao({ id: 1, anoReferencia: 2025, iniciada: true }),
      obrigacao({ id: 2, anoReferencia: 2023, noPrazo: false, inicioPreenchimento: '2024-01-01', fimPreenchimento: '2024-03-31' }),
      obrigacao({ id: 3, anoReferencia: 2022, enviada: true, situacao: 9, noPrazo: false, enviadaEm: '2023-02-01T12:00:00.000Z' }),
    ])));
    http.post('/api/reap/gerar-reap-pescador/42', ok({ criadas: [4] }));
    open('/reap');

    await screen.findByRole('heading', { name: 'REAP 2025' });
    expect(screen.getByText('Rascunho')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continuar a REAP 2025' }).getAttribute('href')).toBe('/reap/artesanal?idQuestionarioBasico=1');
    expect(screen.getByText('Fora do prazo')).toBeTruthy();
    expect(screen.getByText(/O prazo foi de 01\/01\/2024 a 31\/03\/2024/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Imprimir 2ª via da REAP 2022' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Gerar REAPs pendentes' }));
    // The confirmation's dialog is loaded on demand: under load it takes more than the default second.
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, gerar as REAPs.' }));
    await waitFor(() => expect(http.callsTo('/api/reap/gerar-reap-pescador/42')).toHaveLength(1));
  });
});

describe('/reap with nothing owed: the reason', () => {
  const nadaDevido = (motivo: string, anoInicioRegistro: number | null) => {
    http.get('/api/reap/listar-reap-pendente-pescador/42', ok([]));
    http.get('/api/reap/situacao-pescador/42', ok({ devidas: [], motivo, anoInicioRegistro, anosSuspensao: [] }));
  };

  it('a registry begun this year: the first REAP is of this year, declared from the next', async () => {
    nadaDevido('registroRecente', 2026);
    http.get(/\/api\/reap\/pescador-consultar-obrigacoes\/filtro/, ok(lista([])));
    open('/reap');
    const motivo = await screen.findByText('Seu registro começou em 2026: a primeira REAP será do ano de 2026, a declarar a partir de 2027.');
    const mensagem = motivo.closest('[role="status"]') as HTMLElement;
    expect(within(mensagem).getByText('Você não tem REAP a declarar.')).toBeTruthy();
  });

  it('no RGP number yet', async () => {
    nadaDevido('semRgp', null);
    http.get(/\/api\/reap\/pescador-consultar-obrigacoes\/filtro/, ok(lista([])));
    open('/reap');
    await screen.findByText('Você ainda não tem número de RGP. A REAP é devida a partir do ano em que o registro começa.');
  });

  it('every REAP sent: the reason above the list of sent REAPs', async () => {
    nadaDevido('todasEnviadas', 2024);
    http.get(/\/api\/reap\/pescador-consultar-obrigacoes\/filtro/, ok(lista([
      obrigacao({ id: 3, anoReferencia: 2025, enviada: true, situacao: 9, enviadaEm: '2026-02-01T12:00:00.000Z' }),
      obrigacao({ id: 2, anoReferencia: 2024, enviada: true, situacao: 9, enviadaEm: '2025-02-01T12:00:00.000Z' }),
    ])));
    open('/reap');
    await screen.findByText('Todas as suas REAPs foram enviadas.');
    expect(screen.getByText('Você não tem REAP a declarar.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Imprimir 2ª via da REAP 2025' })).toBeTruthy();
  });

  it('says nothing is owed when something is', async () => {
    http.get('/api/reap/listar-reap-pendente-pescador/42', ok([{ ano: 2025, status: 'pending', months: [] }]));
    http.get('/api/reap/situacao-pescador/42', ok({ devidas: [{ ano: 2025, fimPreenchimento: null }], motivo: null, anoInicioRegistro: 2024, anosSuspensao: [] }));
    http.get(/\/api\/reap\/pescador-consultar-obrigacoes\/filtro/, ok(lista([obrigacao({ id: 1, anoReferencia: 2025 })])));
    open('/reap');
    await screen.findByRole('heading', { name: 'REAP 2025' });
    await waitFor(() => expect(http.callsTo('/api/reap/situacao-pescador/42')).toHaveLength(1));
    expect(screen.queryByText('Você não tem REAP a declarar.')).toBeNull();
  });
});

describe('/reap/declaracao', () => {
  it('does not go on without the declaration, then sends category 1 to the industrial form', async () => {
    http.get('/api/reap/questionario-basico/7', ok(questionario({ id: 7, categoria: 1 })));
    const { router } = open('/reap/declaracao?idQuestionarioBasico=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Avançar' }));
    await screen.findByRole('link', { name: /Não é possivel avançar sem ler e concordar com a declaração/ });
    fireEvent.click(screen.getByLabelText('Li e concordo com a declaração'));
    fireEvent.click(screen.getByRole('button', { name: 'Avançar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reap/industrial'));
  });
});

describe('/reap/artesanal', () => {
  it('checks the rules before sending, linking each error to its field, and the days of each month as typed', async () => {
    http.get('/api/reap/questionario-basico/7', ok(questionario({ id: 7, anoReferencia: 2025, iniciada: true })));
    open('/reap/artesanal?idQuestionarioBasico=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar a REAP' }));
    const link = await screen.findByRole('link', { name: /Informe no campo Se Realizou pesca nesse período!/ });
    expect(link.getAttribute('href')).toBe('#realizouPesca');
    expect(http.callsTo('/api/reap/questionario-basico')).toHaveLength(0);

    fireEvent.click(screen.getAllByLabelText('Sim')[0]!);
    fireEvent.change(await screen.findByLabelText('Fevereiro'), { target: { value: '30' } });
    await screen.findByText('O mês de fevereiro possui 28 dias.');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar a REAP' }));
    const doMes = await screen.findByRole('link', { name: /O mês de fevereiro possui 28 dias\./ });
    expect(doMes.getAttribute('href')).toBe('#mes-2');
    expect(screen.getByRole('link', { name: /Informe o Tipo de Serviço no campo Relação de Trabalho!/ }).getAttribute('href')).toBe('#tipoPrestacaoServico');
    expect(http.callsTo('/api/reap/questionario-basico')).toHaveLength(0);
  });

  it('shows a sent REAP read-only', async () => {
    http.get('/api/reap/questionario-basico/8', ok(questionario({
      id: 8, enviada: true, situacao: 9, realizouPesca: false, enviadaEm: '2026-02-01T12:00:00.000Z', codigoVerificacao: 'ABCDEFGHJKLMNPQR',
      justificativasSolicitacao: [{ justificativaNaoDeclaracao: 1 }],
    })));
    open('/reap/artesanal?idQuestionarioBasico=8');
    await screen.findByText('REAP já foi enviada');
    expect(screen.getByText('ABCDEFGHJKLMNPQR')).toBeTruthy();
    expect(screen.getByText('Doença ou acidente')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar a REAP' })).toBeNull();
  });
});

/** Types character by character, as a user would, the cursor at the end (the masks read each key). */
function digitar(input: HTMLInputElement, texto: string) {
  for (const ch of texto) {
    fireEvent.keyDown(input, { key: ch });
    fireEvent.input(input, { target: { value: input.value + ch } });
  }
}

const rascunhos = () => http.callsTo('/api/reap/questionario-basico');
/** The draft the form saved last (it saves 1.5 s after the last change). */
async function rascunhoSalvo(): Promise<Record<string, unknown>> {
  await waitFor(() => expect(rascunhos().length).toBeGreaterThan(0));
  return rascunhos().at(-1)!.data as Record<string, unknown>;
}

describe('/reap/artesanal (issue 21)', () => {
  beforeEach(() => {
    http.post('/api/reap/questionario-basico', ok(questionario({ id: 7 })));
  });

  it("keeps a fishing location of another state (Manaus, AM) when the draft comes back, and starts a new one at the fisher's state", async () => {
    http.get('/api/municipios/uf/AM', ok([{ id: 1300029, nome: 'Alvarães', uf: 'AM' }, { id: 1302603, nome: 'Manaus', uf: 'AM' }]));
    http.get('/api/municipios/uf/CE', ok([{ id: 2304400, nome: 'Fortaleza', uf: 'CE' }]));
    http.get('/api/reap/questionario-basico/7', ok(questionario({
      id: 7, iniciada: true, realizouPesca: true, pescador: { nome: 'MARIA DAS GRAÇAS PESCADORA', cpf: '12345678909', uf: 'CE' },
      locaisPescaPetrecho: [{ ambientePesca: 1, petrechoPesca: 2, areaPretendidaPesca: { idMunicipio: 1302603, tipoLocalPesca: 1, nomePopularLocalPesca: null } }],
    })));
    open('/reap/artesanal?idQuestionarioBasico=7');
    const uf = await screen.findByLabelText<HTMLSelectElement>('Estado (UF) do local');
    expect(uf.value).toBe('AM');
    const municipio = screen.getByLabelText<HTMLSelectElement>('Município');
    await waitFor(() => expect(municipio.value).toBe('1302603'));
    expect(within(municipio).queryByRole('option', { name: 'Belém' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar outro local' }));
    const ufs = screen.getAllByLabelText<HTMLSelectElement>('Estado (UF) do local');
    expect(ufs.map((s) => s.value)).toEqual(['AM', 'CE']);
    const salvo = await rascunhoSalvo();
    expect((salvo.locaisPescaPetrecho as { areaPretendidaPesca: { idMunicipio: number | null } }[]).map((l) => l.areaPretendidaPesca.idMunicipio))
      .toEqual([1302603, null]);
  });

  it('takes decimals in every unit: 40,5 dúzias come back as typed and are saved as 40.5', async () => {
    http.get('/api/reap/questionario-basico/7', ok(questionario({
      id: 7, iniciada: true, realizouPesca: true,
      resultadosOperacaoPesca: [{ especiePescado: { id: 1, nome: 'Tainha', nomeCientifico: 'Mugil liza' }, tipoUnidadeMedida: { id: 3 }, totalPescado: 40.5, precoQuilo: 20 }],
    })));
    open('/reap/artesanal?idQuestionarioBasico=7');
    const total = await screen.findByLabelText<HTMLInputElement>('Quantidade pescada (dúzia)');
    expect(total.value).toBe('40,5');
    fireEvent.input(total, { target: { value: '' } });
    digitar(total, '12,75');
    expect(total.value).toBe('12,75');
    const salvo = await rascunhoSalvo();
    expect((salvo.resultadosOperacaoPesca as { totalPescado: number }[])[0]!.totalPescado).toBe(12.75);
  });

  it('saves a draft without an Idempotency-Key: an autosave is the whole form, and hundreds must not meet the quota (decision 0068)', async () => {
    http.get('/api/reap/questionario-basico/7', ok(questionario({ id: 7, iniciada: true, realizouPesca: true })));
    open('/reap/artesanal?idQuestionarioBasico=7');
    digitar(await screen.findByLabelText<HTMLInputElement>('Janeiro'), '5');
    const salvo = await rascunhoSalvo();
    expect(salvo.enviada).toBe(false);
    expect(rascunhos().map((r) => r.config.headers.get('Idempotency-Key'))).toEqual(rascunhos().map(() => null));
  });

  it('takes several states of sale, each state once', async () => {
    http.get('/api/reap/questionario-basico/7', ok(questionario({
      id: 7, iniciada: true, realizouPesca: true, houveComercializacao: true,
      ufsComercializacao: [{ uf: 'PA', comercializacoesPescado: [{ tipoComprador: 1 }] }],
    })));
    open('/reap/artesanal?idQuestionarioBasico=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar outro estado de venda' }));
    const estados = screen.getAllByLabelText<HTMLSelectElement>('Estado onde vendeu');
    expect(estados).toHaveLength(2);
    expect(within(estados[1]!).queryByRole('option', { name: 'Pará' })).toBeNull();
    fireEvent.change(estados[1]!, { target: { value: 'AM' } });
    const salvo = await rascunhoSalvo();
    expect((salvo.ufsComercializacao as { uf: string }[]).map((u) => u.uf)).toEqual(['PA', 'AM']);
  });

  it('clears a field error as soon as the field is put right, leaving the focus in the field', async () => {
    http.get('/api/reap/questionario-basico/7', ok(questionario({ id: 7, anoReferencia: 2024, iniciada: true })));
    open('/reap/artesanal?idQuestionarioBasico=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar a REAP' }));
    await screen.findByRole('link', { name: /Informe no campo Se Realizou pesca nesse período!/ });
    fireEvent.click(screen.getAllByLabelText('Sim')[0]!);
    await waitFor(() => expect(screen.queryByText(/Informe no campo Se Realizou pesca nesse período!/)).toBeNull());
    expect(screen.queryByText('Confira todos os campos do formulário')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Enviar a REAP' }));
    const meses = await screen.findByRole('link', { name: /É obrigatório informar quantidade de dias trabalhados de todos os meses!/ });
    expect(meses.getAttribute('href')).toBe('#mes-1');
    const janeiro = screen.getByLabelText<HTMLInputElement>('Janeiro');
    janeiro.focus();
    fireEvent.change(janeiro, { target: { value: '10' } });
    await waitFor(() => expect(screen.queryByText(/É obrigatório informar quantidade de dias trabalhados de todos os meses!/)).toBeNull());
    expect(document.activeElement).toBe(janeiro);
    // The errors of fields not touched stay until the next send.
    expect(screen.getByRole('link', { name: /Informe o Tipo de Serviço no campo Relação de Trabalho!/ })).toBeTruthy();
  });

  it('goes through the declaration when the address of the form is typed', async () => {
    http.get('/api/reap/questionario-basico/7', ok(questionario({ id: 7 })));
    const { router } = open('/reap/artesanal?idQuestionarioBasico=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reap/declaracao'));
    fireEvent.click(await screen.findByLabelText('Li e concordo com a declaração'));
    fireEvent.click(screen.getByRole('button', { name: 'Avançar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reap/artesanal'));
    await screen.findByRole('button', { name: 'Enviar a REAP' });
  });

  it('shows an industrial REAP opened at /reap/artesanal in the industrial form', async () => {
    http.get('/api/reap/questionario-basico/7', ok(questionario({ id: 7, categoria: 1, iniciada: true })));
    const { router } = open('/reap/artesanal?idQuestionarioBasico=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reap/industrial'));
    await screen.findByRole('radio', { name: 'Carteira de Trabalho (CTPS)' });
    expect(screen.queryByLabelText('Janeiro')).toBeNull();
  });
});

describe('/reap/industrial (issue 21)', () => {
  it("says what is wrong with a file after a failed send: its type, its size", async () => {
    http.get('/api/reap/questionario-basico/7', ok(questionario({ id: 7, categoria: 1, iniciada: true })));
    open('/reap/industrial?idQuestionarioBasico=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar a REAP' }));
    await screen.findByRole('link', { name: /É obrigatório anexar pelo menos 1 documento da relação de trabalho/ });
    const arquivo = screen.getByLabelText<HTMLInputElement>(/Comprovante da relação de trabalho/);
    fireEvent.change(arquivo, { target: { files: [new File(['anotações'], 'notas.txt', { type: 'text/plain' })] } });
    await screen.findByText('O documento precisa ser formato PDF, JPG ou PNG');
    fireEvent.change(arquivo, { target: { files: [new File([new Uint8Array(3 * 1024 * 1024)], 'grande.pdf', { type: 'application/pdf' })] } });
    await screen.findByText('O documento não pode ser maior que 2MB');
    expect(http.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('gives the focus to the next document after a removal, then to the file field', async () => {
    http.get('/api/reap/questionario-basico/7', ok(questionario({ id: 7, categoria: 1, iniciada: true, documentoRelacaoTrabalho: [documento(5, 7), documento(6, 7)] })));
    http.delete(/^\/api\/documentos\/reap-industrial\/7\/documento\/\d+$/, { status: 204 });
    open('/reap/industrial?idQuestionarioBasico=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Remover arquivo-5.pdf' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remover arquivo-6.pdf' })));
    fireEvent.click(screen.getByRole('button', { name: 'Remover arquivo-6.pdf' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Comprovante da relação de trabalho/)));
    expect(http.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/documentos/reap-industrial/7/documento/5', '/api/documentos/reap-industrial/7/documento/6',
    ]);
  });

  it('prints the quantities of a sent REAP with their decimals', async () => {
    http.get('/api/reap/questionario-basico/8', ok(questionario({
      id: 8, enviada: true, situacao: 9, realizouPesca: true, enviadaEm: '2026-02-01T12:00:00.000Z',
      resultadosOperacaoPesca: [{ especiePescado: { id: 1, nome: 'Tainha', nomeCientifico: 'Mugil liza' }, tipoUnidadeMedida: { id: 3 }, totalPescado: 40.5, precoQuilo: 20 }],
    })));
    open('/reap/artesanal?idQuestionarioBasico=8');
    await screen.findByText(/40,5 dz a R\$ 20,00/);
  });
});

describe('/analise/reap-obrigacoes (issue 21)', () => {
  beforeEach(() => {
    setToken(staffToken());
    http.get(/^\/api\/reap\/consultar-obrigacoes\/filtro/, ok({ total: 0, pagina: 1, tamanhoPagina: 20, obrigacoes: [] }));
  });

  it("names the fisher of the REAP read, and opens its documents through the signed address", async () => {
    http.get('/api/reap/questionario-basico/9', ok(questionario({
      id: 9, categoria: 1, enviada: true, situacao: 9, realizouPesca: true, tipoPrestacaoServico: 4, enviadaEm: '2026-02-01T12:00:00.000Z',
      documentoRelacaoTrabalho: [documento(5, 7, { nomeArquivo: 'ctps.pdf' })],
    })));
    http.get(/^\/api\/cloud-storage\//, ok({ url: 'https://storage.example/assinado?x=1' }));
    const aba = { opener: {} as unknown, closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => aba as unknown as Window);
    open('/analise/reap-obrigacoes?questionario=9');
    await screen.findByText('MARIA DAS GRAÇAS PESCADORA');
    expect(screen.getByText('123.456.789-09')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir ctps.pdf' }));
    await waitFor(() => expect(aba.location.href).toBe('https://storage.example/assinado?x=1'));
    expect(http.calls.at(-1)?.url).toMatch(/^\/api\/cloud-storage\/chave5\?jwt=/);
  });

  it('says at the CPF field that a partial CPF is incomplete, in the error summary too, and does not search', async () => {
    open('/analise/reap-obrigacoes');
    await screen.findByText('0 obrigações encontradas');
    fireEvent.change(screen.getByLabelText('CPF'), { target: { value: '123.456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    const link = await screen.findByRole('link', { name: 'Informe o CPF completo, com 11 dígitos' });
    expect(link.getAttribute('href')).toBe('#filtro-cpf');
    expect(screen.getByLabelText('CPF').getAttribute('aria-invalid')).toBe('true');
    expect(http.calls.some((c) => c.url.includes('cpf='))).toBe(false);
    fireEvent.change(screen.getByLabelText('CPF'), { target: { value: '123.456.789-09' } });
    await waitFor(() => expect(screen.queryByText('Informe o CPF completo, com 11 dígitos')).toBeNull());
  });

  it('shows the message of a filter the server refused at its field', async () => {
    http.get(/^\/api\/reap\/consultar-obrigacoes\/filtro\?cpf=123/, fail(400, 'Dados inválidos', { erros: ['cpf: Informe o CPF completo, com 11 dígitos'] }));
    open('/analise/reap-obrigacoes?cpf=123');
    const link = await screen.findByRole('link', { name: 'Informe o CPF completo, com 11 dígitos' });
    expect(link.getAttribute('href')).toBe('#filtro-cpf');
  });
});
