import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AtoNormativo } from '../../shared/schemas/ato-normativo';
import { formatarData, hojeSaoPaulo } from '../../shared/datas';
import type { PrazoReap, PrazoReapHistorico } from '../../shared/schemas/reap';
import { MENSAGENS_INADIMPLENCIA_REAP, type InadimplentesReap } from '../../shared/schemas/reap-inadimplencia';
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
  id: 3, nome: 'Portaria MPA nº 7', descricao: 'Prazo da REAP.', dataInicioVigencia: '2026-01-01', dataTerminoVigencia: null, prazoRecursoDias: null, prazoDecisaoRecursoDias: null, vigente: true,
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

/** Today (São Paulo) moved by `dias` days, as an ISO date. */
function dia(dias: number): string {
  const d = new Date(`${hojeSaoPaulo()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}
/** The last closed reference year: its obligations exist once its window starts. */
const ANO = Number(hojeSaoPaulo().slice(0, 4)) - 1;

/** Answers each GET /api/reap/prazos with the next of `respostas` (the last one from then on). */
function prazosEmSequencia(respostas: PrazoReap[][]) {
  let i = 0;
  http.get('/api/reap/prazos', () => ok(respostas[Math.min(i++, respostas.length - 1)]!));
}

function abrirCom(respostas: PrazoReap[][], historico: PrazoReapHistorico[] = []) {
  prazosEmSequencia(respostas);
  http.get('/api/reap/prazos/historico', ok(historico));
  http.get(/^\/api\/ato-normativo\/listar\?vigente=true/, ok({ total: 2, atosNormativos: [ATO, PRORROGACAO] }));
  restoreNavigation = renderApp('/administracao/prazos-reap').restoreNavigation;
}

const tabela = () => screen.findByRole('table', { name: 'Prazos de preenchimento da REAP por ano de referência' });

describe('the REAP windows screen tells what happens (decision 0071)', () => {
  it('never says "not started" for a start in the past, and reads again until the obligations are created', async () => {
    setToken(staffToken({ perfil: 1 }));
    const iniciado: PrazoReap = { ...PRAZO, anoReferencia: ANO, inicioPreenchimento: dia(-30), fimPreenchimento: dia(30), obrigacoes: null };
    abrirCom([[iniciado], [{ ...iniciado, obrigacoes: { criadas: 1, concluidaEm: new Date().toISOString() } }]]);
    const t = await tabela();
    await within(t).findByText('Em criação: começa em instantes');
    expect(within(t).queryByText(/não começou/)).toBeNull();
    // Nothing is running yet, but something is pending: the table reads again (every 5 s).
    await within(t).findByText(/^1 criada em /);
  }, 15_000);

  it('reads again while a closed window waits for its warning', async () => {
    setToken(staffToken({ perfil: 1 }));
    const fechado: PrazoReap = { ...PRAZO, anoReferencia: ANO, inicioPreenchimento: dia(-60), fimPreenchimento: dia(-1) };
    const avisado = { fimPreenchimento: dia(-1), avisados: 0, emailsEnviados: 0, iniciadoEm: new Date().toISOString(), concluidoEm: new Date().toISOString() };
    abrirCom([[fechado], [{ ...fechado, aviso: avisado }]]);
    const t = await tabela();
    await within(t).findByText('Aguardando o aviso');
    await within(t).findByText(/^0 pescadores avisados/);
  }, 15_000);

  it('says why a window not started has no obligations yet', async () => {
    setToken(staffToken({ perfil: 1 }));
    abrirCom([[
      { ...PRAZO, anoReferencia: ANO, inicioPreenchimento: dia(20), fimPreenchimento: dia(90), obrigacoes: null },
      { ...PRAZO, anoReferencia: ANO + 1, inicioPreenchimento: dia(-5), fimPreenchimento: dia(90), obrigacoes: null },
    ]]);
    const t = await tabela();
    await within(t).findByText(`Ainda não criadas: o prazo começa em ${formatarData(dia(20))}`);
    within(t).getByText(`Ainda não criadas: são criadas quando ${ANO + 1} terminar e o prazo começar`);
  });

  it('before a save that closes the window, says how many are warned and how; cancelled, nothing is saved', async () => {
    setToken(staffToken({ perfil: 1 }));
    const aberto: PrazoReap = { ...PRAZO, anoReferencia: ANO, inicioPreenchimento: dia(-60), fimPreenchimento: dia(30) };
    abrirCom([[aberto]]);
    const contagem: InadimplentesReap = { anoReferencia: ANO, inadimplentes: 1234, obrigacoesCompletas: true, avisaAoSalvar: true };
    http.get(new RegExp(`^/api/reap/prazos/${ANO}/inadimplentes\\?fimPreenchimento=${dia(-1)}$`), ok(contagem));
    http.put(`/api/reap/prazos/${ANO}`, ok({ ...aberto, fimPreenchimento: dia(-1) }));
    fireEvent.click(await screen.findByRole('button', { name: `Prorrogar o prazo de ${ANO}` }));
    const form = screen.getByRole('form', { name: 'Definir prazo de preenchimento da REAP' });
    // An extension is a new act: the form asks for it again.
    expect((within(form).getByLabelText(/Ato normativo/) as HTMLSelectElement).value).toBe('');
    await within(form).findByRole('option', { name: 'Portaria MPA nº 9' });
    fireEvent.change(within(form).getByLabelText('Fim do preenchimento'), { target: { value: dia(-1) } });
    fireEvent.change(within(form).getByLabelText(/Ato normativo/), { target: { value: '4' } });
    const texto = MENSAGENS_INADIMPLENCIA_REAP.confirmarAviso.texto({ ano: ANO, fim: dia(-1), inadimplentes: 1234, completas: true });
    expect(texto).toContain('1.234 pescadores que ainda não enviaram');

    fireEvent.click(within(form).getByRole('button', { name: 'Salvar prazo' }));
    const dialogo = await screen.findByRole('dialog');
    within(dialogo).getByText(texto);
    within(dialogo).getByText(MENSAGENS_INADIMPLENCIA_REAP.confirmarAviso.titulo);
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(within(form).getByRole('button', { name: 'Salvar prazo' }));
    fireEvent.click(await screen.findByRole('button', { name: MENSAGENS_INADIMPLENCIA_REAP.confirmarAviso.botao }));
    await waitFor(() => expect(http.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
  });

  it('a save that warns nobody now goes straight on', async () => {
    setToken(staffToken({ perfil: 1 }));
    const aberto: PrazoReap = { ...PRAZO, anoReferencia: ANO, inicioPreenchimento: dia(-60), fimPreenchimento: dia(30) };
    abrirCom([[aberto]]);
    http.put(`/api/reap/prazos/${ANO}`, ok(aberto));
    fireEvent.click(await screen.findByRole('button', { name: `Prorrogar o prazo de ${ANO}` }));
    const form = screen.getByRole('form', { name: 'Definir prazo de preenchimento da REAP' });
    await within(form).findByRole('option', { name: 'Portaria MPA nº 9' });
    fireEvent.change(within(form).getByLabelText('Fim do preenchimento'), { target: { value: dia(60) } });
    fireEvent.change(within(form).getByLabelText(/Ato normativo/), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar prazo' }));
    await waitFor(() => expect(http.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('before scheduling a suspension, says when, how many today and what may still be done', async () => {
    setToken(staffToken({ perfil: 1 }));
    const fechado: PrazoReap = { ...PRAZO, anoReferencia: ANO, inicioPreenchimento: dia(-60), fimPreenchimento: dia(-10) };
    abrirCom([[fechado]]);
    http.get(`/api/reap/prazos/${ANO}/inadimplentes`, ok({ anoReferencia: ANO, inadimplentes: 1, obrigacoesCompletas: true, avisaAoSalvar: false }));
    http.put(`/api/reap/prazos/${ANO}/suspensao`, ok(fechado));
    const form = await screen.findByRole('form', { name: 'Agendar a suspensão dos inadimplentes da REAP' });
    await within(form).findByRole('option', { name: 'Portaria MPA nº 9' });
    fireEvent.change(within(form).getByLabelText('Ano de referência'), { target: { value: String(ANO) } });
    fireEvent.change(within(form).getByLabelText(/Ato normativo/), { target: { value: '4' } });
    fireEvent.change(within(form).getByLabelText(/Data da suspensão/), { target: { value: dia(15) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Agendar suspensão' }));
    const dialogo = await screen.findByRole('dialog');
    const texto = MENSAGENS_INADIMPLENCIA_REAP.confirmarSuspensao.texto({ ano: ANO, data: dia(15), inadimplentes: 1, completas: true });
    expect(texto).toContain('hoje, 1 pescador.');
    expect(texto).toContain('pode ser remarcada ou cancelada');
    within(dialogo).getByText(texto);
    expect(http.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialogo).getByRole('button', { name: MENSAGENS_INADIMPLENCIA_REAP.confirmarSuspensao.botao }));
    await waitFor(() => expect(http.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
  });

  it('keeps each date whole on one line in the table and the history', async () => {
    setToken(staffToken({ perfil: 1 }));
    abrir();
    const t = await tabela();
    const datas = within(t).getAllByText(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(datas.map((d) => d.textContent)).toEqual(['01/01/2026', '31/03/2026']);
    for (const d of datas) expect(d.classList.contains('sem-quebra')).toBe(true);
    const historico = await screen.findByText(/registrado em/);
    expect(historico.querySelectorAll('.sem-quebra')).toHaveLength(3);
  });
});

describe('the REAP windows screen', () => {
  it('lists each year\'s window with its act, its obligations and its history', async () => {
    setToken(staffToken({ perfil: 1 }));
    abrir();
    await screen.findByRole('heading', { level: 1, name: 'Prazos da REAP' });
    const tabela = await screen.findByRole('table', { name: 'Prazos de preenchimento da REAP por ano de referência' });
    expect(tabela.textContent).toContain('01/01/2026 a 31/03/2026');
    within(tabela).getByText('Portaria MPA nº 7');
    within(tabela).getByText(/956\.217 criadas em/);
    const historico = await screen.findByRole('region', { name: 'Histórico dos prazos' });
    await waitFor(() => expect(within(historico).getByRole('listitem').textContent).toMatch(/^01\/01\/2026 a 31\/03\/2026 · Portaria MPA nº 7 · registrado em/));
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
    // The end is past: the screen asks whom saving it warns (nobody now: it goes straight on).
    http.get(/^\/api\/reap\/prazos\/2025\/inadimplentes/, ok({ anoReferencia: 2025, inadimplentes: 0, obrigacoesCompletas: true, avisaAoSalvar: false }));
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
