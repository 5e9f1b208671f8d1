import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodigoErro } from '../../../shared/codigos-erro';
import { chavesNoCelular as chaves, usarCelular } from '../../test/celular';
import { fail, ok } from '../../test/http';
import { solicitacaoDetalhe } from '../../test/respostas';
import { useRascunhoNoCelular } from './use-rascunho-no-celular';

// The wizard's step saves kept in the outbox without signal (decisions 0062 and 0076): kept in order, each with its
// key, sent in that order when the signal returns (step 1's POST gives the id the next steps' PUTs carry), and a
// refusal kept until the fisher discards it. Against a real IndexedDB implementation (fake-indexeddb).

const EU = '0123456789abcdef0123456789abcdef';
const celular = usarCelular(EU);

function abrir(idSolicitacao?: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const aoCriar = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(() => useRascunhoNoCelular({ dono: EU, tipo: 1, idSolicitacao, solicitacao: undefined, aoCriar }), { wrapper });
  return { ...hook, aoCriar };
}

const chaveDe = (c: { config: { headers: Headers } }) => c.config.headers.get('Idempotency-Key');
const passoDe = (c: { data: unknown }) => (c.data as { passo: number }).passo;

describe("the wizard's steps kept on the phone", () => {
  it('are kept in order without signal and sent in that order when it returns, the request created first', async () => {
    celular.http.post('/api/solicitacao', ok(solicitacaoDetalhe({ id: 77, passo: 1 })));
    celular.http.put('/api/solicitacao', (config) => ok(solicitacaoDetalhe({ id: 77, passo: JSON.parse(config.data as string).passo })));
    const { result, aoCriar } = abrir();
    await waitFor(() => expect(result.current.carregando).toBe(false));

    celular.online = false;
    await act(async () => {
      expect(await result.current.celular.guardar(1, { nome: 'Maria' }, { nomeMae: 'Ana' })).toBe(true);
      expect(await result.current.celular.guardar(2, { barco: 'Sim' }, { possuiEmbarcacao: true })).toBe(true);
    });
    // The screen's copy follows the phone's once the query's observers are told (batched, after the write).
    await waitFor(() => expect(result.current.registro?.pendente?.map((p) => p.passo)).toEqual([1, 2]));
    expect(result.current.celular.aguardando).toBe(true);
    expect(await chaves()).toEqual([`${EU}/solicitacao/nova-1`]);
    expect(celular.http.calls).toEqual([]);

    act(() => {
      celular.online = true;
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(aoCriar).toHaveBeenCalledWith(77));
    await waitFor(async () => expect(await chaves()).toEqual([]));
    const [criacao, passo2] = celular.http.calls;
    expect([criacao?.method, passoDe(criacao!), passo2?.method, passoDe(passo2!)]).toEqual(['POST', 1, 'PUT', 2]);
    expect((passo2!.data as { id: number }).id).toBe(77);
    expect(chaveDe(criacao!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(chaveDe(passo2!)).not.toBe(chaveDe(criacao!));
    await waitFor(() => expect(result.current.celular.aguardando).toBe(false));
  });

  it('keep a refusal with the record, shown until the fisher discards it', async () => {
    const mensagem = 'Esta solicitação não pode mais ser alterada.';
    celular.http.get('/api/solicitacao/77', ok(solicitacaoDetalhe({ id: 77, passo: 2 })));
    celular.http.put('/api/solicitacao', fail(406, mensagem, { codigoErro: CodigoErro.SOLICITACAO_NAO_EDITAVEL }));
    const { result } = abrir(77);
    await waitFor(() => expect(result.current.carregando).toBe(false));

    await act(async () => {
      await result.current.celular.guardar(3, { renda: 'Pesca' }, { atividade: 'Pesca' });
    });
    await waitFor(() => expect(result.current.registro?.conflito?.mensagem).toBe(mensagem));
    // Nothing more is kept or sent while the refusal waits.
    await act(async () => {
      expect(await result.current.celular.guardar(4, {}, {})).toBe(false);
    });
    expect(celular.http.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

    await act(() => result.current.descartar());
    await waitFor(() => expect(result.current.registro).toBeNull());
    expect(await chaves()).toEqual([]);
  });
});
