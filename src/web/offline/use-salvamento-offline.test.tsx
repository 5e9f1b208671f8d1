import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
