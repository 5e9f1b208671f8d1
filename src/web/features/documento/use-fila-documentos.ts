import { useCallback, useEffect, useRef, useState } from 'react';
import type { Documento } from '../../../shared/schemas/documento';
import { celularGuarda } from '../../lib/neste-celular';
import { MENSAGEM_SALVO_NO_CELULAR, useEnvioAoVoltarOSinal } from '../../lib/salvamento-offline';
import { ARQUIVO_CARREGADO } from './documentos-api';
import {
  descartarDaFila, documentosNaFila, enfileirar, enviarDaFila, ouvirFila, type ItemDaFila,
} from './fila-documentos';

/** What one document field shows of the files its type has on the phone. */
export interface FilaDoCampo {
  itens: ItemDaFila[];
  /** Of each waiting file: how much the server holds (0 to 1) while it is being sent. */
  progresso: Record<string, number>;
  /** The last word of the queue for this field, for its polite status (`erro`: a refusal kept on the phone). */
  aviso: Aviso | null;
}

export interface Aviso {
  texto: string;
  erro: boolean;
}

const NO_CELULAR: Aviso = { texto: MENSAGEM_SALVO_NO_CELULAR, erro: false };

/** A retry soon after a failure with signal (the server was busy, a part was cut), then the usual 30 s. */
const NOVA_TENTATIVA_LOGO_MS = 3000;

/**
 * The files a request's documents panel has on the phone (issue 25, point 4; decision 0064): queued as they are
 * chosen, sent at once when there is signal and when it returns, and handed to `aoChegar` when the RGP has them,
 * whichever screen sent them.
 */
export function useFilaDeDocumentos(sujeito: string | undefined, idSolicitacao: number, aoChegar: (d: Documento) => void) {
  const [itens, setItens] = useState<ItemDaFila[]>([]);
  const [progresso, setProgresso] = useState<Record<string, number>>({});
  const [avisos, setAvisos] = useState<Record<number, Aviso>>({});
  const chegar = useRef(aoChegar);
  useEffect(() => {
    chegar.current = aoChegar;
  });
  const atuais = useRef<ItemDaFila[]>([]);

  const recarregar = useCallback(async () => {
    if (!sujeito || idSolicitacao <= 0) return [];
    const lidos = await documentosNaFila(sujeito, idSolicitacao);
    atuais.current = lidos;
    setItens(lidos);
    setAvisos((a) => {
      const novos = { ...a };
      for (const i of lidos) novos[i.tipo] = i.conflito ? { texto: i.conflito.mensagem, erro: true } : NO_CELULAR;
      return novos;
    });
    return lidos;
  }, [sujeito, idSolicitacao]);

  const retentativa = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const proxima = useRef<() => Promise<void>>(async () => undefined);
  /** Tries again soon: with signal, a failure was the server's or a cut connection's. */
  const tentarLogo = useCallback(() => {
    clearTimeout(retentativa.current);
    if (navigator.onLine) retentativa.current = setTimeout(() => void proxima.current(), NOVA_TENTATIVA_LOGO_MS);
  }, []);
  const enviarTodos = useCallback(async () => {
    if (!sujeito) return;
    clearTimeout(retentativa.current);
    for (const item of await recarregar()) {
      if (item.conflito || !navigator.onLine) continue;
      if (!(await enviarDaFila(sujeito, item.chave))) break;
    }
    if ((await recarregar()).some((i) => !i.conflito)) tentarLogo();
  }, [sujeito, recarregar, tentarLogo]);
  useEffect(() => {
    proxima.current = enviarTodos;
  }, [enviarTodos]);

  useEffect(() => {
    const parar = ouvirFila((e) => {
      if (e.idSolicitacao !== idSolicitacao) return;
      if (e.progresso !== undefined) {
        setProgresso((p) => ({ ...p, [e.chave]: e.progresso! }));
        return;
      }
      if (e.documento) {
        chegar.current(e.documento);
        setAvisos((a) => ({ ...a, [e.documento!.tipoDocumento]: { texto: ARQUIVO_CARREGADO, erro: false } }));
      }
      void recarregar();
    });
    // What waited from an earlier visit goes once the phone's queue is read.
    let aberto = true;
    if (sujeito) void documentosNaFila(sujeito, idSolicitacao).then(() => {
      if (aberto) void enviarTodos();
    });
    return () => {
      aberto = false;
      parar();
      clearTimeout(retentativa.current);
    };
  }, [sujeito, idSolicitacao, recarregar, enviarTodos]);

  useEnvioAoVoltarOSinal(enviarTodos, () => atuais.current.some((i) => !i.conflito));

  /** Queues a checked file and sends it when there is signal. */
  const adicionar = useCallback(async (tipo: number, arquivo: File, acumula: boolean) => {
    if (!sujeito) return;
    const chave = await enfileirar(sujeito, { idSolicitacao, tipo, arquivo }, acumula);
    setAvisos((a) => ({ ...a, [tipo]: navigator.onLine ? { texto: 'Enviando o documento…', erro: false } : NO_CELULAR }));
    await recarregar();
    if (navigator.onLine && !(await enviarDaFila(sujeito, chave))) {
      const [ficou] = (await recarregar()).filter((i) => i.chave === chave);
      if (ficou && !ficou.conflito) {
        setAvisos((a) => ({ ...a, [tipo]: NO_CELULAR }));
        tentarLogo();
      }
    }
  }, [sujeito, idSolicitacao, recarregar, tentarLogo]);

  const descartar = useCallback(async (chave: string) => {
    if (!sujeito) return;
    await descartarDaFila(sujeito, chave);
    await recarregar();
  }, [sujeito, recarregar]);

  const doCampo = useCallback((tipo: number): FilaDoCampo => ({
    itens: itens.filter((i) => i.tipo === tipo),
    progresso,
    aviso: avisos[tipo] ?? null,
  }), [itens, progresso, avisos]);

  return { doCampo, adicionar, descartar, ativa: Boolean(sujeito) && celularGuarda() };
}
