import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/storage';
import { fail, installMockHttp, ok, type MockHttp } from '../../test/http';
import { ProvedoresDeTeste } from '../../test/provedores';
import { renderApp } from '../../test/render-app';
import { fisherToken, staffToken } from '../../test/tokens';
import { EnviosDoPescador } from './canais';

let http: MockHttp & { restore: () => void };

beforeAll(async () => {
  await import('../../routes/pescador-avisos');
});
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => http.restore());

/** The text of the elements an input's aria-describedby names. */
function descricao(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
}

const preferencias = { email: true, sms: true, govbr: true, temEmail: true, temCelular: false };

describe('the fisher chooses the channels of their notices', () => {
  beforeEach(() => setToken(fisherToken()));

  it('shows the screen always on, says a channel without address sends nothing, and saves the choice', async () => {
    http.get('/api/notificacao/preferencias', ok(preferencias));
    http.put('/api/notificacao/preferencias', () => ({ status: 200, data: { codigo: 200, mensagem: 'Preferências de avisos salvas.', dados: { ...preferencias, sms: false } } }));
    const { restoreNavigation } = renderApp('/pescador/avisos');
    try {
      await screen.findByRole('heading', { level: 1, name: 'Como receber avisos' });
      const tela = await screen.findByRole('checkbox', { name: 'Tela do sistema' });
      expect((tela as HTMLInputElement).checked).toBe(true);
      expect((tela as HTMLInputElement).disabled).toBe(true);
      const sms = screen.getByRole('checkbox', { name: 'SMS' });
      expect(descricao(sms)).toMatch(/não tem celular/);
      expect(descricao(screen.getByRole('checkbox', { name: 'E-mail' }))).toBe('Para o e-mail do seu cadastro.');

      fireEvent.click(sms);
      expect((sms as HTMLInputElement).checked).toBe(false);
      fireEvent.click(screen.getByRole('button', { name: 'Salvar preferências' }));
      await waitFor(() => expect(http.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
      const put = http.calls.find((c) => c.method === 'PUT')!;
      expect(put.data).toEqual({ email: true, sms: false, govbr: true });
      await waitFor(() => expect(screen.getAllByRole('status').map((e) => e.textContent)).toContain('Preferências de avisos salvas.'));
    } finally {
      restoreNavigation();
    }
  });

  it('a failed reading says so and offers to try again', async () => {
    http.get('/api/notificacao/preferencias', fail(500, 'Erro interno'));
    const { restoreNavigation } = renderApp('/pescador/avisos');
    try {
      expect((await screen.findByRole('alert')).textContent).toMatch(/Erro interno|preferências/);
      screen.getByRole('button', { name: 'Tentar novamente' });
    } finally {
      restoreNavigation();
    }
  });
});

describe('staff see the delivery per channel on the fisher\'s page', () => {
  beforeEach(() => setToken(staffToken()));

  function renderEnvios() {
    render(
      <ProvedoresDeTeste>
        <MemoryRouter>
          <EnviosDoPescador idPescador={42} />
        </MemoryRouter>
      </ProvedoresDeTeste>,
    );
  }

  it('reads the deliveries only when asked (each reading is audited), then lists each channel\'s state', async () => {
    http.get('/api/pescador/42/envios-notificacao', ok([
      { id: 1, tipo: 4, canal: 3, situacao: 2, tentativas: 1, ultimoErro: null, criadaEm: '2026-03-01T11:00:00Z', enviadaEm: '2026-03-01T11:01:00Z', proximaTentativaEm: null },
      { id: 2, tipo: 4, canal: 2, situacao: 1, tentativas: 2, ultimoErro: 'gateway respondeu 503', criadaEm: '2026-03-01T11:00:00Z', enviadaEm: null, proximaTentativaEm: '2026-03-01T11:05:00Z' },
      { id: 3, tipo: 2, canal: 1, situacao: 3, tentativas: 8, ultimoErro: 'caixa cheia', criadaEm: '2026-02-01T11:00:00Z', enviadaEm: null, proximaTentativaEm: null },
    ]));
    renderEnvios();
    const botao = screen.getByRole('button', { name: 'Ver a entrega dos avisos' });
    expect(http.calls).toHaveLength(0);
    fireEvent.click(botao);
    const tabela = await screen.findByRole('table', { name: 'Entrega dos avisos mais recentes, por canal' });
    const linhas = within(tabela).getAllByRole('row').slice(1);
    expect(linhas).toHaveLength(3);
    expect(linhas[0]!.textContent).toContain('Caixa postal gov.br');
    expect(linhas[0]!.textContent).toContain('Enviado em 01/03/2026 08:01:00');
    expect(linhas[1]!.textContent).toContain('SMS');
    expect(linhas[1]!.textContent).toContain('Aguardando envio (2 tentativas)');
    expect(linhas[1]!.textContent).toContain('Próxima tentativa em 01/03/2026 08:05:00');
    expect(linhas[1]!.textContent).toContain('gateway respondeu 503');
    expect(linhas[2]!.textContent).toContain('E-mail');
    expect(linhas[2]!.textContent).toContain('Falhou (8 tentativas)');
    expect(http.calls).toHaveLength(1);
  });

  it('says when nothing was sent beyond the screen', async () => {
    http.get('/api/pescador/42/envios-notificacao', ok([]));
    renderEnvios();
    fireEvent.click(screen.getByRole('button', { name: 'Ver a entrega dos avisos' }));
    expect(await screen.findByText('Nenhum aviso enviado a este pescador por e-mail, SMS ou gov.br.')).toBeTruthy();
  });
});
