import { useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { CAMINHO_DESAFIO_CAPTCHA } from '../../../shared/captcha';
import type { CaptchaHandle, WidgetProps } from './captcha';
import { montarPayload, type DesafioAltcha } from './resolver-altcha';
import { resolverEmSegundoPlano } from './resolver-em-segundo-plano';

export const ENDERECO_DESAFIO = CAMINHO_DESAFIO_CAPTCHA;

export const ROTULO_ALTCHA = 'Eu não sou um robô';

/** So that a lookup sent at the last moment does not reach the server expired. */
export const MARGEM_VALIDADE_MS = 10_000;

export type EstadoAltcha = 'unverified' | 'verifying' | 'verified' | 'error' | 'expired';

export const MENSAGENS_ALTCHA: Record<EstadoAltcha, string> = {
  unverified: '',
  verifying: 'Verificando…',
  verified: 'Verificado',
  error: 'Falha na verificação. Tente novamente.',
  expired: 'A verificação expirou. Marque novamente.',
};

export interface DesafioObtido {
  desafio: DesafioAltcha;
  /** On this browser's clock; null when the challenge does not expire. */
  validoAte: number | null;
}

/** Measured on the server's clock (the Date header): a phone with a wrong clock still works. */
export async function obterDesafio(sinal: AbortSignal): Promise<DesafioObtido> {
  // The box shows without zod (docs/decisions/0065).
  const esquema = import('../../../shared/schemas/carteira').then((m) => m.desafioCaptchaSchema);
  esquema.catch(() => undefined);
  const resposta = await fetch(ENDERECO_DESAFIO, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal: sinal,
  });
  if (!resposta.ok) throw new Error(`GET ${ENDERECO_DESAFIO}: ${resposta.status}`);
  const corpo: unknown = await resposta.json();
  const bruto = corpo && typeof corpo === 'object' && 'codigo' in corpo && 'dados' in corpo ? corpo.dados : corpo;
  const desafio = (await esquema).parse(bruto);
  const expiraEm = desafio.parameters.expiresAt;
  if (expiraEm === undefined) return { desafio, validoAte: null };
  const agoraNoServidor = Date.parse(resposta.headers.get('date') ?? '');
  const restante = expiraEm * 1000 - (Number.isFinite(agoraNoServidor) ? agoraNoServidor : Date.now());
  return { desafio, validoAte: Date.now() + restante - MARGEM_VALIDADE_MS };
}

interface Solucao {
  payload: string;
  validoAte: number | null;
}

const aindaValida = (s: Solucao | null): s is Solucao => s !== null && (s.validoAte === null || Date.now() < s.validoAte);

/** Self-hosted proof of work, solved in a Web Worker: no data goes to third parties. */
export default function WidgetAltcha({ onVerified, onReset, onFalhaCarga, ref }: WidgetProps & { ref?: Ref<CaptchaHandle> }) {
  const id = useId();
  const idCaixa = `${id}-caixa`;
  const idEstado = `${id}-estado`;
  const [estado, setEstado] = useState<EstadoAltcha>('unverified');
  const caixaRef = useRef<HTMLInputElement>(null);
  const solucao = useRef<Solucao | null>(null);
  const emCurso = useRef<{ promessa: Promise<string | null>; controle: AbortController } | null>(null);
  const relogio = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef({ onVerified, onReset, onFalhaCarga });
  useEffect(() => {
    callbacks.current = { onVerified, onReset, onFalhaCarga };
  });

  // In the same commit as the box's text and checked state, so no one sees "Verificado" on a half-ticked box.
  useLayoutEffect(() => {
    if (caixaRef.current) caixaRef.current.indeterminate = estado === 'verifying';
  }, [estado]);

  function descartar(): void {
    emCurso.current?.controle.abort();
    emCurso.current = null;
    clearTimeout(relogio.current);
    solucao.current = null;
  }

  useEffect(() => descartar, []);

  function expirar(): void {
    descartar();
    setEstado('expired');
    callbacks.current.onReset?.();
  }

  async function executar(controle: AbortController): Promise<string | null> {
    try {
      if (!globalThis.crypto?.subtle) {
        // WebCrypto exists only on HTTPS (or localhost).
        callbacks.current.onFalhaCarga();
        throw new Error('WebCrypto indisponível');
      }
      const { desafio, validoAte } = await obterDesafio(controle.signal);
      const resultado = await resolverEmSegundoPlano(desafio.parameters, controle.signal);
      if (controle.signal.aborted) return null;
      if (!resultado) throw new Error('Desafio sem solução');
      const payload = montarPayload(desafio, resultado);
      solucao.current = { payload, validoAte };
      if (validoAte !== null) relogio.current = setTimeout(expirar, Math.min(Math.max(0, validoAte - Date.now()), 2 ** 31 - 1));
      setEstado('verified');
      callbacks.current.onVerified(payload);
      return payload;
    } catch {
      if (controle.signal.aborted) return null;
      setEstado('error');
      callbacks.current.onReset?.();
      return null;
    }
  }

  /** A second call while one is being solved waits for the same answer. */
  function resolver(): Promise<string | null> {
    if (emCurso.current) return emCurso.current.promessa;
    descartar();
    const controle = new AbortController();
    setEstado('verifying');
    const promessa = executar(controle).finally(() => {
      if (emCurso.current?.controle === controle) emCurso.current = null;
    });
    emCurso.current = { promessa, controle };
    return promessa;
  }

  useImperativeHandle(ref, () => ({
    reset() {
      descartar();
      setEstado('unverified');
    },
    async verificar() {
      if (aindaValida(solucao.current)) return solucao.current.payload;
      return resolver();
    },
  }));

  function alternar(evento: ChangeEvent<HTMLInputElement>) {
    if (estado === 'verifying') {
      // React puts `checked` back; the mark is put back here.
      evento.currentTarget.indeterminate = true;
      return;
    }
    if (evento.currentTarget.checked) {
      void resolver();
    } else {
      descartar();
      setEstado('unverified');
      callbacks.current.onReset?.();
    }
  }

  return (
    <div className="consulta-altcha" data-state={estado}>
      <div className="br-checkbox">
        <input
          ref={caixaRef}
          id={idCaixa}
          type="checkbox"
          checked={estado === 'verified'}
          onChange={alternar}
          aria-describedby={idEstado}
        />
        <label htmlFor={idCaixa}>{ROTULO_ALTCHA}</label>
      </div>
      <p id={idEstado} className="consulta-altcha-estado" role="status">
        {estado === 'verifying' && <span className="br-loading small" aria-hidden="true" />}
        {estado === 'verified' && <i className="fas fa-check-circle" aria-hidden="true" />}
        {estado === 'error' && <i className="fas fa-times-circle" aria-hidden="true" />}
        {estado === 'expired' && <i className="fas fa-exclamation-triangle" aria-hidden="true" />}
        {MENSAGENS_ALTCHA[estado]}
      </p>
    </div>
  );
}
