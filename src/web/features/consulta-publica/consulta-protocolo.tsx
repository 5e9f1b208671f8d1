import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MENSAGENS_CARTEIRA, type ProtocoloPublico } from '../../../shared/schemas/carteira';
import { MENSAGENS_PESCADOR } from '../../../shared/schemas/pescador';
import { ErrorSummary } from '../../components/error-summary';
import { summaryOf } from '../../components/form/form-errors';
import { TextField } from '../../components/form/text-field';
import { useFormulario } from '../../components/form/use-formulario';
import { Captcha } from './captcha';
import { camposProtocolo, ListaCampos } from './campos-resultado';
import { consultarProtocolo } from './consulta-api';
import { BotaoConsultar, ResultadoConsulta, useConsultaPublica } from './use-consulta';
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
  const c = useConsultaPublica<ProtocoloPublico>(MENSAGENS_PESCADOR.erroProtocolo);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useFormulario<Valores>({ resolver: zodResolver(schema), defaultValues: { protocolo: protocoloInicial } });

  const onSubmit = handleSubmit((v) => c.consultar((token) => consultarProtocolo(numeroDoProtocolo(v.protocolo), token)), c.invalido);
  const resultado = c.resultado;

  return (
    <>
      <form className="consulta-form" aria-labelledby="titulo-consulta-protocolo" noValidate onSubmit={(e) => void onSubmit(e)}>
        <h2 id="titulo-consulta-protocolo">Protocolo</h2>
        <ErrorSummary errors={[...summaryOf(errors, () => ID_PROTOCOLO), ...c.errosCaptcha]} attempt={c.tentativa} />
        <TextField
          id={ID_PROTOCOLO}
          label="Número do protocolo"
          hint="Como impresso no comprovante da solicitação"
          inputMode="numeric"
          autoComplete="off"
          error={errors.protocolo?.message}
          {...register('protocolo')}
        />
        <Captcha {...c.captcha.props} />
        <BotaoConsultar enviando={isSubmitting} rotulo="Consultar protocolo" />
      </form>

      {(resultado || c.falha) && (
        <ResultadoConsulta id="titulo-resultado-protocolo" tituloRef={c.resultadoRef} falha={c.falha}>
          {resultado && (
            <>
              <p className="consulta-status neutro" role="status">
                <i className="fas fa-file-alt" aria-hidden="true" /> Protocolo encontrado
              </p>
              <ListaCampos campos={camposProtocolo(resultado)} />
            </>
          )}
        </ResultadoConsulta>
      )}
    </>
  );
}
