import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Perfil } from '../../../shared/enums';
import type { ExecucaoRelatorio, PreviaRelatorio } from '../../../shared/schemas/relatorio';
import { setToken } from '../../lib/storage';
import { fail, installMockHttp, ok, type MockHttp } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { staffToken } from '../../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;
let cliques: string[];

beforeAll(async () => {
  await import('../../routes/administracao-relatorio');
});

beforeEach(() => {
  http = installMockHttp();
  cliques = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    cliques.push(this.getAttribute('href') ?? '');
  });
});

afterEach(() => {
  http.restore();
  restoreNavigation?.();
  vi.restoreAllMocks();
});

const PREVIA = /^\/api\/pescador\/relatorio\/pescadores\/previa(\?|$)/;
const EMITIR = /^\/api\/pescador\/relatorio\/pescadores\?/;

function previa(total: number): PreviaRelatorio {
  return {
    total,
    processamentoEmSegundoPlano: total > 20_000,
    pescadores: total === 0 ? [] : [{
      id: 1, cpf: '52998224725', nome: 'MARIA DA SILVA', uf: 'PA', municipio: 'Belém', categoria: 'Artesanal',
      situacao: 'Ativo', numeroRGP: 'PA-PA-00000000001', sexo: 'Feminino', idade: 30,
    }],
  };
}

function execucao(extra: Partial<ExecucaoRelatorio>): ExecucaoRelatorio {
  return {
    id: 7, situacao: 3, situacaoDescricao: 'Concluído', formato: 'csv', total: 1, processados: 1,
    url: '/api/pescador/relatorio/arquivo/7?expira=99&assinatura=abc', mensagem: null, ...extra,
  };
}

function abrir(perfil: Perfil = Perfil.GESTOR) {
  setToken(staffToken({ perfil }));
  const app = renderApp('/administracao/relatorio-pescadores');
  restoreNavigation = app.restoreNavigation;
}

const previaCalls = () => http.calls.filter((c) => PREVIA.test(c.url)).map((c) => c.url);

