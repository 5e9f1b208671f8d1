import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { isApiError } from '../../lib/api';
import {
  abrirNaTela, apagarDaCaixa, type Envio, enviarDaCaixa, lerDaCaixa, novaChave, pescadorDaCaixa,
} from '../../offline/caixa-de-saida';
import { apagarDoCelular, celularGuarda, guardarNoCelular, itensDoCelular, lerDoCelular, trocarNoCelular } from '../../offline/neste-celular';
import { aoDeixarAPagina, useEnvioAoVoltarOSinal } from '../../offline/quando-enviar';
import type { RegistroNoCelular } from '../../offline/use-salvamento-offline';
import { salvarPasso, type PassoSalvavel } from './solicitacao-api';
import { aoSalvarPasso, solicitacaoKeys } from './use-solicitacao';

// The wizard without signal (docs/decisions/0062): saves are sent in order, since step 1's POST answers the id the
// PUTs need.

export interface PassoPendente {
  passo: PassoSalvavel;
  campos: object;
  chave: string;
}

export interface ContextoSolicitacao {
  tipo: number;
  id: number | null;
  passo: number;
  /** Opens the wizard without signal. */
  detalhe: SolicitacaoDetalheResposta | null;
}

/** Sign-out asks before erasing a record whose `pendente` is set. */
export type RascunhoSolicitacao = Omit<RegistroNoCelular<Partial<Record<number, object>>, never, ContextoSolicitacao>, 'pendente'> & {
  pendente: PassoPendente[] | null;
};

export function chaveRascunhoSolicitacao(tipo: number, id: number | undefined | null): string {
  return id ? `solicitacao/${id}` : `solicitacao/nova-${tipo}`;
}

const chaveConsulta = (dono: string, chave: string) => ['neste-celular', dono, chave] as const;

/** Fields typed and not yet saved, erased once the step is saved (docs/decisions/0069). */
const PREFIXO_DIGITADO = 'digitado/';
const chaveDigitado = (chave: string, passo: number) => `${PREFIXO_DIGITADO}${chave}/${passo}`;
const chaveConsultaDigitados = (dono: string, chave: string) => ['neste-celular', dono, PREFIXO_DIGITADO, chave] as const;
export const ESPERA_DIGITADO_MS = 300;

async function lerDigitados(dono: string, chave: string): Promise<Partial<Record<number, object>>> {
  const itens = await itensDoCelular<object>(dono, `${PREFIXO_DIGITADO}${chave}/`);
  return Object.fromEntries(itens.map(([k, v]) => [Number(k.slice(k.lastIndexOf('/') + 1)), v]));
}

export async function moverDigitados(dono: string, antes: string, depois: string): Promise<void> {
  for (const [k, v] of await itensDoCelular<object>(dono, `${PREFIXO_DIGITADO}${antes}/`)) {
    const passo = Number(k.slice(k.lastIndexOf('/') + 1));
    if ((await lerDoCelular(dono, chaveDigitado(depois, passo))) === undefined) await guardarNoCelular(dono, chaveDigitado(depois, passo), v, true);
    await apagarDoCelular(dono, k);
  }
}

/** Nothing answered: the save may be kept on the phone. */
export function semResposta(erro: unknown): boolean {
  return isApiError(erro) && !erro.response;
}

const chaveDoRascunho = (r: RascunhoSolicitacao) => chaveRascunhoSolicitacao(r.contexto.tipo, r.contexto.id);

interface PassoSalvo {
  dados: SolicitacaoDetalheResposta;
  passo: PassoSalvavel;
}

