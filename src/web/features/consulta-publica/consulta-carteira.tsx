import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { isValidCpf, onlyDigits } from '../../../shared/cpf';
import { formatarRgp, isRgpValido, MENSAGEM_RGP_INVALIDO, normalizarRgp } from '../../../shared/rgp';
import { ErrorSummary } from '../../components/error-summary';
import { summaryOf } from '../../components/form/form-errors';
import { CpfField } from '../../components/form/masked-field';
import { TextField } from '../../components/form/text-field';
import { Message } from '../../components/message';
import { showToast } from '../../lib/toast';
import { Captcha } from './captcha';
import { camposCarteira, isAtivo, ListaCampos } from './campos-resultado';
import { consultarCarteira, ERRO_DESCONHECIDO, mensagemDaFalha, type CarteiraConsultada } from './consulta-api';
import { ID_CAPTCHA, useCaptchaDaConsulta } from './use-captcha';
import './consulta-publica.css';

export const MENSAGENS_CONSULTA_CARTEIRA = {
  cpfObrigatorio: 'Informe o CPF',
  cpfInvalido: 'CPF inválido',
  rgpObrigatorio: 'Informe o número do RGP',
  rgpInvalido: MENSAGEM_RGP_INVALIDO,
} as const;

const schema = z
  .object({ cpf: z.string(), rgp: z.string() })
  .superRefine((v, ctx) => {
    if (!onlyDigits(v.cpf)) ctx.addIssue({ code: 'custom', path: ['cpf'], message: MENSAGENS_CONSULTA_CARTEIRA.cpfObrigatorio });
    else if (!isValidCpf(v.cpf)) ctx.addIssue({ code: 'custom', path: ['cpf'], message: MENSAGENS_CONSULTA_CARTEIRA.cpfInvalido });
    if (!v.rgp.trim()) ctx.addIssue({ code: 'custom', path: ['rgp'], message: MENSAGENS_CONSULTA_CARTEIRA.rgpObrigatorio });
    else if (!isRgpValido(v.rgp)) ctx.addIssue({ code: 'custom', path: ['rgp'], message: MENSAGENS_CONSULTA_CARTEIRA.rgpInvalido });
  });
type Valores = z.infer<typeof schema>;

const idCampo = (path: string) => `consulta-carteira-${path}`;

/** The RGP number as displayed: hyphen-separated upper case when valid, else upper case as typed. */
function rgpDigitado(valor: string): string {
  return isRgpValido(valor) ? formatarRgp(valor) : valor.toUpperCase();
}

/**
 * /consulta-carteira: anyone checks a professional card by CPF and RGP number, after the captcha. The answer
 * shows only what verifying a card needs (name, situation, category, place, RGP number, first RGP date).
 */
export function ConsultaCarteira() {
  const captcha = useCaptchaDaConsulta();
  const [tentativa, setTentativa] = useState(0);
  const [resultado, setResultado] = useState<CarteiraConsultada | null>(null);
  const [falha, setFalha] = useState<string | null>(null);
  const [consultas, setConsultas] = useState(0);
  const resultadoRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Valores>({ resolver: zodResolver(schema), defaultValues: { cpf: '', rgp: '' } });

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
        setResultado(await consultarCarteira(onlyDigits(v.cpf), normalizarRgp(v.rgp), token));
      } catch (error) {
        const mensagem = mensagemDaFalha(error, ERRO_DESCONHECIDO);
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
    ...summaryOf(errors, idCampo),
    ...(captcha.erro ? [{ field: ID_CAPTCHA, message: captcha.erro }] : []),
  ];
  const campos = resultado ? camposCarteira(resultado) : [];

  return (
    <>
      <form className="consulta-form" aria-labelledby="titulo-consulta-carteira" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h2 id="titulo-consulta-carteira">Dados da carteira</h2>
        <ErrorSummary errors={resumo} attempt={tentativa} />
        <Controller
          control={control}
          name="cpf"
          render={({ field }) => (
            <CpfField
              id={idCampo('cpf')}
              label="CPF do pescador"
              hint="Somente números"
              value={field.value}
              onChange={(masked) => field.onChange(masked)}
              onBlur={field.onBlur}
              name={field.name}
              error={errors.cpf?.message}
            />
          )}
        />
        <TextField
          id={idCampo('rgp')}
          label="Número do RGP"
          hint="Como impresso na carteira, por exemplo PA-PA-00000000042"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.rgp?.message}
          {...register('rgp', {
            onBlur: (e: FocusEvent<HTMLInputElement>) => setValue('rgp', rgpDigitado(e.target.value)),
          })}
        />
        <Captcha {...captcha.props} />
        <div className="form-actions">
          <div className="form-actions-forward">
            <button type="submit" className="br-button primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
              <i className="fas fa-search" aria-hidden="true" /> {isSubmitting ? 'Consultando…' : 'Consultar carteira'}
            </button>
          </div>
        </div>
      </form>

      {(resultado || falha) && (
        <section className="consulta-resultado" aria-labelledby="titulo-resultado-carteira">
          <h2 id="titulo-resultado-carteira" ref={resultadoRef} tabIndex={-1}>
            Resultado da consulta
          </h2>
          {falha && <Message kind="warning" title={falha} alert />}
          {resultado && (
            <>
              <p className={`consulta-status ${isAtivo(resultado) ? 'positivo' : 'neutro'}`} role="status">
                <i className={`fas ${isAtivo(resultado) ? 'fa-check-circle' : 'fa-info-circle'}`} aria-hidden="true" />{' '}
                Carteira encontrada
              </p>
              <ListaCampos campos={campos} />
            </>
          )}
        </section>
      )}
    </>
  );
}
