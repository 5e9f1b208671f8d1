import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Message } from '../../components/message';
import { ERRO_DESCONHECIDO, mensagemErro, statusOf } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { ID_CAPTCHA, useCaptchaDaConsulta } from './use-captcha';

export function falhaDaConsulta(error: unknown, fallback: string): { mensagem: string; semResposta: boolean } {
  if (statusOf(error) === undefined) return { mensagem: ERRO_DESCONHECIDO, semResposta: true };
  return { mensagem: mensagemErro(error, fallback), semResposta: false };
}

/** The flow shared by the public lookups: a fresh captcha token each time, the result, focus on its heading. */
export function useConsultaPublica<R>(erroPadrao: string) {
  const captcha = useCaptchaDaConsulta();
  const [tentativa, setTentativa] = useState(0);
  const [resultado, setResultado] = useState<R | null>(null);
  const [falha, setFalha] = useState<string | null>(null);
  const [consultas, setConsultas] = useState(0);
  const resultadoRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (consultas > 0) resultadoRef.current?.focus();
  }, [consultas]);

  /** A token is spent whatever the answer. */
  async function consultar(chamada: (token: string) => Promise<R>): Promise<void> {
    const token = await captcha.obterToken();
    if (!token) {
      setTentativa((n) => n + 1);
      return;
    }
    setFalha(null);
    setResultado(null);
    try {
      setResultado(await chamada(token));
    } catch (error) {
      const { mensagem, semResposta } = falhaDaConsulta(error, erroPadrao);
      if (semResposta) showToast('error', mensagem);
      setFalha(mensagem);
    } finally {
      captcha.gastar();
      setConsultas((n) => n + 1);
    }
  }

  return {
    captcha,
    tentativa,
    resultado,
    falha,
    resultadoRef,
    consultar,
    invalido: () => setTentativa((n) => n + 1),
    /** The captcha's error as an error-summary entry. */
    errosCaptcha: captcha.erro ? [{ field: ID_CAPTCHA, message: captcha.erro }] : [],
  };
}

export function BotaoConsultar({ enviando, rotulo }: { enviando: boolean; rotulo: string }) {
  return (
    <div className="form-actions">
      <div className="form-actions-forward">
        <button type="submit" className="br-button primary" disabled={enviando} aria-busy={enviando || undefined}>
          <i className="fas fa-search" aria-hidden="true" /> {enviando ? 'Consultando…' : rotulo}
        </button>
      </div>
    </div>
  );
}

export function ResultadoConsulta({
  id,
  tituloRef,
  falha,
  children,
}: {
  id: string;
  tituloRef: Ref<HTMLHeadingElement>;
  falha: string | null;
  children: ReactNode;
}) {
  return (
    <section className="consulta-resultado" aria-labelledby={id}>
      <h2 id={id} ref={tituloRef} tabIndex={-1}>
        Resultado da consulta
      </h2>
      {falha && <Message kind="warning" title={falha} alert />}
      {children}
    </section>
  );
}