export function envioDoRascunho(caixa: string, aoEnviar?: (salvo: PassoSalvo, criado: boolean) => void): Envio<RascunhoSolicitacao, PassoSalvo> {
  const por = pescadorDaCaixa(caixa);
  return {
    cabecalhoDaCaixa: true,
    enviar: async (r) => {
      const { passo, campos, chave } = r.pendente![0]!;
      const dados = await salvarPasso({ id: r.contexto.id ?? undefined, tipo: r.contexto.tipo, passo, campos }, chave, por);
      return { dados, passo };
    },
    depois: (enviado, agora, { dados }) => {
      const feito = enviado.pendente![0]!;
      // Saves kept while this one went stay, in their order.
      const restam = (agora.pendente ?? []).filter((p) => p.chave !== feito.chave);
      if (restam.length === 0) return null;
      // What the RGP has leaves the phone, unless the step was saved again meanwhile.
      const form = restam.some((p) => p.passo === feito.passo) ? agora.form : { ...agora.form, [feito.passo]: undefined };
      return { ...agora, form, contexto: { ...agora.contexto, id: dados.id, detalhe: dados }, pendente: restam };
    },
    chaveDe: chaveDoRascunho,
    aoMover: (antes, depois) => moverDigitados(caixa, antes, depois),
    aoEnviar: (salvo, enviado) => aoEnviar?.(salvo, enviado.contexto.id === null),
  };
}

export interface CelularDoAssistente {
  /** As typed last, else as saved on the phone. */
  valores: (passo: number) => object | undefined;
  anotar: (passo: number, valores: object) => void;
  esquecer: (passo: number) => Promise<void>;
  aguardando: boolean;
  guardar: (passo: PassoSalvavel, valores: object, campos: object) => Promise<boolean>;
}

