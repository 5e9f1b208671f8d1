import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/http';
import {
  abrir,
  campo,
  corpos,
  fireEvent,
  http,
  linksDoResumo,
  marcar,
  preencher,
  rascunho,
  resumoDeErros,
  salvarEContinuar,
  screen,
  tituloDoPasso,
  usarServidorFalso,
  waitFor,
  within,
} from './wizard-test-utils';

usarServidorFalso();

const APOIO = 'É obrigatório ter pelo menos 1 apoio informado';

async function abrirPasso4(salvo: Record<string, unknown> = rascunho(3)) {
  http.get('/api/solicitacao/77', ok(salvo));
  const app = abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77&passo=4');
  await tituloDoPasso(4, 'Apoio e documentos');
  return app;
}

function adicionarApoio() {
  fireEvent.click(screen.getByRole('button', { name: 'Adicionar entidade de apoio' }));
}

describe('step 4: support and documents', () => {
  it('shows the documents panel of the request', async () => {
    await abrirPasso4();
    expect(document.getElementById('documentos-solicitacao')).toBeTruthy();
    await waitFor(() => expect(http.callsTo('/api/documentos/solicitacao/77')).toHaveLength(1));
  });

  it('requires the answer about support, and at least 1 support when the answer is Sim', async () => {
    await abrirPasso4();
    salvarEContinuar();
    expect(linksDoResumo(await resumoDeErros())).toEqual([
      'Recebeu ajuda de alguma entidade para preencher esta solicitação?: Campo obrigatório → #recebeuAjudaPreenchimento',
    ]);

    marcar(/Recebeu ajuda/, 'Sim');
    salvarEContinuar();

    await waitFor(() =>
      expect(linksDoResumo(screen.getByRole('heading', { name: 'Existem erros no formulário' }).closest('div.error-summary') as HTMLElement)).toEqual([
        `Entidades que ajudaram: ${APOIO} → #apoio`,
      ]),
    );
    const grupo = screen.getByRole('group', { name: 'Entidades que ajudaram' });
    within(grupo).getByText(APOIO);
    expect(await screen.findAllByText(APOIO)).toHaveLength(2); // at the group and in the toast
    expect(corpos('PUT')).toHaveLength(0);
  });

  it('offers up to 12 supports, each removable', async () => {
    await abrirPasso4();
    marcar(/Recebeu ajuda/, 'Sim');
    const adicionar = screen.getByRole('button', { name: 'Adicionar entidade de apoio' });
    for (let i = 0; i < 12; i++) fireEvent.click(adicionar);
    screen.getByLabelText('Entidade de apoio 12');
    expect(screen.queryByRole('button', { name: 'Adicionar entidade de apoio' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remover entidade de apoio 12' }));
    expect(screen.queryByLabelText('Entidade de apoio 12')).toBeNull();
    screen.getByRole('button', { name: 'Adicionar entidade de apoio' });
  });

  it('saves {id, tipo, passo: 4, recebeuAjudaPreenchimento, apoio} and opens step 5', async () => {
    http.put('/api/solicitacao', ok(rascunho(4)));
    await abrirPasso4();
    marcar(/Recebeu ajuda/, 'Sim');
    adicionarApoio();
    preencher('Entidade de apoio 1', '1');
    adicionarApoio();
    preencher('Entidade de apoio 2', '7');

    salvarEContinuar();

    await tituloDoPasso(5, 'Declaração e envio');
    expect(corpos('PUT')).toEqual([
      {
        id: 77,
        tipo: 1,
        passo: 4,
        recebeuAjudaPreenchimento: true,
        apoio: [{ entidadeApoioPescador: 1 }, { entidadeApoioPescador: 7 }],
      },
    ]);
    await screen.findByText('Documentos salvos com sucesso');
  });

  it('sends no support when the answer is Não', async () => {
    http.put('/api/solicitacao', ok(rascunho(4)));
    await abrirPasso4(rascunho(3, { recebeuAjudaPreenchimento: true, apoio: [{ entidadeApoioPescador: 3 }] }));
    expect((campo('Entidade de apoio 1') as HTMLSelectElement).value).toBe('3');
    marcar(/Recebeu ajuda/, 'Não');
    salvarEContinuar();
    await tituloDoPasso(5, 'Declaração e envio');
    expect(corpos('PUT')[0]).toEqual({ id: 77, tipo: 1, passo: 4, recebeuAjudaPreenchimento: false, apoio: [] });
  });

  it('shows the server\'s "Insira todos os documentos obrigatórios" in the error summary, linked to the documents', async () => {
    http.put('/api/solicitacao', fail(400, 'Insira todos os documentos obrigatórios'));
    await abrirPasso4();
    marcar(/Recebeu ajuda/, 'Não');
    salvarEContinuar();

    const resumo = await resumoDeErros();
    expect(linksDoResumo(resumo)).toEqual(['Documentos: Insira todos os documentos obrigatórios → #documentos-solicitacao']);
    fireEvent.click(within(resumo).getByRole('link'));
    expect(document.activeElement).toBe(document.getElementById('documentos-solicitacao'));
    expect(screen.getAllByText(/Insira todos os documentos obrigatórios/).length).toBeGreaterThanOrEqual(2);
  });
});
