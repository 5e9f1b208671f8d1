import { useCallback, useEffect, useRef, useState } from 'react';
import { CodigoErro, ehCasoDe, type CodigoErro as TipoCodigoErro } from '../../shared/codigos-erro';
import { mensagemErro } from './api';
import { codigoErroDe, ehRecusaDoPedido } from './erros';
import { apagarDoCelular, celularGuarda, desmarcarSeNadaEspera, guardarNoCelular, itensDoCelular, lerDoCelular } from './neste-celular';

/**
 * A form that keeps working without signal (issue 25, points 2 and 3; decision 0062). What the fisher types is kept
 * on the phone (`neste-celular.ts`) a moment after each change, and sent to the server when it can: at once when
 * there is signal, else when the signal returns (the browser's `online` event, and a retry every 30 s). Each save
 * has an id kept with it; a sending's id goes as its idempotency key (decision 0060), so a sending whose answer was
 * lost is replayed without being applied twice. A draft's goes without a key: it is the whole form, harmless to
 * repeat, and an autosave makes hundreds a sitting, which the server's quota of keys would refuse (decision 0068).
 * Only the latest save waits: typing again replaces it (with a new id); a sending that waits is never replaced by a
 * draft.
 *
 * A refusal of the server is never dropped: a conflict of state (the REAP was sent from another phone, its window
 * closed) is kept with the record and shown until the fisher discards what is on the phone; a refusal of the data
 * goes to the screen (`aoRecusar`), which shows it on its fields.
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
  conflito: { codigoErro: TipoCodigoErro | undefined; mensagem: string } | null;
  atualizadoEm: string;
}

export type EstadoSalvamento =
  | { tipo: 'ocioso' }
  | { tipo: 'salvo'; em: Date }
  | { tipo: 'neste-celular'; envio: boolean }
  | { tipo: 'enviando'; envio: boolean }
  | { tipo: 'conflito'; mensagem: string; codigoErro: TipoCodigoErro | undefined };

/** 'Salvo neste celular — será enviado quando houver internet' (issue 25): the words of a save still on the phone. */
export const MENSAGEM_SALVO_NO_CELULAR = 'Salvo neste celular — será enviado quando houver internet';

/** A failure to try again later: nothing answered, the server was busy or failing, or the same save is under way. */
export function ehAdiavel(error: unknown): boolean {
  const codigo = codigoErroDe(error);
  return !ehRecusaDoPedido(error) || ehCasoDe(codigo, CodigoErro.NAO_AUTENTICADO) || codigo === CodigoErro.IDEMPOTENCIA_EM_ANDAMENTO;
}

/**
 * Sends, outside any form, the saves this phone keeps under `prefixo` (`reap/`): when the app opens with signal or
 * the signal returns while the fisher is on another screen. A save the server took is done and its record erased
 * (what the RGP has does not stay on the phone, decision 0069); a refusal is kept as the record's conflict, for the
 * form to show; a failure to retry stops the round.
 */
export async function enviarPendentesDoCelular<F, C, X>(
  dono: string, prefixo: string,
  salvar: (r: RegistroNoCelular<F, C, X>, pendente: SalvamentoPendente<C>, chaveIdempotencia: string | undefined) => Promise<unknown>,
): Promise<void> {
  let restam = false;
  for (const [chave, r] of await itensDoCelular<RegistroNoCelular<F, C, X>>(dono, prefixo)) {
    const pendente = r.pendente;
    if (!pendente || r.conflito) continue;
    try {
      await salvar(r, pendente, chaveDoSalvamento(pendente));
    } catch (erro) {
      if (ehAdiavel(erro)) return;
      restam = true;
      const atual = (await lerDoCelular<RegistroNoCelular<F, C, X>>(dono, chave)) ?? r;
      await guardarNoCelular(dono, chave, { ...atual, conflito: conflitoDe(erro) });
      continue;
    }
    const atual = await lerDoCelular<RegistroNoCelular<F, C, X>>(dono, chave);
    if (atual?.pendente?.chave !== pendente.chave) {
      restam = true;
      continue;
    }
    await apagarDoCelular(dono, chave);
  }
  if (!restam) await desmarcarSeNadaEspera();
}

/** The idempotency key a save goes with: a sending's id; none for a draft (decision 0068). */
export function chaveDoSalvamento(p: SalvamentoPendente<unknown>): string | undefined {
  return p.envio ? p.chave : undefined;
}

export function conflitoDe(erro: unknown): NonNullable<RegistroNoCelular<unknown, unknown, unknown>['conflito']> {
  return { codigoErro: codigoErroDe(erro), mensagem: mensagemErro(erro, 'O RGP não aceitou o que foi salvo neste celular.') };
}

/** The phone's record of a form, read before the form opens (null when the phone keeps nothing of it). */
export async function lerRegistro<F, C, X>(dono: string, chave: string): Promise<RegistroNoCelular<F, C, X> | null> {
  return (await lerDoCelular<RegistroNoCelular<F, C, X>>(dono, chave)) ?? null;
}

/** Erases the phone's record of a form (sent, or discarded by the fisher). */
export function apagarRegistro(dono: string, chave: string): Promise<void> {
  return apagarDoCelular(dono, chave);
}

