import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PainelAnalises } from '../../../shared/schemas/prazo-analise';
import { setToken } from '../../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { staffToken } from '../../test/tokens';
import { textoDoPrazo } from './prazo-da-linha';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('../../routes/analise-painel');
});
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

const PAINEL: PainelAnalises = {
  semanas: [
    { semana: '2026-08-03', uf: 'PA', instancia: 'SFPA', recebidas: 3, decididas: 1 },
    { semana: '2026-08-10', uf: 'PA', instancia: 'SFPA', recebidas: 1, decididas: 1 },
  ],
  backlogPorIdade: [
    { faixa: '0 a 7 dias', total: 1 }, { faixa: '8 a 15 dias', total: 1 }, { faixa: '16 a 30 dias', total: 0 },
    { faixa: '31 a 60 dias', total: 0 }, { faixa: 'Mais de 60 dias', total: 0 },
  ],
  tempoDecisao: [{ tipoSolicitacao: 1, tipoDescricao: 'Inscrição inicial', decididas: 2, medianaDias: 2, p90Dias: 7, mediaDias: 4.5 }],
  analistas: [{ idUsuarioMapa: 5, nome: 'ADMINISTRADORA', decididas: 2 }],
  mediaPublicadaDias: 4.5,
  atrasadas: 1,
};

const ATRASADA = {
  idAnaliseSolicitacao: 77, idSolicitacao: 501, tipoDescricao: 'Inscrição inicial', uf: 'PA', numeroProtocolo: '20260000123',
  instancia: 'SFPA', venceuEm: '2026-10-01T15:00:00.000Z', diasAtraso: 4, escaladaEm: '2026-10-05T15:05:00.000Z',
  analista: 'ANALISTA SFPA-PA', designado: null,
};

function abrir() {
  http.get(/^\/api\/analise-solicitacao\/painel\?/, ok(PAINEL));
  http.get('/api/analise-solicitacao/atrasadas', ok({ analises: [ATRASADA] }));
  const app = renderApp('/analise/painel');
  restoreNavigation = app.restoreNavigation;
}

describe('/analise/painel', () => {
  it('shows the figures as tables beside the bars, and the published average', async () => {
    setToken(staffToken({ perfil: 1 }));
    abrir();
    expect(await screen.findByRole('heading', { level: 1, name: 'Painel de análises' })).toBeTruthy();
    const resumo = await screen.findByText('Tempo médio para decidir (publicado)');
    expect(resumo.nextElementSibling?.textContent).toBe('4,5 dias');
    const semanas = screen.getByRole('table', { name: /Recebidas e decididas por semana/ });
    const linhas = within(semanas).getAllByRole('row');
    expect(linhas).toHaveLength(3);
    expect(linhas[1]!.textContent).toContain('03/08/2026');
    const tempo = screen.getByRole('table', { name: 'Tempo para decidir por tipo de solicitação' });
    expect(within(tempo).getAllByRole('row')[1]!.textContent).toMatch(/Inscrição inicial.*2.*2 dias.*7 dias.*4,5 dias/);
    const idade = screen.getByRole('table', { name: 'Estoque por idade' });
    expect(within(idade).getAllByRole('row')).toHaveLength(6);
  });

  it('lets the GESTOR assign a late analysis to a servant', async () => {
    setToken(staffToken({ perfil: 1 }));
    http.get('/api/analise-solicitacao/77/designaveis', ok({ servidores: [{ id: 9, nome: 'OUTRA ANALISTA', orgao: 'SFPA-PA' }] }));
    http.post('/api/analise-solicitacao/77/reatribuir', { status: 200, data: { codigo: 200, mensagem: 'Análise atribuída com sucesso', dados: null } });
    abrir();
    const tabela = await screen.findByRole('table', { name: 'Análises atrasadas encaminhadas ao gestor' });
    expect(within(tabela).getAllByRole('row')[1]!.textContent).toContain('4 dias');
    fireEvent.click(within(tabela).getByText('Atribuir', { selector: 'summary' }));
    const select = await within(tabela).findByLabelText('Servidor');
    await within(tabela).findByRole('option', { name: 'OUTRA ANALISTA (SFPA-PA)' });
    fireEvent.change(select, { target: { value: '9' } });
    fireEvent.click(within(tabela).getByRole('button', { name: 'Atribuir' }));
    await waitFor(() => expect(http.callsTo('/api/analise-solicitacao/77/reatribuir')).toHaveLength(1));
    expect(http.callsTo('/api/analise-solicitacao/77/reatribuir')[0]!.data).toEqual({ idUsuarioMapa: 9 });
    expect(await screen.findByText('Análise atribuída com sucesso')).toBeTruthy();
  });

  it('shows CONSULTA_INTERNO the figures but not the late list', async () => {
    setToken(staffToken({ perfil: 6 }));
    abrir();
    await screen.findByRole('table', { name: /Recebidas e decididas por semana/ });
    expect(screen.queryByRole('heading', { name: 'Análises atrasadas' })).toBeNull();
  });
});

describe('the clock in the queue, in words', () => {
  it('says late, soon, paused and on time without relying on colour', () => {
    expect(textoDoPrazo({ situacao: 'ATRASADA', venceEm: 'x', diasRestantes: -3, escalada: true })).toBe('Atrasada há 3 dias, com o gestor');
    expect(textoDoPrazo({ situacao: 'VENCE_EM_BREVE', venceEm: 'x', diasRestantes: 1, escalada: false })).toBe('Vence em breve: 1 dia');
    expect(textoDoPrazo({ situacao: 'PAUSADA', venceEm: null, diasRestantes: 20, escalada: false })).toBe('Aguardando o pescador (restam 20 dias)');
    expect(textoDoPrazo({ situacao: 'NO_PRAZO', venceEm: 'x', diasRestantes: 30, escalada: false })).toBe('No prazo: 30 dias');
  });
});
