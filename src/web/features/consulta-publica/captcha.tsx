import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';

/** Where the widget asks for a new proof-of-work challenge. */
export const ENDERECO_DESAFIO = '/api/captcha/desafio';

export interface CaptchaHandle {
  /** Back to unverified: each lookup needs a new solution (the server accepts a token once). */
  reset(): void;
  /** Solves the challenge now if it was not solved yet; answers the payload, or null when it could not. */
  verificar(): Promise<string | null>;
}

export interface CaptchaProps {
  /** id of the group (the error summary's link target) */
  id: string;
  /** the widget solved its challenge: the payload goes in the x-hcaptcha-token header */
  onVerified: (payload: string) => void;
  /** the solution was spent, expired or failed */
  onReset?: () => void;
  /** inline error message */
  erro?: string | undefined;
  ref?: Ref<CaptchaHandle>;
}

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
 * The self-hosted proof-of-work captcha (ALTCHA) of the public lookups: a "Eu não sou um robô" checkbox that the
 * browser solves in a second or two, sending no data to third parties. Isolated here so that tests replace it
 * (jsdom cannot run the widget).
 */
export function Captcha({ id, onVerified, onReset, erro, ref }: CaptchaProps) {
  const elementoRef = useRef<AltchaWidgetElement>(null);
  const [falhaCarga, setFalhaCarga] = useState(false);
  const carregado = useRef<Promise<boolean> | null>(null);
  const callbacks = useRef({ onVerified, onReset });
  useEffect(() => {
    callbacks.current = { onVerified, onReset };
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
        if (ativo) setFalhaCarga(true);
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

  const erroId = `${id}-erro`;
  return (
    <div
      id={id}
      tabIndex={-1}
      role="group"
      aria-labelledby={`${id}-titulo`}
      aria-describedby={`${id}-dica${erro ? ` ${erroId}` : ''}`}
      className={`field consulta-captcha${erro ? ' danger' : ''}`}
    >
      <p id={`${id}-titulo`} className="consulta-captcha-titulo">
        Verificação de segurança
      </p>
      <p id={`${id}-dica`} className="field-hint">
        Marque “Eu não sou um robô” ou apenas consulte: o seu navegador resolve um pequeno cálculo, sem enviar dados a
        terceiros. Cada consulta pede uma nova verificação.
      </p>
      {erro && (
        <span id={erroId} className="feedback danger">
          <i className="fas fa-times-circle" aria-hidden="true" />
          {erro}
        </span>
      )}
      <altcha-widget ref={elementoRef} challenge={ENDERECO_DESAFIO} language="pt-br" name="altcha" type="checkbox" />
      {falhaCarga && (
        <p className="feedback danger" role="alert">
          Não foi possível carregar a verificação de segurança. Recarregue a página.
        </p>
      )}
    </div>
  );
}