export function useRascunhoNoCelular(o: {
  dono: string;
  tipo: number;
  idSolicitacao: number | undefined;
  solicitacao: SolicitacaoDetalheResposta | undefined;
  aoCriar: (id: number) => void;
}) {
  const { dono } = o;
  const caixa = dono;
  const queryClient = useQueryClient();
  const guarda = celularGuarda() && dono !== '';
  const chave = chaveRascunhoSolicitacao(o.tipo, o.idSolicitacao);
  const local = useQuery({
    queryKey: chaveConsulta(dono, chave),
    queryFn: () => lerDaCaixa<RascunhoSolicitacao>(caixa, chave),
    enabled: guarda,
    networkMode: 'always',
    staleTime: Infinity,
    // When the first save gives the request its id the key changes: the wizard stays on screen meanwhile.
    placeholderData: keepPreviousData,
  });
  const digitados = useQuery({
    queryKey: chaveConsultaDigitados(dono, chave),
    queryFn: () => lerDigitados(dono, chave),
    enabled: guarda,
    networkMode: 'always',
    staleTime: Infinity,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
  const registro = guarda ? (local.data ?? null) : null;
  // The sending reads it between renders; it follows the phone's copy when the key changes, not while a save moves it.
  const atual = useRef(registro);
  const lido = useRef<string | null>(null);
  const chamadas = useRef(o);
  useEffect(() => {
    chamadas.current = o;
    if ((guarda && (local.data === undefined || local.isPlaceholderData)) || lido.current === chave) return;
    lido.current = chave;
    atual.current = registro;
  });

  const espelhar = useCallback((k: string, r: RascunhoSolicitacao | null) => {
    atual.current = r;
    queryClient.setQueryData(chaveConsulta(caixa, k), r);
  }, [caixa, queryClient]);

  /** Kept at once if the wizard goes off screen first. */
  const anotados = useRef(new Map<number, { timer: ReturnType<typeof setTimeout>; guardar: () => void }>());
  const anotar = useCallback((passo: number, valores: object) => {
    if (!guarda) return;
    clearTimeout(anotados.current.get(passo)?.timer);
    const guardar = () => {
      anotados.current.delete(passo);
      void guardarNoCelular(dono, chaveDigitado(chave, passo), valores, true);
    };
    anotados.current.set(passo, { timer: setTimeout(guardar, ESPERA_DIGITADO_MS), guardar });
  }, [guarda, dono, chave]);
  const esquecer = useCallback(async (passo: number) => {
    clearTimeout(anotados.current.get(passo)?.timer);
    anotados.current.delete(passo);
    if (!guarda) return;
    await apagarDoCelular(dono, chaveDigitado(chave, passo));
    queryClient.setQueryData(chaveConsultaDigitados(dono, chave), (d: Partial<Record<number, object>> | undefined) => ({ ...d, [passo]: undefined }));
  }, [guarda, dono, chave, queryClient]);
  useEffect(() => {
    // Also on hidden: a phone switching apps fires no pagehide, and may then end the tab unseen.
    const a = anotados.current;
    const guardarJa = () => a.forEach(({ timer, guardar }) => {
      clearTimeout(timer);
      guardar();
    });
    const deixar = aoDeixarAPagina(guardarJa);
    return () => {
      deixar();
      guardarJa();
    };
  }, []);

  const enviar = useCallback(async (): Promise<void> => {
    const r = atual.current;
    if (!r) return;
    await enviarDaCaixa(caixa, chaveDoRascunho(r), {
      ...envioDoRascunho(caixa, ({ dados, passo }, criado) => {
        aoSalvarPasso(queryClient, dados, passo);
        if (criado) chamadas.current.aoCriar(dados.id);
      }),
      aoGravar: espelhar,
    }, true);
  }, [caixa, espelhar, queryClient]);

  const guardar = useCallback(async (passo: PassoSalvavel, valores: object, campos: object): Promise<boolean> => {
    if (!guarda) return false;
    const { tipo, idSolicitacao, solicitacao } = chamadas.current;
    const novo: PassoPendente = { passo, campos, chave: novaChave() };
    for (;;) {
      const k = atual.current ? chaveDoRascunho(atual.current) : chaveRascunhoSolicitacao(tipo, idSolicitacao);
      let movido = false;
      // Read and written in one transaction: a step sent meanwhile leaves the queue, never comes back into it.
      const escrito = await trocarNoCelular<RascunhoSolicitacao>(caixa, k, (lido) => {
        if (!lido && atual.current && chaveDoRascunho(atual.current) !== k) {
          movido = true; // the server gave the request its id meanwhile: the record is under it now
          return undefined;
        }
        const r: RascunhoSolicitacao = lido ?? {
          form: {},
          contexto: { tipo, id: idSolicitacao ?? null, passo: solicitacao?.passo ?? 0, detalhe: solicitacao ?? null },
          pendente: null,
          conflito: null,
          atualizadoEm: '',
        };
        if (r.conflito) return undefined;
        const fila = r.pendente ?? [];
        // A step saved again replaces its waiting save where it stands, so the order of the steps holds.
        const pendente = fila.some((p) => p.passo === passo) ? fila.map((p) => (p.passo === passo ? novo : p)) : [...fila, novo];
        const valor: RascunhoSolicitacao = {
          ...r,
          form: { ...r.form, [passo]: valores },
          contexto: { ...r.contexto, passo: Math.max(r.contexto.passo, passo) },
          pendente,
          atualizadoEm: new Date().toISOString(),
        };
        espelhar(k, valor);
        return { valor };
      });
      if (movido) continue;
      if (!escrito) return false;
      break;
    }
    if (navigator.onLine) void enviar();
    return true;
  }, [guarda, caixa, espelhar, enviar]);

  const descartar = useCallback(async () => {
    const r = atual.current;
    if (r) {
      await apagarDaCaixa(caixa, chaveDoRascunho(r));
      espelhar(chaveDoRascunho(r), null);
    }
    await queryClient.invalidateQueries({ queryKey: solicitacaoKeys.all });
  }, [caixa, espelhar, queryClient]);

  // The background sender leaves this wizard's record to it.
  useEffect(() => abrirNaTela(caixa, chave), [caixa, chave]);

  useEnvioAoVoltarOSinal(enviar, () => !!atual.current?.pendente);
  const temPendente = !!registro?.pendente;
  useEffect(() => {
    if (temPendente && navigator.onLine) void enviar();
  }, [temPendente, enviar]);

  const celular: CelularDoAssistente = {
    valores: (passo) => (guarda ? digitados.data?.[passo] : undefined) ?? registro?.form[passo],
    anotar,
    esquecer,
    aguardando: !!registro?.pendente,
    guardar,
  };
  return { carregando: guarda && (local.isPending || digitados.isPending), registro, celular, descartar };
}
