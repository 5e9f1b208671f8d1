import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/http';
import {
  abrir,
  campo,
  fireEvent,
  http,
  linksDoResumo,
  rascunho,
  resumoDeErros,
  screen,
  tituloDoPasso,
  usarServidorFalso,
  waitFor,
} from './wizard-test-utils';

usarServidorFalso();

const DECLARACAO = 'Não é possivel avançar sem ler e concordar com a declaração';

async function abrirPasso5() {
  http.get('/api/solicitacao/77', ok(rascunho(4)));
  http.get('/api/solicitacao/totalizadores/42', ok({ rascunhos: 0, enviadas: 1, deferidas: 0, finalizadas: 0, emAnalise: 0, emAtualizacao: 0, todas: 1 }));
  const app = abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77');
  await tituloDoPasso(5, 'Declaração e envio');
  return app;
}

function enviar() {
  fireEvent.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
}

describe('step 5: declaration and submission', () => {
  it('shows the declaration and warns when it is not accepted, without calling the server', async () => {
    await abrirPasso5();
    screen.getByText(/informações prestadas nesta solicitação são verdadeiras/);
    screen.getByText(/poderá ser suspenso ou cancelado/);
    expect((campo('Li e concordo com a declaração') as HTMLInputElement).checked).toBe(false);

    enviar();

    const resumo = await resumoDeErros();
    expect(linksDoResumo(resumo)).toEqual([`Li e concordo com a declaração: ${DECLARACAO} → #declaraCiencia`]);
    expect(campo('Li e concordo com a declaração').getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findAllByText(DECLARACAO)).toHaveLength(2); // at the checkbox and in the toast
    expect(http.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('submits with PUT {id, tipo, passo: 5, declaraCiencia: true} and goes to /home?sucesso=true', async () => {
    http.put('/api/solicitacao', ok({ ...rascunho(4), situacao: 6, passo: 5, declaraCiencia: true }));
    const { router } = await abrirPasso5();
    fireEvent.click(campo('Li e concordo com a declaração'));
    enviar();

    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/home?sucesso=true'));
    expect(http.calls.filter((c) => c.method === 'PUT').map((c) => c.data)).toEqual([
      { id: 77, tipo: 1, passo: 5, declaraCiencia: true },
    ]);
    await screen.findByText('Solicitação enviada com sucesso!');
  });

  it('goes to /home?sucesso=true&atualizacao=true when the server answers 406', async () => {
    http.put('/api/solicitacao', fail(406, 'Seus dados foram enviados para atualização.'));
    const { router } = await abrirPasso5();
    fireEvent.click(campo('Li e concordo com a declaração'));
    enviar();

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/home?sucesso=true&atualizacao=true'),
    );
    await screen.findByText('Seus dados foram enviados para atualização.');
  });

  it('stays and shows the server\'s message on any other error', async () => {
    http.put('/api/solicitacao', fail(400, 'Preencha e salve todos os passos antes de enviar a solicitação.'));
    const { router } = await abrirPasso5();
    fireEvent.click(campo('Li e concordo com a declaração'));
    enviar();

    await screen.findByText('Preencha e salve todos os passos antes de enviar a solicitação.');
    expect(router.state.location.pathname).toBe('/pescador/solicitacao');
  });
});
