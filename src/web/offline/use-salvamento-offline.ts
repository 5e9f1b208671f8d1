import { useCallback, useEffect, useRef, useState } from 'react';
import { CodigoErro, ehCasoDe } from '../../shared/codigos-erro';
import { codigoErroDe } from '../lib/erros';
import {
  abrirNaTela, apagarDaCaixa, type Conflito, depositoNaMemoria, type Envio, enviarDaCaixa, enviarPendentes, lerDaCaixa,
  novaChave,
} from './caixa-de-saida';
import { celularGuarda, guardarNoCelular } from './neste-celular';
import { aoDeixarAPagina, useEnvioAoVoltarOSinal } from './quando-enviar';

/**
 * A form that keeps working without signal (decision 0062), one record of the outbox (caixa-de-saida.ts). What the
 * fisher types is kept on the phone a moment after each change, and sent when it can: at once when there is signal,
 * else when the signal returns (the browser's `online` event, and a retry every 30 s). Each save has an id kept
 * with it; a sending's id goes as its idempotency key (decision 0060). A draft's goes without a key: it is the
 * whole form, harmless to repeat, and an autosave makes hundreds a sitting, which the server's quota of keys would
 * refuse (decision 0068). Only the latest save waits: typing again replaces it (with a new id); a sending that
 * waits is never replaced by a draft.
 *
 * A conflict of state (the REAP was sent from another phone, its window closed) is kept with the record and shown
 * until the fisher discards it; a refusal of the data goes to the screen (`aoRecusar`), which shows it on its fields.
 */

/** What waits on the phone for the server. */
export interface SalvamentoPendente<C> {
  corpo: C;
  /** The save's id: the same on every replay of this save, and a sending's idempotency key (`chaveDoSalvamento`). */
  chave: string;
  /** A sending (the form's last save), not a draft's. */
  envio: boolean;
}

/** What the phone keeps of one form. */
export interface RegistroNoCelular<F, C, X> {
  /** The form as the fisher left it. */
  form: F;
  /** What the screen needs to open without signal (the REAP's questionnaire). */
  contexto: X;
  pendente: SalvamentoPendente<C> | null;
  /** A refusal of the server's state, waiting for the fisher to read it. */
  conflito: Conflito | null;
  atualizadoEm: string;
}

export type EstadoSalvamento =
  | { tipo: 'ocioso' }
  | { tipo: 'salvo'; em: Date }
  | { tipo: 'neste-celular'; envio: boolean }
  | { tipo: 'enviando'; envio: boolean }
  | ({ tipo: 'conflito' } & Conflito);


/**
 * How a form's record goes to the server (the REAP's form on screen and the background sender): its pending save,
 * with a sending's key; once taken, the record leaves the phone unless the fisher saved again meanwhile.
 */
export function envioDeFormulario<F, C, X, R>(
  salvar: (r: RegistroNoCelular<F, C, X>, corpo: C, chaveIdempotencia: string | undefined) => Promise<R>,
): Envio<RegistroNoCelular<F, C, X>, R> {
  return {
    enviar: (r) => salvar(r, r.pendente!.corpo, chaveDoSalvamento(r.pendente!)),
    depois: (enviado, atual) => (atual.pendente?.chave === enviado.pendente?.chave ? null : atual),
  };
}

/**
 * Sends, outside any form, the form records this phone keeps under `prefixo` (`reap/`): when the app opens with
 * signal or the signal returns while the fisher is on another screen.
 */
export function enviarFormulariosPendentes<F, C, X>(
  caixa: string, prefixo: string,
  salvar: (r: RegistroNoCelular<F, C, X>, corpo: C, chaveIdempotencia: string | undefined) => Promise<unknown>,
): Promise<void> {
  return enviarPendentes<RegistroNoCelular<F, C, X>, unknown>(caixa, prefixo, () => envioDeFormulario(salvar));
}

/** The idempotency key a save goes with: a sending's id; none for a draft (decision 0068). */
export function chaveDoSalvamento(p: SalvamentoPendente<unknown>): string | undefined {
  return p.envio ? p.chave : undefined;
}

