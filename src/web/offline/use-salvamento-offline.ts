import { useCallback, useEffect, useRef, useState } from 'react';
import { CodigoErro, ehCasoDe } from '../../shared/codigos-erro';
import { codigoErroDe } from '../lib/erros';
import {
  abrirNaTela, apagarDaCaixa, type Conflito, depositoNaMemoria, type Envio, enviarDaCaixa, enviarPendentes, lerDaCaixa,
  novaChave, pescadorDaCaixa,
} from './caixa-de-saida';
import { celularGuarda, guardarNoCelular } from './neste-celular';
import { aoDeixarAPagina, useEnvioAoVoltarOSinal } from './quando-enviar';

/**
 * A form that keeps working without signal (docs/decisions/0062). A draft goes without an idempotency key: an
 * autosave makes hundreds a sitting, which the server's quota of keys would refuse (docs/decisions/0068).
 */

export interface SalvamentoPendente<C> {
  corpo: C;
  /** The same on every replay of this save. */
  chave: string;
  /** A sending, not a draft. */
  envio: boolean;
}

export interface RegistroNoCelular<F, C, X> {
  form: F;
  /** The screen opens with it without signal. */
  contexto: X;
  pendente: SalvamentoPendente<C> | null;
  conflito: Conflito | null;
  atualizadoEm: string;
}

export type EstadoSalvamento =
  | { tipo: 'ocioso' }
  | { tipo: 'salvo'; em: Date }
  | { tipo: 'neste-celular'; envio: boolean }
  | { tipo: 'enviando'; envio: boolean }
  | ({ tipo: 'conflito' } & Conflito);

export function envioDeFormulario<F, C, X, R>(
  salvar: (r: RegistroNoCelular<F, C, X>, corpo: C, chaveIdempotencia: string | undefined) => Promise<R>,
): Envio<RegistroNoCelular<F, C, X>, R> {
  return {
    enviar: (r) => salvar(r, r.pendente!.corpo, chaveDoSalvamento(r.pendente!)),
    depois: (enviado, atual) => (atual.pendente?.chave === enviado.pendente?.chave ? null : atual),
  };
}

/** When the app opens with signal, or the signal returns while the fisher is on another screen. */
export function enviarFormulariosPendentes<F, C, X>(
  caixa: string, prefixo: string,
  salvar: (r: RegistroNoCelular<F, C, X>, corpo: C, chaveIdempotencia: string | undefined, representado: number | null) => Promise<unknown>,
): Promise<void> {
  // Under the box's own fisher, whatever the tab picked (decision 0114).
  const por = pescadorDaCaixa(caixa);
  return enviarPendentes<RegistroNoCelular<F, C, X>, unknown>(caixa, prefixo, () => ({
    ...envioDeFormulario<F, C, X, unknown>((r, corpo, chave) => salvar(r, corpo, chave, por)), cabecalhoDaCaixa: true,
  }));
}

export function chaveDoSalvamento(p: SalvamentoPendente<unknown>): string | undefined {
  return p.envio ? p.chave : undefined;
}

const ESPERA_NO_CELULAR_MS = 300;
const ESPERA_SERVIDOR_MS = 1200;

export interface OpcoesSalvamento<F, C, X, R> {
  dono: string;
  chave: string;
  inicial: RegistroNoCelular<F, C, X> | null;
  salvar: (corpo: C, chaveIdempotencia: string | undefined) => Promise<R>;
  aoSalvar?: (resposta: R, envio: boolean) => void;
  /** The data, not the state, was refused: the screen shows why. */
  aoRecusar?: (erro: unknown, envio: boolean) => void;
}

export function useSalvamentoOffline<F, C, X, R>(o: OpcoesSalvamento<F, C, X, R>) {
  type Registro = RegistroNoCelular<F, C, X>;
  const { dono, chave } = o;
  const guarda = celularGuarda() && dono !== '';
  // Where the phone cannot keep, the record lives in memory and is sent online as before.
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
    /** Kept at once when the page is left or hidden (a reload right after typing). */
    jaNoCelular?: (() => void) | undefined;
  }>({});

  const guardar = useCallback(async (r: Registro) => {
    registro.current = r;
    if (deposito) await deposito.trocar(dono, chave, () => ({ valor: r }));
    else await guardarNoCelular(dono, chave, r);
  }, [dono, chave, deposito]);

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
      // Another round took what waited: the screen follows the phone.
      const lido = deposito ? await deposito.ler<Registro>(dono, chave) : await lerDaCaixa<Registro>(dono, chave);
      registro.current = lido ?? null;
      if (lido?.conflito) setEstado({ tipo: 'conflito', ...lido.conflito });
      else setEstado(lido?.pendente ? { tipo: 'neste-celular', envio: lido.pendente.envio } : { tipo: 'ocioso' });
    } else if (desfecho !== 'enviado' && r?.pendente) {
      setEstado({ tipo: 'neste-celular', envio: r.pendente.envio });
    }
  }, [dono, chave, deposito]);

  /**
   * False when a draft would replace a sending that waits: once sent the form cannot change, and the server would
   * refuse it as already sent.
   */
  const guardarSalvamento = useCallback(async (form: F, corpo: C, contexto: X, envio: boolean): Promise<boolean> => {
    if (registro.current?.conflito || (!envio && registro.current?.pendente?.envio)) return false;
    await guardar({ form, contexto, pendente: { corpo, chave: novaChave(), envio }, conflito: null, atualizadoEm: new Date().toISOString() });
    if (!navigator.onLine) setEstado({ tipo: 'neste-celular', envio });
    return true;
  }, [guardar]);

  const registrar = useCallback(async (form: F, corpo: C, contexto: X, envio: boolean) => {
    timers.current.jaNoCelular = undefined;
    clearTimeout(timers.current.celular);
    clearTimeout(timers.current.servidor);
    if (await guardarSalvamento(form, corpo, contexto, envio) && navigator.onLine) await enviarPendente();
  }, [guardarSalvamento, enviarPendente]);

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