describe('/administracao/relatorio-pescadores', () => {
  it('counts the fishers for the filters as they change (debounced), with the first ones in a table', async () => {
    http.get(PREVIA, (config) => ok(previa(config.url?.includes('nome=') ? 1 : 1234)));
    abrir();
    await screen.findByRole('heading', { level: 1, name: 'Relatório de pescadores por características' });
    await screen.findByText('1.234 pescadores encontrados.');
    fireEvent.change(screen.getByLabelText('Nome', { exact: false, selector: 'input' }), { target: { value: 'maria' } });
    fireEvent.change(screen.getByLabelText('UF', { selector: 'select' }), { target: { value: 'PA' } });
    await screen.findByText('1 pescador encontrado.');
    // One call for the filters typed in a row, not one per keystroke.
    expect(previaCalls()).toEqual([
      '/api/pescador/relatorio/pescadores/previa',
      '/api/pescador/relatorio/pescadores/previa?nome=maria&uf=PA',
    ]);
    const tabela = screen.getByRole('table');
    within(tabela).getByText('MARIA DA SILVA');
    within(tabela).getByText('529.982.247-25');
  });

  it('says what is wrong with an age under 18, asks nothing for it, and lists it when emitting', async () => {
    http.get(PREVIA, ok(previa(10)));
    abrir();
    await screen.findByText('10 pescadores encontrados.');
    fireEvent.change(screen.getByLabelText('Idade inicial', { exact: false }), { target: { value: '17' } });
    fireEvent.change(screen.getByLabelText('Idade final'), { target: { value: '30' } });
    await screen.findByText(/Corrija os filtros para ver a quantidade de pescadores: Idade deve ser Maior que 18 anos\./);
    expect(previaCalls()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Emitir relatório' }));
    const resumo = await screen.findByRole('alert');
    within(resumo).getByText('Idade deve ser Maior que 18 anos.', { exact: false });
    expect(http.calls.filter((c) => EMITIR.test(c.url))).toHaveLength(0);
  });

  it('emits a small report and downloads the file at once, opened with ?jwt=', async () => {
    http.get(PREVIA, ok(previa(1)));
    http.get(EMITIR, () => ({ status: 200, data: { codigo: 200, mensagem: 'Relatório Emitido com sucesso!', dados: execucao({}) } }));
    abrir();
    await screen.findByText('1 pescador encontrado.');
    fireEvent.click(screen.getByLabelText('XLSX (Excel)'));
    fireEvent.click(screen.getByRole('button', { name: 'Emitir relatório' }));
    await waitFor(() => expect(cliques).toHaveLength(1));
    expect(cliques[0]).toMatch(/^\/api\/pescador\/relatorio\/arquivo\/7\?expira=99&assinatura=abc&jwt=/);
    expect(http.calls.find((c) => EMITIR.test(c.url))?.url).toBe('/api/pescador/relatorio/pescadores?formato=xlsx');
    expect((await screen.findAllByText('Relatório Emitido com sucesso!')).length).toBeGreaterThan(0);
  });

  it('shows the progress of a large report until the job finishes, then downloads it', async () => {
    http.get(PREVIA, ok(previa(50_000)));
    http.get(EMITIR, ok(execucao({ situacao: 1, situacaoDescricao: 'Na fila', total: 50_000, processados: 0, url: null })));
    let vez = 0;
    http.get('/api/pescador/relatorio/execucao/7', () => {
      vez += 1;
      return vez === 1
        ? ok(execucao({ situacao: 2, situacaoDescricao: 'Em processamento', total: 50_000, processados: 20_000, url: null }))
        : ok(execucao({ total: 50_000, processados: 50_000 }));
    });
    abrir();
    await screen.findByText('50.000 pescadores encontrados.');
    screen.getByText(/o arquivo será gerado em segundo plano/);
    fireEvent.click(screen.getByRole('button', { name: 'Emitir relatório' }));
    await screen.findByText('Em processamento: 20.000 de 50.000 pescadores (40%)');
    await waitFor(() => expect(cliques).toHaveLength(1));
    screen.getByRole('link', { name: 'baixe o arquivo do relatório' });
  });

  it('shows the server\'s refusal (an SFPA asking for another state) in the count and on emitting', async () => {
    const mensagem = 'Você só pode emitir relatórios de pescadores da UF do seu órgão ou das UFs das forças-tarefa ativas das quais participa.';
    http.get(PREVIA, fail(403, mensagem));
    http.get(EMITIR, fail(403, mensagem));
    abrir();
    await screen.findByText(mensagem);
    fireEvent.click(screen.getByRole('button', { name: 'Emitir relatório' }));
    await waitFor(() => expect(screen.getAllByText(mensagem).length).toBeGreaterThan(1));
    expect(cliques).toHaveLength(0);
  });

  it('says at the CPF field that a CPF with a wrong check digit is invalid, and emits nothing', async () => {
    http.get(PREVIA, ok(previa(10)));
    http.get(EMITIR, ok(execucao({ total: 0, processados: 0 })));
    abrir();
    await screen.findByText('10 pescadores encontrados.');
    // 529.982.247-25 is a CPF; with its last digit changed it cannot be anyone's.
    fireEvent.input(screen.getByLabelText('CPF'), { target: { value: '52998224724' } });
    await screen.findByText(/Corrija os filtros para ver a quantidade de pescadores: CPF inválido/);
    fireEvent.click(screen.getByRole('button', { name: 'Emitir relatório' }));
    const resumo = await screen.findByRole('alert');
    within(resumo).getByRole('link', { name: /CPF inválido/ });
    await waitFor(() => expect(screen.getByLabelText('CPF').getAttribute('aria-invalid')).toBe('true'));
    expect(http.calls.filter((c) => EMITIR.test(c.url))).toHaveLength(0);
    expect(previaCalls().some((u) => u.includes('cpfPescador'))).toBe(false);
    expect(cliques).toHaveLength(0);
  });

  it('offers CONSULTA_EXTERNO no filter that names one person (name, CPF, RGP number), and says why', async () => {
    http.get(PREVIA, ok(previa(3)));
    abrir(Perfil.CONSULTA_EXTERNO);
    await screen.findByText('3 pescadores encontrados.');
    await screen.findByText(/Seu perfil vê o CPF dos pescadores mascarado/);
    const pescador = screen.getByRole('group', { name: 'Pescador' });
    expect(within(pescador).queryByLabelText(/Nome/)).toBeNull();
    expect(within(pescador).queryByLabelText('CPF')).toBeNull();
    expect(within(pescador).queryByLabelText('Número do RGP')).toBeNull();
    expect(within(pescador).queryByLabelText('Idade inicial', { exact: false })).toBeNull();
    within(pescador).getByLabelText('Sexo');
  });
});
