import { fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('lets a manager pick appeals of one act and decide them together, naming those not decided', async () => {
    setToken(staffToken({ perfil: 1 }));
    const linha = (id: number, nome: string) => ({
      id, numeroProtocolo: `2026${id}`, nomePescador: nome, uf: 'PA', objetoDescricao: 'Suspensão do registro', instancia: 2, orgao: 'MPA',
      prazoInstancia: '2026-12-30', diasRestantes: 23, atrasado: false, resultado: null, resultadoDescricao: null, analista: null,
    });
    http.get('/api/recursos/atos', ok({ atos: [{ id: 7, nome: 'Portaria MPA 548/2025', pendentes: 2 }] }));
    http.get(/^\/api\/recursos\?/, ok({ total: 2, proximo: null, recursos: [linha(11, 'ANA SILVA'), linha(12, 'JOSE SOUZA')] }));
    http.post('/api/recursos/decisao-em-lote', {
      status: 200,
      data: { codigo: 200, mensagem: MENSAGENS_RECURSO.decididosEmLote(1, 2), dados: {
        total: 2, decididos: 1, recusados: 1,
        resultados: [{ id: 11, decidido: true, mensagem: null }, { id: 12, decidido: false, mensagem: MENSAGENS_RECURSO.emAnaliseIndividual }],
      } },
    });
    const app = renderApp(`${ROTA_FILA_RECURSOS}?ato=7`);
    restoreNavigation = app.restoreNavigation;
    await screen.findByRole('heading', { name: 'Decidir em lote' });
    fireEvent.click(screen.getByLabelText('Selecionar todos desta página'));
    fireEvent.click(screen.getByLabelText('Provido'));
    fireEvent.change(screen.getByLabelText(/Justificativa \(a mesma para todos\)/), { target: { value: 'A lista incluiu pescadores ativos.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decidir os selecionados' }));
    await screen.findByText(`Recurso 12: ${MENSAGENS_RECURSO.emAnaliseIndividual}`);
    await waitFor(() => expect(http.callsTo('/api/recursos/decisao-em-lote')).toHaveLength(1));
    expect(http.callsTo('/api/recursos/decisao-em-lote')[0]!.data).toEqual({
      ato: 7, ids: [11, 12], resultado: ResultadoRecurso.PROVIDO, justificativa: 'A lista incluiu pescadores ativos.',
    });
  });
});
