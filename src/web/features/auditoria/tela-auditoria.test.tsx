import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RegistroAuditoria } from '../../../shared/schemas/auditoria';
import { setToken } from '../../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { staffToken } from '../../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('../../routes/administracao-auditoria');
});
beforeEach(() => {
  http = installMockHttp();
  setToken(staffToken({ perfil: 1, siglaOrgao: 'MPA', ufOrgao: 'DF' }));
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

function registro(extra: Partial<RegistroAuditoria>): RegistroAuditoria {
  return {
    id: '1', criadoEm: '2026-03-10T13:05:00.000Z', acao: 'LOGIN', cpfAtor: '300.000.003-88', perfilAtor: { id: 3, descricao: 'SFPA' },
    orgaoAtor: 'SFPA-PA', recurso: null, recursoId: null, idPescador: null, ip: '10.0.0.1', sucesso: true, detalhes: null, ...extra,
  };
}

const REGISTROS: RegistroAuditoria[] = [
  registro({
    id: '3', acao: 'VISUALIZACAO_DADOS_PESSOAIS', recurso: 'analise-solicitacao', recursoId: '12', idPescador: 7,
    detalhes: JSON.stringify({ solicitacao: 12 }),
  }),
  registro({
    id: '2', acao: 'ATO_NORMATIVO_ATUALIZADO', cpfAtor: '100.000.001-08', perfilAtor: { id: 1, descricao: 'Gestor' }, orgaoAtor: 'MPA',
    recurso: 'ato-normativo', recursoId: '4',
    detalhes: JSON.stringify({
      antes: { nome: 'Portaria 1', dataInicioVigencia: '2026-01-01', dataTerminoVigencia: null },
      depois: { nome: 'Portaria 1', dataInicioVigencia: '2026-01-01', dataTerminoVigencia: '2026-12-31' },
    }),
  }),
  registro({
    id: '1', acao: 'AUTORIZACAO_RECUSADA', sucesso: false, recurso: '/api/lote-pescador/manual',
    detalhes: JSON.stringify({ motivo: 'perfil', metodo: 'POST' }),
  }),
];

async function pesquisar() {
  const app = renderApp('/administracao/auditoria');
  restoreNavigation = app.restoreNavigation;
  fireEvent.click(await screen.findByRole('button', { name: 'Pesquisar' }));
  return screen.findByRole('table', { name: /eventos/ });
}

describe('/administracao/auditoria', () => {
  it('names every action in Portuguese and shows the details as labelled fields, never codes or JSON', async () => {
    http.get(/^\/api\/auditoria/, ok({ registros: REGISTROS, proximo: null }));
    const tabela = await pesquisar();
    const [, visualizacao, alteracao, recusa] = within(tabela).getAllByRole('row');

    within(visualizacao!).getByText('Visualização de dados pessoais');
    within(visualizacao!).getByText('Análise de solicitação · nº 12');
    const termo = within(visualizacao!).getByRole('term');
    expect(termo.textContent).toBe('Solicitação nº');
    expect(within(visualizacao!).getByRole('definition').textContent).toBe('12');

    within(alteracao!).getByText('Alteração de ato normativo');
    const termos = within(alteracao!).getAllByRole('term').map((t) => t.textContent);
    expect(termos).toEqual(['Antes', 'Nome', 'Início da vigência', 'Término da vigência', 'Depois', 'Nome', 'Início da vigência', 'Término da vigência']);
    within(alteracao!).getByText('não informado');
    within(alteracao!).getByText('31/12/2026');

    within(recusa!).getByText('Acesso recusado: perfil sem permissão');
    within(recusa!).getByText('(recusada)', { exact: false });
    within(recusa!).getByText('o perfil não tem permissão');
    within(recusa!).getByText('Método da requisição');

    expect(tabela.textContent).not.toMatch(/[A-Z]+_[A-Z_]+/);
    expect(tabela.textContent).not.toMatch(/[{}"]/);
  });

  it('offers the actions by their names in the filter, and filters by the code', async () => {
    http.get(/^\/api\/auditoria/, ok({ registros: [], proximo: null }));
    restoreNavigation = renderApp('/administracao/auditoria').restoreNavigation;
    const acao = await screen.findByLabelText<HTMLSelectElement>('Ação');
    const opcao = within(acao).getByRole('option', { name: 'Visualização de dados pessoais' });
    expect(opcao.getAttribute('value')).toBe('VISUALIZACAO_DADOS_PESSOAIS');
    expect(within(acao).queryByRole('option', { name: /_/ })).toBeNull();
    fireEvent.change(acao, { target: { value: 'VISUALIZACAO_DADOS_PESSOAIS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await screen.findByText('Nenhum registro de auditoria encontrado para os filtros informados.');
    expect(http.calls.at(-1)?.url).toBe('/api/auditoria?acao=VISUALIZACAO_DADOS_PESSOAIS');
  });
});
