import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Estatisticas } from '../../../shared/schemas/estatistica';
import { fail, installMockHttp, ok, type MockHttp } from '../../test/http';
import { renderApp } from '../../test/render-app';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('../../routes/publico-estatisticas');
});
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

const item = (chave: string, rotulo: string, total: number | null) => ({ chave, rotulo, total });

function resposta(uf: string | null = null): Estatisticas {
  return {
    referencia: '2026-03-15',
    totalPescadores: 1234567,
    porUf: [item('PA', 'Pará', 300000), item('AC', 'Acre', null)],
    porCategoria: [item('1', 'Industrial', 20000), item('2', 'Artesanal', 1214567)],
    porSexo: [item('1', 'Masculino', 700000), item('2', 'Feminino', 534567), item('3', 'Outros', null)],
    porFaixaEtaria: [item('18-24', '18 a 24 anos', 100000), item('65+', '65 anos ou mais', null)],
    porAtividade: [item('1', 'Embarcado', 800000), item('2', 'Desembarcado', 434567)],
    porSituacaoRegistro: [item('1', 'Ativo', 1100000)],
    municipios: { uf, itens: uf ? [item('1501402', 'Belém', 12000), item('1500107', 'Abaetetuba', null)] : [] },
    solicitacoesPorMes: [
      { mes: '2026-02', situacoes: [item('4', 'Deferida', 5000), item('6', 'Aguardando análise', null)] },
      { mes: '2026-03', situacoes: [item('4', 'Deferida', 800), item('6', 'Aguardando análise', 90)] },
    ],
  };
}

describe('/estatisticas', () => {
  it('shows each characteristic as a table, "< 5" for withheld counts, with the chart hidden from screen readers', async () => {
    http.get(/^\/api\/estatisticas$/, ok(resposta()));
    restoreNavigation = renderApp('/estatisticas').restoreNavigation;

    const porUf = await screen.findByRole('table', { name: 'Pescadores por UF' });
    const linhas = within(porUf).getAllByRole('row').map((r) => r.textContent);
    expect(linhas).toEqual(['UFPescadores', 'Pará300.000', 'Acre< 5']);
    expect(screen.getByText('1.234.567')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Pescadores por faixa etária' }).textContent).toContain('65 anos ou mais< 5');
    const solicitacoes = screen.getByRole('table', { name: 'Solicitações enviadas por mês e situação atual' });
    expect(within(solicitacoes).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'Mês de envioDeferidaAguardando análise', '02/20265.000< 5', '03/202680090',
    ]);
    // Charts are pictures of the tables: hidden from assistive technology.
    expect(document.querySelectorAll('svg.estatisticas-grafico:not([aria-hidden="true"])')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Baixar os números em CSV' }).getAttribute('href')).toBe('/api/estatisticas/csv');
    expect(http.calls[0]?.authorization).toBeNull();
  });

  it('lists the municipalities of the state chosen', async () => {
    http.get(/^\/api\/estatisticas$/, ok(resposta()));
    http.get(/^\/api\/estatisticas\?uf=PA$/, ok(resposta('PA')));
    restoreNavigation = renderApp('/estatisticas').restoreNavigation;

    fireEvent.change(await screen.findByLabelText(/^UF/), { target: { value: 'PA' } });
    const tabela = await screen.findByRole('table', { name: 'Pescadores por município – Pará' });
    expect(within(tabela).getAllByRole('row').map((r) => r.textContent)).toEqual(['MunicípioPescadores', 'Belém12.000', 'Abaetetuba< 5']);
  });

  it('says so when the numbers cannot be loaded', async () => {
    http.get(/^\/api\/estatisticas$/, fail(500, 'Erro interno'));
    restoreNavigation = renderApp('/estatisticas').restoreNavigation;
    expect(await screen.findByText('Não foi possível carregar as estatísticas. Tente novamente em instantes.')).toBeTruthy();
  });

  it('publishes the average time to decide, by request type (Decreto 10.178/2019 art. 17)', async () => {
    http.get(/^\/api\/estatisticas$/, ok(resposta()));
    http.get('/api/estatisticas/tempo-decisao', ok({
      mediaDias: 4.5, decididas: 1200, porTipo: [{ tipoDescricao: 'Inscrição inicial', mediaDias: 4.5, decididas: 1200 }],
    }));
    restoreNavigation = renderApp('/estatisticas').restoreNavigation;
    const secao = await screen.findByRole('region', { name: 'Tempo para decidir as solicitações' });
    expect(secao.textContent).toContain('Tempo médio para decidir: 4,5 dias, em 1.200 solicitações decididas');
    const tabela = within(secao).getByRole('table', { name: 'Tempo médio para decidir por tipo de solicitação' });
    expect(within(tabela).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'Tipo de solicitaçãoDecididasTempo médio', 'Inscrição inicial1.2004,5 dias',
    ]);
  });
});
