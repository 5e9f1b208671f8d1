import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CodigoErro } from '../../../shared/codigos-erro';
import { MENSAGENS_HORARIO_ACESSO, type ConfiguracaoHorario } from '../../../shared/schemas/horario-acesso';
import { setToken } from '../../lib/storage';
import { fail, installMockHttp, ok, type MockHttp } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { staffToken } from '../../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('../../routes/administracao-horario-acesso');
});
beforeEach(() => {
  http = installMockHttp();
  setToken(staffToken({ perfil: 1, siglaOrgao: 'MPA', ufOrgao: 'DF' }));
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

const SFPA_PA: ConfiguracaoHorario = {
  idConfiguracao: 4, orgao: 'SFPA-PA', nomeOrgao: 'Superintendência no Pará', horaLimiteInicioAcesso: '08:00', horaLimiteTerminoAcesso: '17:00',
  usuarioPodeAcessarTodosDias: false, totalServidores: 0,
};

const APLICAR = '/api/configuracao-horario-acesso/usuario-unidade-trabalho';

/** Chooses the agency, asks to apply its hours to its servers and confirms; answers the toast shown. */
async function aplicarAosServidores() {
  const app = renderApp('/administracao/horario-acesso');
  restoreNavigation = app.restoreNavigation;
  fireEvent.change(await screen.findByLabelText('Órgão'), { target: { value: 'SFPA-PA' } });
  fireEvent.click(screen.getByRole('button', { name: 'Aplicar aos servidores do órgão' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Sim, continuar.' }));
  await waitFor(() => expect(http.callsTo(APLICAR)).toHaveLength(1));
}

/** The kind of the toast that shows a text ('info', 'error' …), from react-toastify's class. */
async function tipoDoToast(texto: string): Promise<string | undefined> {
  const el = await screen.findByText(texto);
  return /Toastify__toast--(\w+)/.exec(el.closest('.Toastify__toast')?.className ?? '')?.[1];
}

describe('/administracao/horario-acesso: applying the hours to the servers', () => {
  it('tells HORARIO_NADA_A_APLICAR (no server to update) as information, in the server\'s words', async () => {
    http.get('/api/configuracao-horario-acesso', ok({ configuracoes: [SFPA_PA] }));
    http.patch(APLICAR, fail(404, MENSAGENS_HORARIO_ACESSO.semServidores, { codigoErro: CodigoErro.HORARIO_NADA_A_APLICAR }));
    await aplicarAosServidores();
    expect(await tipoDoToast(MENSAGENS_HORARIO_ACESSO.semServidores)).toBe('info');
  });

  it('shows any other failure of the same status (an address not found) as an error', async () => {
    http.get('/api/configuracao-horario-acesso', ok({ configuracoes: [SFPA_PA] }));
    http.patch(APLICAR, fail(404, 'Recurso não encontrado.', { codigoErro: CodigoErro.NAO_ENCONTRADO }));
    await aplicarAosServidores();
    expect(await tipoDoToast('Recurso não encontrado.')).toBe('error');
  });
});
