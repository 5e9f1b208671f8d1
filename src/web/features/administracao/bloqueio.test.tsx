import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodigoErro } from '../../../shared/codigos-erro';
import { getToken, readItem, setToken, STORAGE_KEYS } from '../../lib/storage';
import { fail, installMockHttp, type MockHttp } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { staffToken } from '../../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
  sessionStorage.clear();
});

const BLOQUEADO = 'Usuário bloqueado. Procure o gestor do seu órgão para reativar o acesso.';

describe('a staff user blocked while signed in', () => {
  it('is signed out at the next request, once, with the server reason kept for the public page', async () => {
    setToken(staffToken({ perfil: 3 }));
    http.get('/api/analise-solicitacao/totalizadores', fail(403, BLOQUEADO, { codigoErro: CodigoErro.FORA_DO_HORARIO }));
    const app = renderApp('/home');
    restoreNavigation = app.restoreNavigation;
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(app.assign).toHaveBeenCalledWith('/'));
    expect(getToken()).toBeNull();
    expect(JSON.parse(readItem('session', STORAGE_KEYS.toast) ?? '[]')).toEqual([{ type: 'error', message: BLOQUEADO }]);
    expect(app.assign).toHaveBeenCalledTimes(1);
  });
});
