import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodigoErro } from '../../shared/codigos-erro';
import { api } from '../lib/api';
import { usarCelular } from '../test/celular';
import { fail, networkError, ok } from '../test/http';
import { guardarNoCelular, lerDoCelular } from './neste-celular';
import { useSalvamentoOffline, type RegistroNoCelular } from './use-salvamento-offline';

// Decision 0069: a REAP change typed within 300 ms of the page going away is kept. A phone
// switching apps fires no pagehide (the tab may then be ended unseen), so the page being hidden keeps it too.
// Against a real IndexedDB implementation (fake-indexeddb).

const EU = '0123456789abcdef0123456789abcdef';
const loja = createStore('rgp-neste-celular', 'itens');

beforeEach(async () => {
  await clear(loja);
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('a change typed in an offline form', () => {
  it('is kept on the phone at once when the page is hidden', async () => {
    const salvar = vi.fn(() => new Promise<never>(() => undefined));
    // The change's moment never comes (a fake clock not moved): only the page being hidden keeps it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { result } = renderHook(() => useSalvamentoOffline({ dono: EU, chave: 'reap/1', inicial: null, salvar }));
    act(() => result.current.anotar({ especie: 'Tainha' }, { kg: 3 }, {}));
    act(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    vi.useRealTimers();
    // A write behind it: once it is stored, the change's write (issued before) is too.
    await guardarNoCelular(EU, 'marco', { x: 1 }, false);
    const r = await lerDoCelular<RegistroNoCelular<object, object, object>>(EU, 'reap/1');
    expect(r?.form).toEqual({ especie: 'Tainha' });
    expect(r?.pendente?.corpo).toEqual({ kg: 3 });
  });

  it('is not kept before its moment while the page stays visible', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { result } = renderHook(() => useSalvamentoOffline({ dono: EU, chave: 'reap/1', inicial: null, salvar: vi.fn() }));
    act(() => result.current.anotar({ especie: 'Tainha' }, { kg: 3 }, {}));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    vi.useRealTimers();
    await guardarNoCelular(EU, 'marco', { x: 1 }, false);
    expect(await lerDoCelular(EU, 'reap/1')).toBeUndefined();
  });
});

describe('a form kept in the outbox', () => {
  const celular = usarCelular(EU);
  const CAMINHO = '/api/reap/questionario-basico';
  /** The form's server call, through the app's transport: with the key it is given (a sending's), or none. */
  const salvar = async (corpo: object, chave: string | undefined) =>
    (await api.post(CAMINHO, corpo, chave ? { headers: { 'Idempotency-Key': chave } } : {})).data;
  const chaveDe = (c: { config: { headers: Headers } }) => c.config.headers.get('Idempotency-Key');
  const voltarOSinal = () => act(() => {
    celular.online = true;
    window.dispatchEvent(new Event('online'));
  });

  it('sends a sending kept without signal when the signal returns, replaying a lost answer with the same key', async () => {
    let perder = true;
    celular.http.post(CAMINHO, (config) => {
      if (perder) {
        perder = false;
        return networkError(config);
      }
      return ok({ ok: true });
    });
    const aoSalvar = vi.fn();
    const { result } = renderHook(() => useSalvamentoOffline({ dono: EU, chave: 'reap/1', inicial: null, salvar, aoSalvar }));
    celular.online = false;
    await act(() => result.current.registrar({ especie: 'Tainha' }, { kg: 3 }, {}, true));
    expect(result.current.estado).toEqual({ tipo: 'neste-celular', envio: true });
    expect((await lerDoCelular<RegistroNoCelular<object, object, object>>(EU, 'reap/1'))?.pendente?.envio).toBe(true);

    voltarOSinal();
    await waitFor(() => expect(celular.http.calls).toHaveLength(1));
    // The answer was lost: the sending stays on the phone, as it was.
    await waitFor(() => expect(result.current.estado).toEqual({ tipo: 'neste-celular', envio: true }));
    voltarOSinal();
    await waitFor(() => expect(result.current.estado.tipo).toBe('salvo'));
    const [primeira, segunda] = celular.http.callsTo(CAMINHO);
    expect(chaveDe(primeira!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(chaveDe(segunda!)).toBe(chaveDe(primeira!));
    expect(aoSalvar).toHaveBeenCalledTimes(1);
    expect(aoSalvar).toHaveBeenCalledWith(expect.objectContaining({ dados: { ok: true } }), true);
    expect(await lerDoCelular(EU, 'reap/1')).toBeUndefined();
  });

  it('keeps a refusal of the state with the form and shows it until the fisher discards it', async () => {
    const mensagem = 'A REAP já foi enviada.';
    celular.http.post(CAMINHO, fail(409, mensagem, { codigoErro: CodigoErro.SOLICITACAO_NAO_EDITAVEL }));
    const { result } = renderHook(() => useSalvamentoOffline({ dono: EU, chave: 'reap/1', inicial: null, salvar }));
    await act(() => result.current.registrar({ especie: 'Tainha' }, { kg: 3 }, {}, true));
    expect(result.current.estado).toEqual({ tipo: 'conflito', mensagem, codigoErro: CodigoErro.SOLICITACAO_NAO_EDITAVEL });
    const guardado = await lerDoCelular<RegistroNoCelular<object, object, object>>(EU, 'reap/1');
    expect(guardado?.conflito?.mensagem).toBe(mensagem);
    expect(guardado?.form).toEqual({ especie: 'Tainha' });
    // Nothing more is sent while the refusal waits.
    await act(() => result.current.registrar({ especie: 'Tainha' }, { kg: 4 }, {}, true));
    expect(celular.http.calls).toHaveLength(1);

    await act(() => result.current.descartar());
    expect(result.current.estado).toEqual({ tipo: 'ocioso' });
    expect(await lerDoCelular(EU, 'reap/1')).toBeUndefined();
  });
});
