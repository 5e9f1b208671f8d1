import { useCallback, useEffect, useRef, useState } from 'react';
import type { Documento } from '../../../shared/schemas/documento';
import { MENSAGEM_SALVO_NO_CELULAR } from '../../offline/caixa-de-saida';
import { celularGuarda } from '../../offline/neste-celular';
import { useEnvioAoVoltarOSinal } from '../../offline/quando-enviar';
import { ARQUIVO_CARREGADO } from './documentos-api';
import {
  descartarDaFila, documentosNaFila, enfileirar, enviarDaFila, ouvirFila, type ItemDaFila,
} from './fila-documentos';

export interface FilaDoCampo {
  itens: ItemDaFila[];
  /** 0 to 1, while being sent. */
  progresso: Record<string, number>;
  /** `erro`: a refusal kept on the phone. */
  aviso: Aviso | null;
}

export interface Aviso {
  texto: string;
  erro: boolean;
}

const NO_CELULAR: Aviso = { texto: MENSAGEM_SALVO_NO_CELULAR, erro: false };

/** The server was busy or a part was cut: one retry soon, then the usual 30 s. */
const NOVA_TENTATIVA_LOGO_MS = 3000;

/** The request's files in the outbox (docs/decisions/0064), handed to `aoChegar` whichever screen sent them. */
export function useFilaDeDocumentos(dono: string | undefined, idSolicitacao: number, aoChegar: (d: Documento) => void) {
  const [itens, setItens] = useState<ItemDaFila[]>([]);
  const [progresso, setProgresso] = useState<Record<string, number>>({});
  const [avisos, setAvisos] = useState<Record<number, Aviso>>({});
  const chegar = useRef(aoChegar);
  useEffect(() => {
    chegar.current = aoChegar;
  });
  const atuais = useRef<ItemDaFila[]>([]);

  const recarregar = useCallback(async () => {
    if (!dono || idSolicitacao <= 0) return [];
    const lidos = await documentosNaFila(dono, idSolicitacao);
    atuais.current = lidos;
    setItens(lidos);
    setAvisos((a) => {
      const novos: Record<number, Aviso> = {};
      for (const [tipo, aviso] of Object.entries(a)) {
        if (!aviso.erro && aviso.texto !== MENSAGEM_SALVO_NO_CELULAR) novos[Number(tipo)] = aviso;
      }
      for (const i of lidos) novos[i.tipo] = i.conflito ? { texto: i.conflito.mensagem, erro: true } : NO_CELULAR;
      return novos;
    });
    return lidos;
  }, [dono, idSolicitacao]);

  const retentativa = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const proxima = useRef<() => Promise<void>>(async () => undefined);
  const montado = useRef(false);
  /** Given back when a file arrives. */
  const tentouLogo = useRef(false);
  const maisLonge = useRef(new Map<string, number>());
  /** Only once: after that a weak link is not asked for the same part every few seconds. */
  const tentarLogo = useCallback(() => {
    clearTimeout(retentativa.current);
    if (!montado.current || tentouLogo.current || !navigator.onLine) return;
    tentouLogo.current = true;
    retentativa.current = setTimeout(() => void proxima.current(), NOVA_TENTATIVA_LOGO_MS);
  }, []);
  const enviarTodos = useCallback(async () => {
    if (!dono) return;
    clearTimeout(retentativa.current);
    for (const item of await recarregar()) {
      if (item.conflito || !navigator.onLine) continue;
      if (!(await enviarDaFila(dono, item.chave))) break;
    }
    if ((await recarregar()).some((i) => !i.conflito)) tentarLogo();
  }, [dono, recarregar, tentarLogo]);
  useEffect(() => {
    proxima.current = enviarTodos;
  }, [enviarTodos]);

  useEffect(() => {
    const parar = ouvirFila((e) => {
      if (e.idSolicitacao !== idSolicitacao) return;
      if (e.progresso !== undefined) {
        // Bytes arrived since the last failure: a next failure may be retried soon again.
        if (e.progresso > (maisLonge.current.get(e.chave) ?? 0)) tentouLogo.current = false;
        maisLonge.current.set(e.chave, Math.max(e.progresso, maisLonge.current.get(e.chave) ?? 0));
        setProgresso((p) => ({ ...p, [e.chave]: e.progresso! }));
        return;
      }
      setProgresso(({ [e.chave]: _fim, ...resto }) => resto);
      if (e.documento) {
        tentouLogo.current = false;
        chegar.current(e.documento);
        setAvisos((a) => ({ ...a, [e.documento!.tipoDocumento]: { texto: ARQUIVO_CARREGADO, erro: false } }));
      }
      void recarregar();
    });
    montado.current = true;
    let aberto = true;
    if (dono) void documentosNaFila(dono, idSolicitacao).then(() => {
      if (aberto) void enviarTodos();
    });
    return () => {
      aberto = false;
      montado.current = false;
      parar();
      clearTimeout(retentativa.current);
    };
  }, [dono, idSolicitacao, recarregar, enviarTodos]);

  useEnvioAoVoltarOSinal(enviarTodos, () => atuais.current.some((i) => !i.conflito));

  const adicionar = useCallback(async (tipo: number, arquivo: File, acumula: boolean) => {
    if (!dono) return;
    const chave = await enfileirar(dono, { idSolicitacao, tipo, arquivo }, acumula);
    setAvisos((a) => ({ ...a, [tipo]: navigator.onLine ? { texto: 'Enviando o documento…', erro: false } : NO_CELULAR }));
    await recarregar();
    if (navigator.onLine && !(await enviarDaFila(dono, chave))) {
      const [ficou] = (await recarregar()).filter((i) => i.chave === chave);
      if (ficou && !ficou.conflito) {
        setAvisos((a) => ({ ...a, [tipo]: NO_CELULAR }));
        tentarLogo();
      }
    }
  }, [dono, idSolicitacao, recarregar, tentarLogo]);

  const descartar = useCallback(async (chave: string) => {
    if (!dono) return;
    await descartarDaFila(dono, chave);
    await recarregar();
  }, [dono, recarregar]);

  const doCampo = useCallback((tipo: number): FilaDoCampo => ({
    itens: itens.filter((i) => i.tipo === tipo),
    progresso,
    aviso: avisos[tipo] ?? null,
  }), [itens, progresso, avisos]);

  return { doCampo, adicionar, descartar, ativa: Boolean(dono) && celularGuarda() };
}