const ESPERA_NO_CELULAR_MS = 300;
const ESPERA_SERVIDOR_MS = 1200;

export interface OpcoesSalvamento<F, C, X, R> {
  /** The outbox (`caixaDe`): whose phone items these are. */
  dono: string;
  /** The form's key on the phone (`reap/123`). */
  chave: string;
  /** The record read before the form opened. */
  inicial: RegistroNoCelular<F, C, X> | null;
  /** The server call of a save, with its idempotency key (a sending's; none for a draft). */
  salvar: (corpo: C, chaveIdempotencia: string | undefined) => Promise<R>;
  /** After the server took a save. */
  aoSalvar?: (resposta: R, envio: boolean) => void;
  /** After the server refused the data of a save (not its state): the screen shows why. */
  aoRecusar?: (erro: unknown, envio: boolean) => void;
}

export function useSalvamentoOffline<F, C, X, R>(o: OpcoesSalvamento<F, C, X, R>) {
  type Registro = RegistroNoCelular<F, C, X>;
  const { dono, chave } = o;
  const guarda = celularGuarda() && dono !== '';
  // Where the phone cannot keep, the record lives in this form's memory, and is sent online as before.
  const [deposito] = useState(() => (guarda ? undefined : depositoNaMemoria()));
  const registro = useRef<Registro | null>(o.inicial);
  const [estado, setEstado] = useState<EstadoSalvamento>(() => {
    const r = o.inicial;
    if (r?.conflito) return { tipo: 'conflito', ...r.conflito };
    if (r?.pendente) return { tipo: 'neste-celular', envio: r.pendente.envio };
    return { tipo: 'ocioso' };
  });
  const chamadas = useRef(o);
  useEffect(() => {
    chamadas.current = o;
  });
  const timers = useRef<{
    celular?: ReturnType<typeof setTimeout>;
    servidor?: ReturnType<typeof setTimeout>;
    /** The change waiting for its moment, kept at once when the page is left or hidden (a reload right after typing). */
    jaNoCelular?: (() => void) | undefined;
  }>({});

  const guardar = useCallback(async (r: Registro) => {
    registro.current = r;
    if (deposito) await deposito.trocar(dono, chave, () => ({ valor: r }));
    else await guardarNoCelular(dono, chave, r);
  }, [dono, chave, deposito]);

  /** Sends what waits through the outbox, one save at a time; a save typed while one went goes next. */
  const enviarPendente = useCallback(async (): Promise<void> => {
    const pendente = registro.current?.pendente;
    if (!pendente || registro.current?.conflito) return;
    setEstado({ tipo: 'enviando', envio: pendente.envio });
    let recusaDosDados: { erro: unknown; envio: boolean } | undefined;
    const { desfecho } = await enviarDaCaixa<Registro, R>(dono, chave, {
      ...envioDeFormulario((_r, corpo, chaveIdempotencia) => chamadas.current.salvar(corpo, chaveIdempotencia)),
      // The data, not the state: the fisher puts it right on the form; nothing waits any more.
      recusa: (erro, enviado, atual) => {
        if (!ehCasoDe(codigoErroDe(erro), CodigoErro.DADOS_INVALIDOS)) return undefined;
        recusaDosDados = { erro, envio: !!enviado.pendente?.envio };
        return atual.pendente?.chave === enviado.pendente?.chave ? { ...atual, pendente: null } : atual;
      },
      aoGravar: (_chave, r) => {
        registro.current = r;
      },
      aoEnviar: (resposta, enviado) => {
        const seguinte = registro.current?.pendente;
        setEstado(seguinte ? { tipo: 'neste-celular', envio: seguinte.envio } : { tipo: 'salvo', em: new Date() });
        chamadas.current.aoSalvar?.(resposta, !!enviado.pendente?.envio);
      },
    }, true, deposito);
    const r = registro.current;
    if (recusaDosDados) {
      setEstado({ tipo: 'ocioso' });
      chamadas.current.aoRecusar?.(recusaDosDados.erro, recusaDosDados.envio);
    } else if (r?.conflito) {
      setEstado({ tipo: 'conflito', ...r.conflito });
    } else if (desfecho === 'nada') {
      // Nothing of this form waited any more (another round took it): the screen follows the phone.
      const lido = deposito ? await deposito.ler<Registro>(dono, chave) : await lerDaCaixa<Registro>(dono, chave);
      registro.current = lido ?? null;
      if (lido?.conflito) setEstado({ tipo: 'conflito', ...lido.conflito });
      else setEstado(lido?.pendente ? { tipo: 'neste-celular', envio: lido.pendente.envio } : { tipo: 'ocioso' });
    } else if (desfecho !== 'enviado' && r?.pendente) {
      setEstado({ tipo: 'neste-celular', envio: r.pendente.envio });
    }
  }, [dono, chave, deposito]);

  /**
   * Keeps a save on the phone; false when a conflict waits, or when a draft would replace a sending that waits (the
   * form, once sent, cannot change: a draft's save queued before the sending, or by the form's drawing again while
   * the sending went, must not turn it back into a draft the server then refuses as already sent).
   */
  const guardarSalvamento = useCallback(async (form: F, corpo: C, contexto: X, envio: boolean): Promise<boolean> => {
    if (registro.current?.conflito || (!envio && registro.current?.pendente?.envio)) return false;
    await guardar({ form, contexto, pendente: { corpo, chave: novaChave(), envio }, conflito: null, atualizadoEm: new Date().toISOString() });
    if (!navigator.onLine) setEstado({ tipo: 'neste-celular', envio });
    return true;
  }, [guardar]);

  /** A save the fisher asked for (a draft's button, or the sending): kept on the phone and sent now when there is signal. */
  const registrar = useCallback(async (form: F, corpo: C, contexto: X, envio: boolean) => {
    timers.current.jaNoCelular = undefined;
    clearTimeout(timers.current.celular);
    clearTimeout(timers.current.servidor);
    if (await guardarSalvamento(form, corpo, contexto, envio) && navigator.onLine) await enviarPendente();
  }, [guardarSalvamento, enviarPendente]);

  /** A change as the fisher types: kept on the phone a moment after the last one, sent a little later. */
  const anotar = useCallback((form: F, corpo: C, contexto: X) => {
    clearTimeout(timers.current.celular);
    clearTimeout(timers.current.servidor);
    const guardarJa = () => {
      clearTimeout(timers.current.celular);
      timers.current.jaNoCelular = undefined;
      void guardarSalvamento(form, corpo, contexto, false).then((guardado) => {
        if (guardado && navigator.onLine) timers.current.servidor = setTimeout(() => void enviarPendente(), ESPERA_SERVIDOR_MS);
      });
    };
    timers.current.jaNoCelular = guardarJa;
    timers.current.celular = setTimeout(guardarJa, ESPERA_NO_CELULAR_MS);
  }, [guardarSalvamento, enviarPendente]);

  /** Erases what the phone keeps of the form (after a conflict the fisher has read). */
  const descartar = useCallback(async () => {
    timers.current.jaNoCelular = undefined;
    clearTimeout(timers.current.celular);
    clearTimeout(timers.current.servidor);
    registro.current = null;
    if (deposito) await deposito.trocar(dono, chave, () => null);
    else await apagarDaCaixa(dono, chave);
    setEstado({ tipo: 'ocioso' });
  }, [dono, chave, deposito]);

  useEnvioAoVoltarOSinal(enviarPendente, () => !!registro.current?.pendente);
  useEffect(() => abrirNaTela(dono, chave), [dono, chave]);
  useEffect(() => {
    // What waited from an earlier visit goes as soon as the form opens.
    if (navigator.onLine && registro.current?.pendente) void enviarPendente();
    const t = timers.current;
    const deixar = aoDeixarAPagina(() => t.jaNoCelular?.());
    return () => {
      deixar();
      clearTimeout(t.celular);
      clearTimeout(t.servidor);
    };
  }, [enviarPendente]);

  return { estado, anotar, registrar, descartar, guardaNoCelular: guarda };
}
