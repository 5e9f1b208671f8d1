import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/storage';
import { ProvedoresDeTeste } from '../../test/provedores';
import { installMockHttp, ok, type MockHttp } from '../../test/http';
import { fisherToken } from '../../test/tokens';
import { BaixarMeusDados } from './quem-acessou';

let http: MockHttp & { restore: () => void };
let salvos: string[];

beforeEach(() => {
  http = installMockHttp();
  setToken(fisherToken());
  salvos = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:http://localhost/meus-dados'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    salvos.push(this.download);
  });
});

afterEach(() => {
  http.restore();
  vi.restoreAllMocks();
});

describe('"Baixar meus dados" (issue 33)', () => {
  it('offers a readable PDF beside the JSON, and saves the PDF the server made', async () => {
    http.get('/api/lgpd/meus-dados/pdf', { status: 200, data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) });
    render(<ProvedoresDeTeste><BaixarMeusDados /></ProvedoresDeTeste>);
    screen.getByRole('button', { name: 'Baixar meus dados em JSON' });

    fireEvent.click(screen.getByRole('button', { name: 'Baixar meus dados em PDF' }));

    await waitFor(() => expect(salvos).toEqual(['meus-dados-rgp.pdf']));
    const [chamada] = http.calls;
    expect(chamada?.config.responseType).toBe('blob');
    expect(chamada?.authorization).toMatch(/^Bearer /);
    await screen.findByText('Seus dados foram baixados.');
  });

  it('"em JSON" still asks for the JSON export, not the PDF', async () => {
    http.get('/api/lgpd/meus-dados', ok({}));
    render(<ProvedoresDeTeste><BaixarMeusDados /></ProvedoresDeTeste>);
    fireEvent.click(screen.getByRole('button', { name: 'Baixar meus dados em JSON' }));
    await waitFor(() => expect(http.callsTo('/api/lgpd/meus-dados')).toHaveLength(1));
    expect(http.callsTo('/api/lgpd/meus-dados/pdf')).toHaveLength(0);
  });
});
