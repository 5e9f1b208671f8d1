import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { ROTA_RECURSOS } from '../../../shared/rotas-web';
import type { Notificacao } from '../../../shared/schemas/notificacao';
import { mensagemErro } from '../../lib/api';
import { showToast } from '../../lib/toast';
import {
  confirmarLeitura,
  enderecoInterno,
  ERRO_NOTIFICACAO,
  notificacoesKeys,
  podeRecorrer,
  subtituloNotificacao,
  useNotificacoesNaoLidas,
} from './notificacoes-api';
import './notificacoes.css';

const FOCAVEIS = 'a[href], button:not([disabled]), textarea, input, select, [tabindex]:not([tabindex="-1"])';

function useFundoInerte(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const alvo = ref.current;
    if (!alvo) return;
    const irmaos = Array.from(document.body.children).filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el !== alvo && !el.hasAttribute('inert'),
    );
    for (const el of irmaos) el.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      for (const el of irmaos) el.removeAttribute('inert');
      document.body.style.overflow = overflow;
    };
  }, [ref]);
}

function DialogoNotificacao({
  notificacao,
  posicao,
  total,
  onLida,
  onAdiar,
}: {
  notificacao: Notificacao;
  posicao: number;
  total: number;
  onLida: (n: Notificacao, destino: string | null) => void;
  onAdiar: () => void;
}) {
  const tituloId = useId();
  const subtituloId = useId();
  const conteudoId = useId();
  const fundoRef = useRef<HTMLDivElement>(null);
  const dialogoRef = useRef<HTMLDivElement>(null);
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const [enviando, setEnviando] = useState(false);
  const [erro, setErro] = useState<string | null>(null);
  const destino = enderecoInterno(notificacao.urlRedirecionamento);

  // Portalled next to the application, so the application can be made inert.
  useFundoInerte(fundoRef);

  // Screen readers read ATENÇÃO, the subtitle and the content from the top.
  useEffect(() => {
    tituloRef.current?.focus();
  }, [notificacao.id]);

  async function confirmar(seguir: string | null) {
    setErro(null);
    setEnviando(true);
    try {
      await confirmarLeitura(notificacao.id);
      onLida(notificacao, seguir);
    } catch (error) {
      const mensagem = mensagemErro(error, ERRO_NOTIFICACAO);
      setErro(mensagem);
      showToast('error', mensagem);
    } finally {
      setEnviando(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Escape does not dismiss: these notices have consequences, so only an explicit choice closes the dialog.
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (event.key !== 'Tab') return;
    const focaveis = Array.from(dialogoRef.current?.querySelectorAll<HTMLElement>(FOCAVEIS) ?? []);
    const primeiro = focaveis[0];
    const ultimo = focaveis[focaveis.length - 1];
    if (!primeiro || !ultimo) return;
    const ativo = document.activeElement;
    const dentro = focaveis.includes(ativo as HTMLElement);
    if (event.shiftKey && (ativo === primeiro || !dentro)) {
      event.preventDefault();
      ultimo.focus();
    } else if (!event.shiftKey && (ativo === ultimo || !dentro)) {
      event.preventDefault();
      primeiro.focus();
    }
  }

  return createPortal(
    <div className="notificacao-fundo" ref={fundoRef}>
      <div
        ref={dialogoRef}
        className="br-modal notificacao-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={tituloId}
        aria-describedby={`${subtituloId} ${conteudoId}`}
        onKeyDown={onKeyDown}
      >
        <div className="br-modal-header">
          <h2 id={tituloId} ref={tituloRef} tabIndex={-1} className="notificacao-titulo">
            <i className="fas fa-exclamation-triangle" aria-hidden="true" /> ATENÇÃO
          </h2>
          <p id={subtituloId} className="notificacao-subtitulo">
            {subtituloNotificacao(notificacao.tipo)}
          </p>
        </div>
        <div className="br-modal-body">
          <p id={conteudoId} className="notificacao-conteudo">
            {notificacao.conteudo}
          </p>
          {destino && (
            // A link in the text, not a third button: the footer keeps one primary action. It records the reading.
            <p>
              <a
                href={destino}
                onClick={(e) => {
                  e.preventDefault();
                  if (!enviando) void confirmar(destino);
                }}
              >
                Ver os detalhes
              </a>
            </p>
          )}
          {podeRecorrer(notificacao.tipo) && (
            // Appealing records the reading first too (docs/decisions/0088).
            <p>
              <a
                href={ROTA_RECURSOS}
                onClick={(e) => {
                  e.preventDefault();
                  if (!enviando) void confirmar(ROTA_RECURSOS);
                }}
              >
                Recorrer desta decisão
              </a>
            </p>
          )}
          {total > 1 && (
            <p className="notificacao-posicao">
              Notificação {posicao} de {total}
            </p>
          )}
          {erro && (
            <p className="feedback danger" role="alert">
              <i className="fas fa-times-circle" aria-hidden="true" /> {erro}
            </p>
          )}
        </div>
        <div className="br-modal-footer notificacao-acoes">
          <button type="button" className="br-button secondary" onClick={onAdiar} disabled={enviando}>
            Ler depois
          </button>
          <button
            type="button"
            className="br-button primary"
            onClick={() => void confirmar(null)}
            disabled={enviando}
            aria-busy={enviando || undefined}
          >
            Li e estou ciente
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** Spec point 2. */
export function ModalNotificacoes({ habilitado = true }: { habilitado?: boolean }) {
  const query = useNotificacoesNaoLidas(habilitado);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [lidas, setLidas] = useState<ReadonlySet<number>>(() => new Set());
  const [adiado, setAdiado] = useState(false);
  const focoAnterior = useRef<Element | null>(null);

  const pendentes = (query.data ?? []).filter((n) => !lidas.has(n.id));
  const atual = adiado ? undefined : pendentes[0];
  const total = (query.data ?? []).length;
  const aberto = atual !== undefined;

  // Records the focused element before the dialog's own effect moves the focus.
  useLayoutEffect(() => {
    if (aberto) focoAnterior.current ??= document.activeElement;
  }, [aberto]);
  useEffect(() => {
    if (aberto) return;
    const anterior = focoAnterior.current;
    focoAnterior.current = null;
    if (anterior instanceof HTMLElement && anterior.isConnected) anterior.focus();
  }, [aberto]);

  function onLida(n: Notificacao, destino: string | null) {
    setLidas((atuais) => new Set(atuais).add(n.id));
    if (destino) {
      setAdiado(true);
      void queryClient.invalidateQueries({ queryKey: notificacoesKeys.naoLidas });
      void navigate(destino);
    }
  }

  if (!atual) return null;
  return (
    <DialogoNotificacao
      key="dialogo"
      notificacao={atual}
      posicao={total - pendentes.length + 1}
      total={total}
      onLida={onLida}
      onAdiar={() => setAdiado(true)}
    />
  );
}
