import { render, screen, waitFor, within, fireEvent } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SolicitacaoWizard, type PainelDocumentosProps } from '../features/solicitacao';
import { abrir, http, rascunho, tituloDoPasso, usarServidorFalso } from '../features/solicitacao/wizard-test-utils';
import { createQueryClient } from '../lib/query-client';
import { setToken } from '../lib/storage';
import { fail, ok } from '../test/http';
import { staffToken } from '../test/tokens';

usarServidorFalso();

function etapas() {
  const nav = screen.getByRole('navigation', { name: 'Etapas da solicitação' });
  return within(nav).getAllByRole('listitem');
}

describe('/pescador/solicitacao', () => {
  it('is for signed-in users only', async () => {
    window.localStorage.clear();
    const { router } = abrir('/pescador/solicitacao?tipoSolicitacao=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('tells other profiles that the screen is for fishers', async () => {
    setToken(staffToken());
    abrir('/pescador/solicitacao?tipoSolicitacao=1');
    await screen.findByText(/Esta tela é destinada a pescadores/);
    expect(screen.queryByRole('navigation', { name: 'Etapas da solicitação' })).toBeNull();
    expect(http.calls).toHaveLength(0);
  });

  it('refuses an unknown request type', async () => {
    abrir('/pescador/solicitacao?tipoSolicitacao=5');
    await screen.findByText('Tipo de solicitação inválido.');
  });

  it('resumes a draft at its first unsaved step; saved steps are links, later ones are not', async () => {
    http.get('/api/solicitacao/77', ok(rascunho(2)));
    const { router } = abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77');
    await tituloDoPasso(3, 'Dados socioeconômicos');
    expect(document.title).toContain('Passo 3 de 5: Dados socioeconômicos');

    const itens = etapas();
    expect(itens.map((li) => li.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null]);
    within(itens[0]!).getByRole('link', { name: /Passo 1: Dados pessoais \(concluída\)/ });
    within(itens[1]!).getByRole('link');
    expect(within(itens[3]!).queryByRole('link')).toBeNull();
    expect(within(itens[4]!).queryByRole('link')).toBeNull();

    // Going back through the stepper, then with the "Voltar" button; each step's heading takes the focus.
    fireEvent.click(within(itens[0]!).getByRole('link'));
    const titulo1 = await tituloDoPasso(1, 'Dados pessoais');
    await waitFor(() => expect(document.activeElement).toBe(titulo1));
    expect(new URLSearchParams(router.state.location.search).get('passo')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Voltar' })).toBeNull();

    fireEvent.click(within(etapas()[1]!).getByRole('link'));
    await tituloDoPasso(2, 'Atividade pesqueira');
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    await tituloDoPasso(1, 'Dados pessoais');
  });

  it('does not open a step ahead of the saved ones', async () => {
    http.get('/api/solicitacao/77', ok(rascunho(1)));
    abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77&passo=5');
    await tituloDoPasso(2, 'Atividade pesqueira');
  });

  it('says "Erro ao consultar Solicitação" when the draft cannot be read', async () => {
    http.get('/api/solicitacao/77', fail(403, 'Acesso negado a esta solicitação'));
    abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77');
    // In the page and in a toast.
    await waitFor(() => expect(screen.getAllByText('Erro ao consultar Solicitação')).toHaveLength(2));
    screen.getByText('Acesso negado a esta solicitação');
    screen.getByRole('button', { name: 'Tentar novamente' });
  });

  it('shows a request that is no longer a draft read-only', async () => {
    http.get('/api/solicitacao/77', ok(rascunho(4, { situacao: 6, declaraCiencia: true })));
    abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77');
    await tituloDoPasso(1, 'Dados pessoais');
    screen.getByText('Esta solicitação não pode mais ser alterada.');
    expect(screen.getByLabelText('Nome da mãe').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar e continuar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    await tituloDoPasso(2, 'Atividade pesqueira');
  });
});

describe('/pescador/edicao-registro/edicao/', () => {
  it.each(['/pescador/edicao-registro/edicao/', '/pescador/edicao-registro/edicao'])(
    '%s opens the cloned request (type 8) at step 1, with every saved step open',
    async (caminho) => {
      http.get('/api/solicitacao/90', ok(rascunho(4, { id: 90, tipo: 8 })));
      abrir(`${caminho}?idSolicitacao=90&tipoSolicitacao=8`);
      await tituloDoPasso(1, 'Dados pessoais');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edição de registro');
      expect(etapas().filter((li) => within(li).queryByRole('link'))).toHaveLength(4);
    },
  );

  it('saves with type 8', async () => {
    http.get('/api/solicitacao/90', ok(rascunho(4, { id: 90, tipo: 8 })));
    http.put('/api/solicitacao', ok(rascunho(4, { id: 90, tipo: 8 })));
    abrir('/pescador/edicao-registro/edicao/?idSolicitacao=90&tipoSolicitacao=8');
    await tituloDoPasso(1, 'Dados pessoais');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    await tituloDoPasso(2, 'Atividade pesqueira');
    expect(http.calls.filter((c) => c.method === 'PUT').map((c) => c.data)).toEqual([
      expect.objectContaining({ id: 90, tipo: 8, passo: 1, protocolo: null }),
    ]);
    await screen.findByText('Dados pessoais atualizado com sucesso');
  });

  it('needs the request to edit', async () => {
    abrir('/pescador/edicao-registro/edicao/?tipoSolicitacao=8');
    await screen.findByText('Solicitação de edição não informada.');
  });
});

describe('SolicitacaoWizard in read-only mode (the analysis view)', () => {
  it('renders the same steps disabled, without save buttons, and the documents read-only', async () => {
    http.get('/api/solicitacao/77', ok(rascunho(4, { situacao: 7, passo: 5, declaraCiencia: true })));
    const recebidos: PainelDocumentosProps[] = [];
    const Documentos = (props: PainelDocumentosProps) => {
      recebidos.push(props);
      return <p>Painel de documentos</p>;
    };
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <MemoryRouter initialEntries={['/analise/solicitacao?idSolicitacao=77&passo=4']}>
          <SolicitacaoWizard tipo={1} idSolicitacao={77} somenteLeitura Documentos={Documentos} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await tituloDoPasso(4, 'Apoio e documentos');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    screen.getByText('Painel de documentos');
    expect(recebidos.at(-1)).toEqual({
      idSolicitacao: 77,
      tipoSolicitacao: 1,
      nacionalidadeBrasileira: 'BRASILEIRA',
      possuiEntidade: false,
      somenteLeitura: true,
    });
    expect(screen.getByLabelText('Não').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Salvar e continuar' })).toBeNull();
    // Every step may be seen.
    expect(etapas().filter((li) => within(li).queryByRole('link'))).toHaveLength(4);
    expect(screen.queryByText('Esta solicitação não pode mais ser alterada.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo passo' }));
    await tituloDoPasso(5, 'Declaração e envio');
    const ciencia = screen.getByLabelText('Li e concordo com a declaração') as HTMLInputElement;
    expect(ciencia.matches(':disabled')).toBe(true);
    expect(ciencia.checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enviar solicitação' })).toBeNull();
  });
});
