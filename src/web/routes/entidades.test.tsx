import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { fisherToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('./entidades');
});
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

describe("/representacao (the agent's desk)", () => {
  it('asks the list once the agent stops typing a name, not on each key', async () => {
    setToken(fisherToken({ idPescador: undefined }));
    http.get(/^\/api\/representacao\/pescadores/, ok({ entidades: [{ id: 1, nome: 'Colônia Z-3', situacao: 1, validadeAgente: '2029-12-31' }], representados: [] }));
    restoreNavigation = renderApp('/representacao').restoreNavigation;
    const filtro = await screen.findByLabelText('Filtrar por nome');
    for (const v of ['M', 'Ma', 'Mar', 'Maria']) fireEvent.change(filtro, { target: { value: v } });
    const mesa = () => http.calls.filter((c) => c.url.startsWith('/api/representacao/pescadores'));
    await waitFor(() => expect(mesa().some((c) => c.url.includes('nome=Maria'))).toBe(true));
    expect(mesa().filter((c) => /nome=M(a|ar)?(&|$)/.test(c.url))).toEqual([]);
  });

  it('links the consent term of a fisher without gov.br', async () => {
    setToken(fisherToken({ idPescador: undefined }));
    http.get('/api/representacao/pescadores', ok({ entidades: [], representados: [] }));
    restoreNavigation = renderApp('/representacao').restoreNavigation;
    expect((await screen.findByRole('link', { name: /Registrar termo de consentimento/ })).getAttribute('href')).toBe('/representacao/termo');
  });
});
