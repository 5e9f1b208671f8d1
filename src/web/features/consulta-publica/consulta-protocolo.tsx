import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MENSAGENS_CARTEIRA } from '../../../shared/schemas/carteira';
import { MENSAGENS_PESCADOR } from '../../../shared/schemas/pescador';
import { ErrorSummary } from '../../components/error-summary';
import { summaryOf } from '../../components/form/form-errors';
import { TextField } from '../../components/form/text-field';
import { Message } from '../../components/message';
import { showToast } from '../../lib/toast';
import { Captcha } from './captcha';
import { camposProtocolo, ListaCampos } from './campos-resultado';
import { consultarProtocolo, ERRO_DESCONHECIDO, mensagemDaFalha, type ProtocoloConsultado } from './consulta-api';
import { ID_CAPTCHA, useCaptchaDaConsulta } from './use-captcha';
import './consulta-publica.css';

export const MENSAGEM_PROTOCOLO_OBRIGATORIO = 'Informe o número do protocolo';

/** The protocol number as the server reads it: digits only (the printed receipt may group them). */
export function numeroDoProtocolo(valor: string): string {
  return valor.replace(/[\s./-]/g, '');
}

const schema = z.object({ protocolo: z.string() }).superRefine((v, ctx) => {
  const numero = numeroDoProtocolo(v.protocolo);
  if (!numero) ctx.addIssue({ code: 'custom', path: ['protocolo'], message: MENSAGEM_PROTOCOLO_OBRIGATORIO });
  else if (!/^\d{4,20}$/.test(numero)) {
    ctx.addIssue({ code: 'custom', path: ['protocolo'], message: MENSAGENS_CARTEIRA.protocoloInvalido });
  }
});
type Valores = z.infer<typeof schema>;

const ID_PROTOCOLO = 'consulta-protocolo-numero';

/**
 * /consulta-protocolo?protocolo=: anyone checks a registration protocol (the receipt's QR code opens this page
 * with the number filled in), after the captcha.
 */
export function ConsultaProtocolo({ protocoloInicial = '' }: { protocoloInicial?: string }) {
  const captcha = useCaptchaDaConsulta();
  const [tentativa, setTentativa] = useState(0);
  const [resultado, setResultado] = useState<ProtocoloConsultado | null>(null);
  const [falha, setFalha] = useState<string | null>(null);
  const [consultas, setConsultas] = useState(0);
  const resultadoRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Valores>({ resolver: zodResolver(schema), defaultValues: { protocolo: protocoloInicial } });

  useEffect(() => {
    if (consultas > 0) resultadoRef.current?.focus();
  }, [consultas]);

  const onSubmit = handleSubmit(
    async (v) => {
      const token = await captcha.obterToken();
      if (!token) {
        setTentativa((n) => n + 1);
        return;
      }
      setFalha(null);
      setResultado(null);
      try {
        setResultado(await consultarProtocolo(numeroDoProtocolo(v.protocolo), token));
      } catch (error) {
        const mensagem = mensagemDaFalha(error, MENSAGENS_PESCADOR.erroProtocolo);
        if (mensagem === ERRO_DESCONHECIDO) showToast('error', mensagem);
        setFalha(mensagem);
      } finally {
        captcha.gastar();
        setConsultas((n) => n + 1);
      }
    },
    () => setTentativa((n) => n + 1),
  );

  const resumo = [
    ...summaryOf(errors, () => ID_PROTOCOLO),
    ...(captcha.erro ? [{ field: ID_CAPTCHA, message: captcha.erro }] : []),
  ];

  return (
    <>
      <form className="consulta-form" aria-labelledby="titulo-consulta-protocolo" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h2 id="titulo-consulta-protocolo">Protocolo</h2>
        <ErrorSummary errors={resumo} attempt={tentativa} />
        <TextField
          id={ID_PROTOCOLO}
          label="Número do protocolo"
          hint="Como impresso no comprovante da solicitação"
          inputMode="numeric"
          autoComplete="off"
          error={errors.protocolo?.message}
          {...register('protocolo')}
        />
        <Captcha {...captcha.props} />
        <div className="form-actions">
          <div className="form-actions-forward">
            <button type="submit" className="br-button primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
              <i className="fas fa-search" aria-hidden="true" /> {isSubmitting ? 'Consultando…' : 'Consultar protocolo'}
            </button>
          </div>
        </div>
      </form>

      {(resultado || falha) && (
        <section className="consulta-resultado" aria-labelledby="titulo-resultado-protocolo">
          <h2 id="titulo-resultado-protocolo" ref={resultadoRef} tabIndex={-1}>
            Resultado da consulta
          </h2>
          {falha && <Message kind="warning" title={falha} alert />}
          {resultado && (
            <>
              <p className="consulta-status neutro" role="status">
                <i className="fas fa-file-alt" aria-hidden="true" /> Protocolo encontrado
              </p>
              <ListaCampos campos={camposProtocolo(resultado)} />
            </>
          )}
        </section>
      )}
    </>
  );
}
