import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Obrigacao, Questionario } from '../../shared/schemas/reap';
import { setToken } from '../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { fisherToken } from '../test/tokens';

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
  ...obrigacao({}), solicitacao: { id: 10 }, tipoPrestacaoServico: null, realizouPesca: null, houveComercializacao: null,
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
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, gerar as REAPs.' }));
    await waitFor(() => expect(http.callsTo('/api/reap/gerar-reap-pescador/42')).toHaveLength(1));
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
    http.get('/api/reap/questionario-basico/7', ok(questionario({ id: 7, anoReferencia: 2025 })));
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
