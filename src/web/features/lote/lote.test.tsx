import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AtoNormativo } from '../../../shared/schemas/ato-normativo';
import { MENSAGENS_LOTE, type LoteResumo } from '../../../shared/schemas/lote';
import { setToken } from '../../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { staffToken } from '../../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('../../routes/administracao-lote');
  await import('../../routes/administracao-lote-historico');
});

beforeEach(() => {
  http = installMockHttp();
  setToken(staffToken({ perfil: 1, siglaOrgao: 'MPA', ufOrgao: 'DF' }));
  http.get('/api/ato-normativo/listar?vigente=true&tamanhoPagina=100', ok({ total: 1, atosNormativos: [ATO] }));
  http.get('/api/integracao/listas-recebidas', ok({ itens: [] }));
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

const comMensagem = <T,>(dados: T, mensagem: string) => ({ status: 200, data: { codigo: 200, mensagem, dados } });

const ATO: AtoNormativo = {
  id: 3, nome: 'Portaria MPA nº 7', descricao: 'Base.', dataInicioVigencia: '2026-01-01', dataTerminoVigencia: null, prazoRecursoDias: null, prazoDecisaoRecursoDias: null, vigente: true,
  dataCriacao: '2026-01-01T12:00:00.000Z', dataAtualizacao: '2026-01-01T12:00:00.000Z',
};

function lote(extra: Partial<LoteResumo> = {}): LoteResumo {
  return {
    id: 12, tipo: 2, formaProcessamento: true, atoNormativo: { id: 3, nome: 'Portaria MPA nº 7' }, orgaoSolicitante: 'SFPA-PA',
    justificativa: 'Sem REAP.', dataLimiteSuspensao: '2027-01-31', nomeArquivo: 'suspensao.csv', situacao: 2, total: 50, concluidos: 50,
    totais: { processados: 40, naoEncontrados: 5, invalidos: 5, jaNaSituacao: 0, naoPermitidos: 0, repetidos: 0 },
    criadoEm: '2026-11-25T13:00:00.000Z', concluidoEm: '2026-11-25T13:00:02.000Z', ...extra,
  };
}

async function formularioPronto() {
  await screen.findByRole('heading', { level: 1, name: 'Processamento em lote de pescadores' });
  await screen.findByRole('option', { name: ATO.nome });
}

function preencherComuns() {
  fireEvent.change(screen.getByLabelText('Ato normativo'), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText('Órgão solicitante'), { target: { value: 'sfpa-pa' } });
  fireEvent.change(screen.getByLabelText('Justificativa'), { target: { value: 'Registros sem REAP entregue.' } });
}

const arquivo = (nome: string, bytes: number | string) =>
  new File([typeof bytes === 'string' ? bytes : 'x'.repeat(bytes)], nome, { type: nome.endsWith('.csv') ? 'text/csv' : 'application/pdf' });

function escolher(...arquivos: File[]) {
  fireEvent.change(screen.getByLabelText('Arquivo do lote'), { target: { files: arquivos } });
}

const mensagemDoCampo = (rotulo: string) => {
  const campo = screen.getByLabelText(rotulo);
  const ids = (campo.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((i) => document.getElementById(i)?.textContent ?? '').join(' ');
};

describe('the batch form', () => {
  it("shows the specification's file messages at the field: one file, the allowed types, 70 KB", async () => {
    open('/administracao/processamento-lote?tipoSituacao=1');
    await formularioPronto();
    escolher(arquivo('a.csv', 'cpf'), arquivo('b.csv', 'cpf'));
    expect(await screen.findByText(MENSAGENS_LOTE.umArquivo)).toBeTruthy();
    expect(screen.getByLabelText('Arquivo do lote').getAttribute('aria-invalid')).toBe('true');
    escolher(arquivo('lote.pdf', 10));
    expect(await screen.findByText(MENSAGENS_LOTE.tipoArquivo)).toBeTruthy();
    escolher(arquivo('lote.csv', 70 * 1024 + 1));
    expect(await screen.findByText(MENSAGENS_LOTE.tamanho)).toBeTruthy();
    expect(mensagemDoCampo('Arquivo do lote')).toContain(MENSAGENS_LOTE.tamanho);
    // Exactly 70 KB is allowed: the message goes away.
    escolher(arquivo('lote.csv', 70 * 1024));
    await waitFor(() => expect(screen.queryByText(MENSAGENS_LOTE.tamanho)).toBeNull());
    // Sending with a refused file sends nothing.
    escolher(arquivo('lote.txt', 70 * 1024 + 1));
    preencherComuns();
    fireEvent.click(screen.getByRole('button', { name: 'Processar lote' }));
    expect(await screen.findByText(MENSAGENS_LOTE.tamanho)).toBeTruthy();
    expect(http.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks for the date of a suspension (tipo 2, from the query) and only for it', async () => {
    const { router } = open('/administracao/processamento-lote?tipoSituacao=2');
    await formularioPronto();
    expect((screen.getByLabelText('Tipo de processamento') as HTMLSelectElement).value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Processar lote' }));
    expect(await screen.findByText(MENSAGENS_LOTE.dataLimiteObrigatoria)).toBeTruthy();
    expect(mensagemDoCampo('Suspender até')).toContain(MENSAGENS_LOTE.dataLimiteObrigatoria);
    expect(screen.getByText('Informe o ato normativo.')).toBeTruthy();
    expect(screen.getByText('Informe o órgão solicitante.')).toBeTruthy();
    expect(screen.getByText('Informe a justificativa.')).toBeTruthy();
    expect(screen.getByText(MENSAGENS_LOTE.arquivoObrigatorio)).toBeTruthy();
    // The first field in error takes the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('Ato normativo'));
    // Reactivation has no date.
    fireEvent.change(screen.getByLabelText('Tipo de processamento'), { target: { value: '3' } });
    expect(screen.queryByLabelText('Suspender até')).toBeNull();
    expect(http.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/administracao/processamento-lote');
  });

  it('reads the pasted list one CPF per line (masked or not, blank lines skipped), sends it and shows each outcome', async () => {
    let corpo: unknown;
    http.post('/api/lote-pescador/manual', (config) => {
      corpo = JSON.parse(String(config.data));
      return comMensagem({
        lote: lote({ id: 13, tipo: 3, formaProcessamento: false, nomeArquivo: null, dataLimiteSuspensao: null, total: 3, concluidos: 3 }),
        itens: [
          { cpf: '123.456.789-09', resultado: 1 }, { cpf: '987.654.321-00', resultado: 2 }, { cpf: '12345', resultado: 3 },
        ],
      }, MENSAGENS_LOTE.concluido);
    });
    open('/administracao/processamento-lote?tipoSituacao=3');
    await formularioPronto();
    preencherComuns();
    fireEvent.click(screen.getByLabelText('Manual (lista de CPFs)'));
    expect(screen.queryByLabelText('Arquivo do lote')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Processar lote' }));
    expect(await screen.findByText(MENSAGENS_LOTE.listaVazia)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('CPFs dos pescadores'));
    fireEvent.change(screen.getByLabelText('CPFs dos pescadores'), {
      target: { value: ' 123.456.789-09 \r\n\n98765432100;PESCADOR\n   \n12345\nabc\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Processar lote' }));
    expect(await screen.findByText(MENSAGENS_LOTE.concluido)).toBeTruthy();
    expect(corpo).toEqual({
      atoNormativo: 3, tipo: 3, orgaoSolicitante: 'SFPA-PA', justificativa: 'Registros sem REAP entregue.', dataLimiteSuspensao: null,
      // A line without digits is sent too (the server reports it as an invalid CPF), never dropped.
      listaCpfPescador: ['123.456.789-09', '98765432100', '12345', 'abc'],
    });
    const resultado = screen.getByRole('region', { name: 'Resultado do lote nº 13' });
    const linhas = within(resultado).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(linhas).toEqual(['123.456.789-09Processado', '987.654.321-00CPF não encontrado', '12345CPF inválido']);
  });

  it("sends a file, shows the specification's notice for 6 s and returns to /administracao 3 s later", async () => {
    let enviado: FormData | undefined;
    http.post('/api/lote-pescador/automatico', (config) => {
      enviado = config.data as FormData;
      return comMensagem({ lote: lote({ situacao: 1, concluidos: 0 }) }, MENSAGENS_LOTE.emProcessamento);
    });
    const { router } = open('/administracao/processamento-lote?tipoSituacao=2');
    await formularioPronto();
    preencherComuns();
    fireEvent.change(screen.getByLabelText('Suspender até'), { target: { value: '2027-01-31' } });
    escolher(arquivo('suspensao.csv', '123.456.789-09\n98765432100\n'));
    fireEvent.click(screen.getByRole('button', { name: 'Processar lote' }));
    expect(await screen.findByText(MENSAGENS_LOTE.emProcessamento)).toBeTruthy();
    expect(enviado?.get('tipo')).toBe('2');
    expect(enviado?.get('dataLimiteSuspensao')).toBe('2027-01-31');
    expect(enviado?.get('orgaoSolicitante')).toBe('SFPA-PA');
    expect((enviado?.get('arquivos') as File).name).toBe('suspensao.csv');
    const barra = document.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(barra?.style.animationDuration).toBe('6000ms');
    // Still on the form right after the answer; on /administracao 3 s later.
    expect(router.state.location.pathname).toBe('/administracao/processamento-lote');
    await waitFor(() => expect(router.state.location.pathname).toBe('/administracao'));
  });
});

describe('the batch history', () => {
  it('shows a running batch with its progress bar, reads it again until it is done, and opens its per-CPF result', async () => {
    let leituras = 0;
    http.get('/api/pescador/lote/todos?pagina=1&tamanhoPagina=10', () => {
      leituras++;
      const emCurso = leituras === 1;
      return ok({
        total: 1, itens: null, totalItens: null,
        lotes: [lote(emCurso
          ? { situacao: 1, concluidos: 20, concluidoEm: null, totais: { processados: 15, naoEncontrados: 0, invalidos: 5, jaNaSituacao: 0, naoPermitidos: 0, repetidos: 0 } }
          : {})],
      });
    });
    http.get('/api/pescador/lote/todos?idLote=12&tamanhoPaginaItens=500', ok({
      total: 1, lotes: [lote()], totalItens: 2,
      itens: [
        { linha: 1, cpf: '123.456.789-09', resultado: 1, situacaoAnterior: 1 },
        { linha: 2, cpf: '12345', resultado: 3, situacaoAnterior: null },
      ],
    }));
    open('/administracao/processamento-lote/historico');
    await screen.findByRole('heading', { level: 2, name: 'Lote nº 12: Suspensão' });
    const barra = screen.getByRole('progressbar', { name: 'Progresso do lote nº 12' });
    expect(barra.getAttribute('value')).toBe('20');
    expect(barra.getAttribute('max')).toBe('50');
    expect(screen.getByText('20 de 50 (40%)')).toBeTruthy();
    expect(screen.getByText('Em processamento')).toBeTruthy();
    // Read again every 2 s while it runs.
    expect(await screen.findByText('50 de 50 (100%)')).toBeTruthy();
    expect(screen.getByText('Concluído')).toBeTruthy();
    expect(screen.getByText(/Processados: 40 · Não encontrados: 5 · Inválidos: 5/)).toBeTruthy();

    const abrir = screen.getByRole('button', { name: 'Ver resultado por CPF' });
    expect(abrir.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(abrir);
    const tabela = await screen.findByRole('table', { name: 'Resultado por CPF do lote nº 12' });
    const linhas = within(tabela).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(linhas).toEqual(['1123.456.789-09Processado', '212345CPF inválido']);
    expect(screen.getByRole('button', { name: 'Ocultar resultado por CPF' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Baixar resultado (CSV) do lote nº 12' })).toBeTruthy();
  });

  it('says so when no batch was processed yet, and refuses a profile that may not process batches', async () => {
    http.get('/api/pescador/lote/todos?pagina=1&tamanhoPagina=10', ok({ total: 0, lotes: [], itens: null, totalItens: null }));
    open('/administracao/processamento-lote/historico');
    expect(await screen.findByText('Nenhum lote processado ainda.')).toBeTruthy();
    restoreNavigation?.();

    setToken(staffToken({ perfil: 2 }));
    open('/administracao/processamento-lote');
    expect(await screen.findByText('Seu perfil não tem acesso ao processamento em lote.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Processar lote' })).toBeNull();
  });

  it('lets a GESTOR run the list of an agency as a batch, with the act and the end of the suspension', async () => {
    http.get('/api/pescador/lote/todos?pagina=1&tamanhoPagina=10', ok({ total: 0, lotes: [], itens: null, totalItens: null }));
    http.get('/api/integracao/listas-recebidas', ok({ itens: [{
      id: 5, cliente: 'Auditoria', orgao: 'CGU', tipo: 'suspensao', ato: 'Relatório CGU 12/2026', motivo: 'Fraude confirmada', total: 2,
      situacao: 'proposta', motivoRecusa: null, revisadaEm: null, criadaEm: '2026-12-01T12:00:00.000Z', lote: null,
    }] }));
    http.post('/api/integracao/listas-recebidas/5/aprovacao', ok({}));
    open('/administracao/processamento-lote/historico');
    expect(await screen.findByRole('heading', { name: 'Lista nº 5: suspensão de 2 CPFs' })).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Ato normativo do lote'), { target: { value: String(ATO.id) } });
    fireEvent.change(screen.getByLabelText('Suspenso até'), { target: { value: '2099-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Executar como lote' }));
    await waitFor(() => expect(http.callsTo('/api/integracao/listas-recebidas/5/aprovacao')[0]?.data)
      .toEqual({ atoNormativo: ATO.id, dataLimiteSuspensao: '2099-12-31' }));
  });
});
