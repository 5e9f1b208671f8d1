import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { clear, createStore, entries } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { guardarNoCelular } from '../../offline/neste-celular';
import { setToken } from '../../lib/storage';
import { ok } from '../../test/http';
import { fisherToken } from '../../test/tokens';
import { ESPERA_DIGITADO_MS } from './use-rascunho-no-celular';
import {
  abrir,
  campo,
  escolherQuandoCarregar,
  http,
  marcar,
  preencher,
  rascunho,
  salvarEContinuar,
  screen,
  tituloDoPasso,
  usarServidorFalso,
} from './wizard-test-utils';

// Decision 0069: what the fisher types in a wizard step is kept on the phone field by field, as
// the REAP keeps its form, so a reload before "Salvar e continuar" loses nothing; once the step is saved it leaves
// the phone. Against a real IndexedDB implementation (fake-indexeddb).

usarServidorFalso();

const EU = '0123456789abcdef0123456789abcdef';
const loja = createStore('rgp-neste-celular', 'itens');
const chaves = async () => (await entries<IDBValidKey, unknown>(loja)).map(([k]) => String(k));
const DIGITADO = `${EU}/digitado/solicitacao/77/3`;

beforeEach(async () => {
  await clear(loja);
  setToken(fisherToken({ idCelular: EU }));
  http.get('/api/solicitacao/77', ok(rascunho(2)));
});

/** The page goes to the background, as when the fisher switches apps. */
function ocultarPagina() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

function fonte() {
  return screen.getByText('Fonte de renda 1', { selector: 'legend' }).closest('fieldset') as HTMLElement;
}

describe("a wizard step's typed fields", () => {
  it('are found again after a reload before the step is saved, and leave the phone once it is', async () => {
    const primeira = abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77');
    await tituloDoPasso(3, 'Dados socioeconômicos');
    preencher('Atividade profissional', 'Pesca de mangue', fonte());
    marcar('Possui computador?', 'Não');
    await waitFor(async () => expect(await chaves()).toEqual([DIGITADO]));

    // The page is loaded again: a new application, the same phone.
    primeira.unmount();
    primeira.restoreNavigation();
    abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77');
    await tituloDoPasso(3, 'Dados socioeconômicos');
    expect((campo('Atividade profissional', fonte()) as HTMLInputElement).value).toBe('Pesca de mangue');
    expect((campo('Não', screen.getByText('Possui computador?', { selector: 'legend' }).closest('fieldset') as HTMLElement) as HTMLInputElement).checked).toBe(true);

    await escolherQuandoCarregar('Profissão', 'Pescador(a) artesanal', fonte());
    preencher('Faixa de renda', '1', fonte());
    marcar('Recebe algum benefício ou renda do governo federal?', 'Não');
    marcar('Recebe seguro-defeso?', 'Sim');
    preencher('Tipo de residência', '1');
    preencher('Há quantos anos mora no município?', '20');
    marcar('Tem acesso à internet?', 'Sim');
    marcar('Possui capacitação profissional?', 'Não');
    marcar('Possui celular?', 'Sim');
    marcar('Serviços públicos disponíveis na sua residência', 'Água encanada');
    http.put('/api/solicitacao', ok(rascunho(3)));
    salvarEContinuar();
    await tituloDoPasso(4, 'Apoio e documentos');
    expect(await chaves()).toEqual([]);
  });

  it('are kept at once when the page is hidden (a phone switching apps fires no pagehide)', async () => {
    abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77');
    await tituloDoPasso(3, 'Dados socioeconômicos');
    // The change's moment never comes (a fake clock not moved): only the page being hidden keeps it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      preencher('Atividade profissional', 'Pesca de mangue', fonte());
      ocultarPagina();
    } finally {
      vi.useRealTimers();
      Reflect.deleteProperty(document, 'visibilityState');
    }
    await guardarNoCelular(EU, 'marco', { x: 1 }, false);
    expect((await chaves()).sort()).toEqual([DIGITADO, `${EU}/marco`]);
  });

  it('are not kept for a session without a phone id', async () => {
    setToken(fisherToken());
    abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77');
    await tituloDoPasso(3, 'Dados socioeconômicos');
    // The moment a typed change waits is passed on a fake clock, so the write it would start has surely started.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      preencher('Atividade profissional', 'Pesca de mangue', fonte());
      vi.advanceTimersByTime(ESPERA_DIGITADO_MS + 1);
    } finally {
      vi.useRealTimers();
    }
    // A write behind it (same path, so its transaction comes after any the change started): once it is stored,
    // whatever the change wrote would be too.
    await guardarNoCelular(EU, 'marco', { x: 1 }, false);
    expect(await chaves()).toEqual([`${EU}/marco`]);
  });
});
