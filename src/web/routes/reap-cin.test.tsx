import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MENSAGENS_CIN } from '../../shared/regras/cin';
import type { Questionario } from '../../shared/schemas/reap';
import { setToken } from '../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { fisherToken } from '../test/tokens';

/** The REAP send says beforehand that the CIN is (or will be) required (issue 22 point 6, decision 0053). */

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

const questionario = (extra: Partial<Questionario>): Questionario => ({
  id: 7, idSolicitacao: 10, idPescador: 42, anoReferencia: 2025, categoria: 2, enviada: false, iniciada: true, situacao: 8,
  inicioPreenchimento: '2026-01-01', fimPreenchimento: '2026-12-31', noPrazo: true, enviadaEm: null,
  solicitacao: { id: 10 }, pescador: { nome: 'MARIA DAS GRAÇAS PESCADORA', cpf: '12345678909', uf: 'PA' }, tipoPrestacaoServico: null,
  realizouPesca: null, houveComercializacao: null, totalDiasTrabalhadoAno: null, reapsArtesanais: [], resultadosOperacaoPesca: [],
  gruposAlvosPescado: [], locaisPescaPetrecho: [], ufsComercializacao: [], justificativasSolicitacao: [], documentosJustificativa: [],
  documentoRelacaoTrabalho: [], codigoVerificacao: null, ...extra,
});

const aviso = (texto: string) => screen.findByText((_t, el) => el?.classList.contains('message-body') === true && el.textContent?.trim() === texto);

describe('the CIN at the REAP send', () => {
  it('says before the date, on the artesanal form, that the send will require the CIN, as a notice', async () => {
    http.get('/api/configuracao-publica', ok({ cinObrigatoriaDesde: '2027-01-04', hoje: '2026-12-20' }));
    http.get('/api/reap/questionario-basico/7', ok(questionario({})));
    open('/reap/artesanal?idQuestionarioBasico=7');
    const texto = MENSAGENS_CIN.reap('2027-01-04');
    expect(texto).toMatch(/^A partir de 04\/01\/2027, o envio da REAP exige a Carteira de Identidade Nacional \(CIN\)\. Peça a edição do registro/);
    const el = await aviso(texto);
    expect(el.closest('.br-message')?.classList.contains('info')).toBe(true);
    expect(el.closest('form')?.querySelector('button[type="submit"]')?.textContent).toBe('Enviar a REAP');
  });

  it('warns from the date on, on the industrial form', async () => {
    http.get('/api/configuracao-publica', ok({ cinObrigatoriaDesde: '2027-01-04', hoje: '2027-01-04' }));
    http.get('/api/reap/questionario-basico/7', ok(questionario({ categoria: 1 })));
    open('/reap/industrial?idQuestionarioBasico=7');
    const el = await aviso(MENSAGENS_CIN.reap('2027-01-04'));
    expect(el.closest('.br-message')?.classList.contains('warning')).toBe(true);
  });

  it('says nothing while no date is set', async () => {
    http.get('/api/configuracao-publica', ok({ cinObrigatoriaDesde: null, hoje: '2027-01-05' }));
    http.get('/api/reap/questionario-basico/7', ok(questionario({})));
    open('/reap/artesanal?idQuestionarioBasico=7');
    await screen.findByRole('button', { name: 'Enviar a REAP' });
    await waitFor(() => expect(http.callsTo('/api/configuracao-publica')).toHaveLength(1));
    expect(document.querySelector('.aviso-cin')).toBeNull();
  });
});
