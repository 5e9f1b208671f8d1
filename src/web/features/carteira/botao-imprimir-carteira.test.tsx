import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/storage';
import { ProvedoresDeTeste } from '../../test/provedores';
import { installMockHttp, ok, type MockHttp } from '../../test/http';
import { rgpPescador } from '../../test/respostas';
import { fisherToken } from '../../test/tokens';
import { BotaoImprimirCarteira, ImprimirCarteiraSeAtivo } from './index';

let http: MockHttp & { restore: () => void };
const criarEndereco = vi.fn(() => 'blob:http://localhost/carteira-1');
const revogarEndereco = vi.fn();

beforeEach(() => {
  http = installMockHttp();
  setToken(fisherToken());
  Object.assign(URL, { createObjectURL: criarEndereco, revokeObjectURL: revogarEndereco });
  criarEndereco.mockClear();
});

afterEach(() => {
  http.restore();
  vi.restoreAllMocks();
});

function mostrar(ui: React.ReactNode) {
  return render(<ProvedoresDeTeste>{ui}</ProvedoresDeTeste>);
}

const pdf = () => new Blob(['%PDF-1.7'], { type: 'application/pdf' });

describe('BotaoImprimirCarteira', () => {
  it('fetches the PDF with the bearer token as a blob and opens it in a new tab', async () => {
    const aba = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    const abrir = vi.spyOn(window, 'open').mockReturnValue(aba as unknown as Window);
    http.get('/api/pescador/42/imprimir-carteira', { status: 200, data: pdf() });
    mostrar(<BotaoImprimirCarteira idPescador={42} />);

    fireEvent.click(screen.getByRole('button', { name: /Imprimir carteira/ }));

    await waitFor(() => expect(aba.location.href).toBe('blob:http://localhost/carteira-1'));
    expect(abrir).toHaveBeenCalledWith('', '_blank');
    expect(aba.opener).toBeNull();
    const [chamada] = http.calls;
    expect(chamada?.authorization).toMatch(/^Bearer /);
    expect(chamada?.config.responseType).toBe('blob');
    expect((criarEndereco.mock.calls[0] as unknown[] | undefined)?.[0]).toBeInstanceOf(Blob);
    await screen.findByText('Carteira gerada.');
  });

  it('when no tab can be opened, downloads the PDF', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const cliques: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      cliques.push(`${this.href} ${this.download}`);
    });
    http.get('/api/pescador/42/imprimir-carteira', { status: 200, data: pdf() });
    mostrar(<BotaoImprimirCarteira idPescador={42} />);

    fireEvent.click(screen.getByRole('button', { name: /Imprimir carteira/ }));

    await waitFor(() => expect(cliques).toEqual(['blob:http://localhost/carteira-1 carteira-pescador-profissional.pdf']));
  });

  it('406 shows the server message (read from the blob body) and closes the tab', async () => {
    const aba = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(aba as unknown as Window);
    const corpo = JSON.stringify({ codigo: 406, mensagem: 'A carteira só pode ser impressa com o registro ativo.', erros: [] });
    http.get('/api/pescador/42/imprimir-carteira', { status: 406, data: new Blob([corpo], { type: 'application/json' }) });
    mostrar(<BotaoImprimirCarteira idPescador={42} />);

    fireEvent.click(screen.getByRole('button', { name: /Imprimir carteira/ }));

    await waitFor(() =>
      expect(document.querySelector('.Toastify__toast--error')?.textContent).toContain(
        'A carteira só pode ser impressa com o registro ativo.',
      ),
    );
    expect(aba.close).toHaveBeenCalled();
    expect(aba.location.href).toBe('');
  });
});

describe('ImprimirCarteiraSeAtivo', () => {
  it('shows the button only when GET /api/rgp/pescador/{id} answers situacao 1 (ATIVO)', async () => {
    http.get('/api/rgp/pescador/42', ok(rgpPescador({ numeroRGP: 'PAPA00000000042', situacao: 1 })));
    mostrar(<ImprimirCarteiraSeAtivo idPescador={42} />);
    await screen.findByRole('button', { name: /Imprimir carteira/ });
  });

  it('renders nothing for a registry that is not active', async () => {
    http.get('/api/rgp/pescador/42', ok(rgpPescador({ numeroRGP: 'PAPA00000000042', situacao: 6 })));
    mostrar(<ImprimirCarteiraSeAtivo idPescador={42} />);
    await waitFor(() => expect(http.calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: /Imprimir carteira/ })).toBeNull();
  });
});
