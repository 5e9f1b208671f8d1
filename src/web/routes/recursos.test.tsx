import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MENSAGENS_RECURSO, ResultadoRecurso } from '../../shared/schemas/recurso';
import { ROTA_FILA_RECURSOS } from '../../shared/rotas-web';
import { setToken } from '../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { fisherToken, staffToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('./recursos');
});
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

describe('the staff queue of appeals', () => {
  it('tells a fisher it is not theirs, naming the appeals, and asks the server nothing', async () => {
    setToken(fisherToken());
    const app = renderApp(ROTA_FILA_RECURSOS);
    restoreNavigation = app.restoreNavigation;
    await screen.findByRole('heading', { level: 1, name: 'Acesso não permitido' });
    expect(screen.getByText(MENSAGENS_RECURSO.semAcessoFila)).toBeTruthy();
    expect(http.calls.filter((c) => c.url.includes('/api/recursos'))).toEqual([]);
  });

  it('lets a manager pick appeals of one act, confirm how many, and follow the job that decides them, naming those not decided', async () => {
    setToken(staffToken({ perfil: 1 }));
    const linha = (id: number, nome: string) => ({
      id, numeroProtocolo: `2026${id}`, nomePescador: nome, uf: 'PA', objetoDescricao: 'Suspensão do registro', instancia: 2, orgao: 'MPA',
      prazoInstancia: '2026-12-30', diasRestantes: 23, atrasado: false, resultado: null, resultadoDescricao: null, analista: null,
    });
    http.get('/api/recursos/atos', ok({ atos: [{ id: 7, nome: 'Portaria MPA 548/2025', pendentes: 2 }] }));
    http.get(/^\/api\/recursos\?/, ok({ total: 2, proximo: null, recursos: [linha(11, 'ANA SILVA'), linha(12, 'JOSE SOUZA')] }));
    http.post('/api/recursos/decisao-em-lote', { status: 200, data: { codigo: 200, mensagem: MENSAGENS_RECURSO.decisaoEmLoteIniciada(2), dados: { id: 40, total: 2 } } });
    http.get('/api/recursos/decisao-em-lote/40', ok({
      id: 40, total: 2, processados: 2, decididos: 1, recusados: 1, concluida: true, proximo: null,
      recusas: [{ id: 12, mensagem: MENSAGENS_RECURSO.emAnaliseIndividual }],
    }));
    const app = renderApp(`${ROTA_FILA_RECURSOS}?ato=7`);
    restoreNavigation = app.restoreNavigation;
    await screen.findByRole('heading', { name: 'Decidir em lote' });
    // Every appeal fits on this page: no "all of the filter" to choose.
    expect(screen.queryByLabelText(/recursos deste filtro/)).toBeNull();
    fireEvent.click(screen.getByLabelText('Selecionar todos desta página'));
    fireEvent.click(screen.getByLabelText('Provido'));
    fireEvent.change(screen.getByLabelText(/Justificativa \(a mesma para todos\)/), { target: { value: 'A lista incluiu pescadores ativos.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decidir os selecionados' }));
    const confirmacao = await screen.findByRole('alertdialog');
    expect(confirmacao.textContent).toContain('Decidir 2 recursos de Portaria MPA 548/2025 como “Provido”?');
    expect(http.callsTo('/api/recursos/decisao-em-lote')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar a decisão de 2 recursos' }));
    await screen.findByText(`Recurso 12: ${MENSAGENS_RECURSO.emAnaliseIndividual}`);
    expect(screen.getByText(/Decisão em lote concluída: 2 de 2 recursos processados, 1 decididos, 1 não decididos\./)).toBeTruthy();
    expect(http.callsTo('/api/recursos/decisao-em-lote')[0]!.data).toEqual({
      ato: 7, ids: [11, 12], resultado: ResultadoRecurso.PROVIDO, justificativa: 'A lista incluiu pescadores ativos.',
    });
  });

  it("chooses all of a filter's appeals on the server, sending the filter and the count the manager confirmed", async () => {
    setToken(staffToken({ perfil: 1 }));
    const linha = (id: number) => ({
      id, numeroProtocolo: `2026${id}`, nomePescador: `PESCADOR ${id}`, uf: 'PA', objetoDescricao: 'Suspensão do registro', instancia: 2,
      orgao: 'MPA', prazoInstancia: '2026-12-30', diasRestantes: 23, atrasado: false, resultado: null, resultadoDescricao: null, analista: null,
    });
    http.get('/api/recursos/atos', ok({ atos: [{ id: 7, nome: 'Portaria MPA 548/2025', pendentes: 131695 }] }));
    http.get(/^\/api\/recursos\?/, ok({ total: 11874, proximo: '2026-12-30_12', recursos: [linha(11), linha(12)] }));
    http.post('/api/recursos/decisao-em-lote', { status: 200, data: { codigo: 200, mensagem: MENSAGENS_RECURSO.decisaoEmLoteIniciada(11874), dados: { id: 41, total: 11874 } } });
    http.get('/api/recursos/decisao-em-lote/41', ok({
      id: 41, total: 11874, processados: 4000, decididos: 4000, recusados: 0, concluida: false, proximo: null, recusas: [],
    }));
    const app = renderApp(`${ROTA_FILA_RECURSOS}?ato=7&uf=PA`);
    restoreNavigation = app.restoreNavigation;
    fireEvent.click(await screen.findByLabelText('Selecionar todos os 11.874 recursos deste filtro'));
    expect(screen.getByText(/11\.874 recursos de Portaria MPA 548\/2025 no filtro escolhido/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Não provido'));
    fireEvent.change(screen.getByLabelText(/Justificativa \(a mesma para todos\)/), { target: { value: 'Sem provas de atividade.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decidir os selecionados' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar a decisão de 11.874 recursos' }));
    await screen.findByText(/Decidindo: 4\.000 de 11\.874 recursos processados, 4\.000 decididos\./);
    expect(http.callsTo('/api/recursos/decisao-em-lote')[0]!.data).toEqual({
      ato: 7, filtro: { situacao: 'pendentes', uf: 'PA' }, totalConfirmado: 11874, resultado: ResultadoRecurso.NAO_PROVIDO,
      justificativa: 'Sem provas de atividade.',
    });
  });
});