/**
 * Calls `agir` when the page is left (`pagehide`) or hidden: a phone switching apps fires no pagehide, and may then
 * end the tab unseen, so a change still waiting for its moment is kept then. Answers the function that stops it.
 */
export function aoDeixarAPagina(agir: () => void): () => void {
  const aoOcultar = () => {
    if (document.visibilityState === 'hidden') agir();
  };
  window.addEventListener('pagehide', agir);
  document.addEventListener('visibilitychange', aoOcultar);
  return () => {
    window.removeEventListener('pagehide', agir);
    document.removeEventListener('visibilitychange', aoOcultar);
  };
}

const ESPERA_NO_CELULAR_MS = 300;
const ESPERA_SERVIDOR_MS = 1200;
const NOVA_TENTATIVA_MS = 30_000;

function novaChave(): string {
  return crypto.randomUUID();
}

export interface OpcoesSalvamento<F, C, X, R> {
  /** The fisher's phone id (the session's `idCelular`): whose phone items these are. */
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

/** Sends what waits when the signal returns (the browser's `online` event), and every 30 s while something waits. */
export function useEnvioAoVoltarOSinal(enviar: () => Promise<void>, haPendente: () => boolean): void {
  const pergunta = useRef(haPendente);
  useEffect(() => {
    pergunta.current = haPendente;
  });
  useEffect(() => {
    const aoVoltarOSinal = () => void enviar();
    window.addEventListener('online', aoVoltarOSinal);
    const intervalo = setInterval(() => {
      if (navigator.onLine && pergunta.current()) void enviar();
    }, NOVA_TENTATIVA_MS);
    return () => {
      window.removeEventListener('online', aoVoltarOSinal);
      clearInterval(intervalo);
    };
  }, [enviar]);
}

export function useSalvamentoOffline<F, C, X, R>(o: OpcoesSalvamento<F, C, X, R>) {
  const { dono, chave } = o;
  const registro = useRef<RegistroNoCelular<F, C, X> | null>(o.inicial);
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
  const emCurso = useRef<Promise<void> | null>(null);
  const timers = useRef<{
    celular?: ReturnType<typeof setTimeout>;
    servidor?: ReturnType<typeof setTimeout>;
    /** The change waiting for its moment, kept at once when the page is left or hidden (a reload right after typing). */
    jaNoCelular?: (() => void) | undefined;
  }>({});

  const guardar = useCallback(async (r: RegistroNoCelular<F, C, X>) => {
    registro.current = r;
    await guardarNoCelular(dono, chave, r);
  }, [dono, chave]);

  /** Sends what waits, one save at a time; a save typed while one went goes next. */
  const enviarPendente = useCallback(async (): Promise<void> => {
    if (emCurso.current) return emCurso.current;
    const enviarUm = async (pendente: SalvamentoPendente<C>, r: RegistroNoCelular<F, C, X>) => {
      setEstado({ tipo: 'enviando', envio: pendente.envio });
      try {
        const resposta = await chamadas.current.salvar(pendente.corpo, chaveDoSalvamento(pendente));
        const atual = registro.current;
        // The fisher may have typed while it went: only this save is done, and what the RGP has leaves the phone.
        if (atual?.pendente?.chave === pendente.chave) {
          registro.current = { ...atual, pendente: null };
          await apagarRegistro(dono, chave);
        }
        setEstado(registro.current?.pendente ? { tipo: 'neste-celular', envio: false } : { tipo: 'salvo', em: new Date() });
        chamadas.current.aoSalvar?.(resposta, pendente.envio);
        return true;
      } catch (erro) {
        if (ehAdiavel(erro)) {
          setEstado({ tipo: 'neste-celular', envio: pendente.envio });
          return false;
        }
        const atual = registro.current ?? r;
        const codigoErro = codigoErroDe(erro);
        if (ehCasoDe(codigoErro, CodigoErro.DADOS_INVALIDOS)) {
          // The data, not the state: the fisher puts it right on the form; nothing waits any more.
          if (atual.pendente?.chave === pendente.chave) await guardar({ ...atual, pendente: null });
          setEstado({ tipo: 'ocioso' });
          chamadas.current.aoRecusar?.(erro, pendente.envio);
          return false;
        }
        const conflito = conflitoDe(erro);
        await guardar({ ...atual, conflito });
        setEstado({ tipo: 'conflito', ...conflito });
        return false;
      }
    };
    const tentativa = (async () => {
      let anterior: string | undefined;
      for (;;) {
        const r = registro.current;
        const pendente = r?.pendente;
        if (!r || !pendente || r.conflito || pendente.chave === anterior) return;
        if (!(await enviarUm(pendente, r)) || !navigator.onLine) return;
        anterior = pendente.chave;
      }
    })();
    emCurso.current = tentativa;
    try {
      await tentativa;
    } finally {
      emCurso.current = null;
    }
  }, [guardar, dono, chave]);

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
    await apagarRegistro(dono, chave);
    setEstado({ tipo: 'ocioso' });
  }, [dono, chave]);

  useEnvioAoVoltarOSinal(enviarPendente, () => !!registro.current?.pendente);
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

  return { estado, anotar, registrar, descartar, guardaNoCelular: celularGuarda() && dono !== '' };
}
