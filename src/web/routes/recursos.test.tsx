import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MENSAGENS_RECURSO } from '../../shared/schemas/recurso';
import { ROTA_FILA_RECURSOS } from '../../shared/rotas-web';
import { setToken } from '../lib/storage';
import { installMockHttp, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { fisherToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('./recursos');
});
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

describe('the staff queue of appeals', () => {
  it('tells a fisher it is not theirs, naming the appeals, and asks the server nothing', async () => {
    setToken(fisherToken());
    const app = renderApp(ROTA_FILA_RECURSOS);
    restoreNavigation = app.restoreNavigation;
    await screen.findByRole('heading', { level: 1, name: 'Acesso não permitido' });
    expect(screen.getByText(MENSAGENS_RECURSO.semAcessoFila)).toBeTruthy();
    expect(http.calls.filter((c) => c.url.includes('/api/recursos'))).toEqual([]);
  });
});
