import { zodResolver } from '@hookform/resolvers/zod';
import type { FocusEvent } from 'react';
import { z } from 'zod';
import { isValidCpf, onlyDigits } from '../../../shared/cpf';
import { exibirRgp, isRgpValido, MENSAGEM_RGP_INVALIDO, normalizarRgp } from '../../../shared/rgp';
import type { CarteiraPublica } from '../../../shared/schemas/carteira';
import { ErrorSummary } from '../../components/error-summary';
import { CampoMascara } from '../../components/form/campos';
import { summaryOf } from '../../components/form/form-errors';
import { CpfField } from '../../components/form/masked-field';
import { TextField } from '../../components/form/text-field';
import { useFormulario } from '../../components/form/use-formulario';
import { ERRO_DESCONHECIDO } from '../../lib/api';
import { Captcha } from './captcha';
import { camposCarteira, isAtivo, ListaCampos } from './campos-resultado';
import { consultarCarteira } from './consulta-api';
import { BotaoConsultar, ResultadoConsulta, useConsultaPublica } from './use-consulta';
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
  return exibirRgp(valor) || valor.toUpperCase();
}

/**
 * /consulta-carteira: anyone checks a professional card by CPF and RGP number, after the captcha. The answer
 * shows only what verifying a card needs (name, situation, category, place, RGP number, first RGP date).
 */
export function ConsultaCarteira() {
  const c = useConsultaPublica<CarteiraPublica>(ERRO_DESCONHECIDO);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = useFormulario<Valores>({ resolver: zodResolver(schema), defaultValues: { cpf: '', rgp: '' } });

  const onSubmit = handleSubmit(
    (v) => c.consultar((token) => consultarCarteira(onlyDigits(v.cpf), normalizarRgp(v.rgp), token)),
    c.invalido,
  );
  const resultado = c.resultado;

  return (
    <>
      <form className="consulta-form" aria-labelledby="titulo-consulta-carteira" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h2 id="titulo-consulta-carteira">Dados da carteira</h2>
        <ErrorSummary errors={[...summaryOf(errors, idCampo), ...c.errosCaptcha]} attempt={c.tentativa} />
        <CampoMascara
          control={control}
          name="cpf"
          id={idCampo('cpf')}
          Componente={CpfField}
          label="CPF do pescador"
          hint="Somente números"
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
        <Captcha {...c.captcha.props} />
        <BotaoConsultar enviando={isSubmitting} rotulo="Consultar carteira" />
      </form>

      {(resultado || c.falha) && (
        <ResultadoConsulta id="titulo-resultado-carteira" tituloRef={c.resultadoRef} falha={c.falha}>
          {resultado && (
            <>
              <p className={`consulta-status ${isAtivo(resultado) ? 'positivo' : 'neutro'}`} role="status">
                <i className={`fas ${isAtivo(resultado) ? 'fa-check-circle' : 'fa-info-circle'}`} aria-hidden="true" />{' '}
                Carteira encontrada
              </p>
              <ListaCampos campos={camposCarteira(resultado)} />
            </>
          )}
        </ResultadoConsulta>
      )}
    </>
  );
}
