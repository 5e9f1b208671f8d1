import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import type { CaptchaHandle, WidgetProps } from './captcha';

/** Where the widget asks for a new proof-of-work challenge. */
export const ENDERECO_DESAFIO = '/api/captcha/desafio';

/**
 * A challenge endpoint may answer inside the API's envelope (`{codigo, mensagem, dados}`); the widget wants the
 * bare challenge. Anything else passes untouched.
 */
export const fetchDesafio: typeof fetch = async (input, init) => {
  const resposta = await fetch(input, { ...init, credentials: 'same-origin' });
  if (!resposta.ok || !(resposta.headers.get('content-type') ?? '').includes('json')) return resposta;
  const corpo: unknown = await resposta.clone().json().catch(() => null);
  if (corpo && typeof corpo === 'object' && 'codigo' in corpo && 'dados' in corpo) {
    return new Response(JSON.stringify((corpo as { dados: unknown }).dados), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }
  return resposta;
};

interface DetalheEstado {
  state?: string;
  payload?: string | null;
}

/**
 * The self-hosted proof-of-work captcha (ALTCHA): a "Eu não sou um robô" checkbox that the browser solves in a
 * second or two, sending no data to third parties.
 */
export default function WidgetAltcha({ onVerified, onReset, onFalhaCarga, ref }: WidgetProps & { ref?: Ref<CaptchaHandle> }) {
  const elementoRef = useRef<AltchaWidgetElement>(null);
  const carregado = useRef<Promise<boolean> | null>(null);
  const callbacks = useRef({ onVerified, onReset, onFalhaCarga });
  useEffect(() => {
    callbacks.current = { onVerified, onReset, onFalhaCarga };
  });

  useEffect(() => {
    let ativo = true;
    const elemento = elementoRef.current;
    // The widget's methods exist once it has loaded (its "load" event); listen before it can happen.
    const pronto = new Promise<void>((resolve) => elemento?.addEventListener('load', () => resolve(), { once: true }));
    carregado.current = import('./carregar-altcha')
      .then(async () => {
        await customElements.whenDefined('altcha-widget');
        if (!elemento) return false;
        if (typeof elemento.configure !== 'function') await pronto;
        if (ativo) await elemento.configure({ fetch: fetchDesafio, language: 'pt-br' });
        return true;
      })
      .catch(() => {
        if (ativo) callbacks.current.onFalhaCarga();
        return false;
      });
    function onEstado(event: Event) {
      const detalhe = (event as CustomEvent<DetalheEstado>).detail ?? {};
      if (detalhe.state === 'verified' && detalhe.payload) callbacks.current.onVerified(detalhe.payload);
      else if (detalhe.state === 'expired' || detalhe.state === 'error' || detalhe.state === 'unverified') {
        callbacks.current.onReset?.();
      }
    }
    elemento?.addEventListener('statechange', onEstado);
    return () => {
      ativo = false;
      elemento?.removeEventListener('statechange', onEstado);
    };
  }, []);

  useImperativeHandle(ref, () => ({
    reset() {
      elementoRef.current?.reset?.();
    },
    async verificar() {
      if (!(await carregado.current)) return null;
      const elemento = elementoRef.current;
      if (!elemento) return null;
      try {
        const resultado = await elemento.verify();
        return resultado?.payload ?? null;
      } catch {
        return null;
      }
    },
  }));

  return <altcha-widget ref={elementoRef} challenge={ENDERECO_DESAFIO} language="pt-br" name="altcha" type="checkbox" />;
}
