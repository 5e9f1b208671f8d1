import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Indeferimento } from '../../shared/schemas/analise';
import { setToken } from '../lib/storage';
import { fail, installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { documento, solicitacaoDetalhe } from '../test/respostas';
import { fisherToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeEach(() => {
  http = installMockHttp();
  setToken(fisherToken());
  http.get('/api/documentos/solicitacao/10', ok({ documentos: [
    documento(1, 1, { nomeArquivo: 'rg.pdf', chaveArquivo: 'a', aprovado: true }),
    documento(2, 2, { nomeArquivo: 'conta.pdf', chaveArquivo: 'b' }),
  ] }));
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

function solicitacao(situacao: number, extra: Record<string, unknown> = {}) {
  http.get('/api/solicitacao/10', ok(solicitacaoDetalhe({
    id: 10, tipo: 1, situacao, passo: 5, numeroProtocolo: '2025000010', nacionalidadeBrasileira: 'ESTRANGEIRA',
    possuiInstituicaoRepresentante: false, ...extra,
  })));
}

// As the server answers it: the instant in ISO and already formatted, the justification under both names.
const INDEFERIMENTO: Indeferimento = {
  dataCriacao: '2025-03-10T13:05:09.000Z',
  dataAnalise: '10/03/2025 10:05:09',
  justificativa: 'O comprovante de residência está ilegível. Envie uma cópia nítida e recente.',
  documentos: [
    { tipoDocumento: 1, nomeDocumento: 'Documento de identificação', aprovado: true, situacao: 'APROVADO' },
    { tipoDocumento: 2, nomeDocumento: 'Comprovante de residência', aprovado: false, situacao: 'REPROVADO' },
  ],
  documentoReprovado: [
    { nomeDocumento: 'Documento de identificação', situacao: 'APROVADO' },
    { nomeDocumento: 'Comprovante de residência', situacao: 'REPROVADO' },
  ],
  registros: [],
  parecer: 'O comprovante de residência está ilegível. Envie uma cópia nítida e recente.',
};

describe('/pescador/documentos', () => {
  it.each([
    [2, 'Em atualização de informações'],
    [3, 'Em atualização de informações instância MPA'],
  ])('status %i: shows the rejection record (date, APROVADO/REPROVADO, justification) and editable documents', async (situacao, rotulo) => {
    solicitacao(situacao);
    http.get('/api/analise-solicitacao/indeferimento/10', ok(INDEFERIMENTO));
    open('/pescador/documentos?idSolicitacao=10&tipoSolicitacao=1');

    const registro = await screen.findByRole('region', { name: 'Resultado da análise: documentos a corrigir' });
    screen.getByText(rotulo);
    await within(registro).findByText('10/03/2025 10:05:09');
    within(registro).getByText('Data da análise');
    const itens = within(within(registro).getByRole('list', { name: 'Documentos analisados' })).getAllByRole('listitem');
    expect(itens.map((i) => i.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Documento de identificação: APROVADO',
      'Comprovante de residência: REPROVADO',
    ]);
    within(registro).getByText(INDEFERIMENTO.parecer);

    // The documents are editable; a foreigner also needs the work visa.
    await screen.findByRole('heading', { name: 'Visto de trabalho (obrigatório)' });
    screen.getByLabelText('Substituir arquivo Comprovante de residência (obrigatório)');
    expect(screen.getByRole('link', { name: 'Revisar e reenviar a solicitação' }).getAttribute('href')).toBe(
      '/pescador/solicitacao?idSolicitacao=10&tipoSolicitacao=1',
    );
  });

  it.each([[1], [4], [5], [6], [7]])('status %i: no rejection record is asked for', async (situacao) => {
    solicitacao(situacao);
    open('/pescador/documentos?idSolicitacao=10&tipoSolicitacao=1');
    await screen.findByRole('heading', { name: /^Documento de identificação/ });
    expect(screen.queryByRole('region', { name: /Resultado da análise/ })).toBeNull();
    expect(http.calls.some((c) => c.url.includes('indeferimento'))).toBe(false);
  });

  it('a sent request is read-only: files can be viewed, not replaced or removed', async () => {
    solicitacao(6);
    open('/pescador/documentos?idSolicitacao=10&tipoSolicitacao=1');
    await screen.findByRole('button', { name: 'Visualizar rg.pdf' });
    screen.getByText(/os documentos estão disponíveis apenas para consulta/);
    expect(screen.queryByRole('button', { name: /^Remover/ })).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it("'Erro ao consultar indeferimento' when the record cannot be read", async () => {
    solicitacao(2);
    http.get('/api/analise-solicitacao/indeferimento/10', fail(500, 'Erro interno'));
    open('/pescador/documentos?idSolicitacao=10&tipoSolicitacao=1');
    await waitFor(() => expect(screen.getAllByText('Erro ao consultar indeferimento').length).toBeGreaterThan(0));
  });

  it('type 9 (edição de documentos) is titled as such', async () => {
    solicitacao(1, { tipo: 9 });
    open('/pescador/documentos?idSolicitacao=10&tipoSolicitacao=9');
    await screen.findByRole('heading', { level: 1, name: 'Edição de documentos' });
    // Any document may be replaced, at least one: none is marked required on its own (the server asks one).
    await screen.findByLabelText('Substituir arquivo Documento de identificação (opcional)');
    screen.getByText(/Envie pelo menos um documento novo para enviar a solicitação\./);
  });

  it('type 9 is sent only with the declaration accepted, and sends it (decision 0033)', async () => {
    solicitacao(1, { tipo: 9 });
    http.post('/api/solicitacao-edicao-documentos/10/enviar', ok(solicitacaoDetalhe({ id: 10, tipo: 9, situacao: 6 }), 200));
    open('/pescador/documentos?idSolicitacao=10&tipoSolicitacao=9');
    const enviar = await screen.findByRole('button', { name: 'Enviar para análise' });
    fireEvent.click(enviar);
    const resumo = await screen.findByRole('alert');
    within(resumo).getByRole('link', { name: /Não é possivel avançar sem ler e concordar com a declaração/ });
    expect(screen.getByRole('checkbox', { name: 'Li e concordo com a declaração' }).getAttribute('aria-invalid')).toBe('true');
    expect(http.callsTo('/api/solicitacao-edicao-documentos/10/enviar')).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Li e concordo com a declaração' }));
    fireEvent.click(enviar);
    await waitFor(() => expect(http.callsTo('/api/solicitacao-edicao-documentos/10/enviar')).toHaveLength(1));
    expect(http.callsTo('/api/solicitacao-edicao-documentos/10/enviar')[0]!.data).toEqual({ declaraCiencia: true });
  });

  it('without idSolicitacao, says so', async () => {
    open('/pescador/documentos');
    await screen.findByText('Solicitação não informada.');
    expect(http.calls).toHaveLength(0);
  });
});
