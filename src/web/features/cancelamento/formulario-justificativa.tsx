import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ErrorSummary } from '../../components/error-summary';
import { summaryOf } from '../../components/form/form-errors';
import { useFormulario } from '../../components/form/use-formulario';
import { Message } from '../../components/message';
import type { ConfirmOptions } from '../../lib/confirm';
import { CampoJustificativa } from './campo-justificativa';
import { useEnvioConfirmado } from './use-envio-confirmado';

interface Valores {
  justificativa: string;
}

export interface FormularioJustificativaProps {
  /** The rule of the justification (the shared schema of the request's body, or the form's own). */
  schema: z.ZodType<Valores, Valores>;
  /** The field's label and hint; `opcional` marks it "(opcional)". */
  rotulo: string;
  dica: string;
  opcional?: boolean;
  /** The dialog that asks for confirmation before sending. */
  confirmacao: ConfirmOptions;
  enviar: (justificativa: string) => Promise<unknown>;
  mensagemSucesso: string;
  /** The submit button's text. */
  rotuloEnviar: string;
  onEnviado: () => void;
}

/**
 * A request made of one justification (cancellation, regularisation): the field checked with `schema`, the
 * confirmation dialog, then the call; the server's refusal stays on the form (useEnvioConfirmado).
 */
export function FormularioJustificativa({
  schema, rotulo, dica, opcional, confirmacao, enviar, mensagemSucesso, rotuloEnviar, onEnviado,
}: FormularioJustificativaProps) {
  const { register, handleSubmit, formState } = useFormulario<Valores>({ resolver: zodResolver(schema), defaultValues: { justificativa: '' } });
  const { erroServidor, enviando, enviarConfirmado } = useEnvioConfirmado<Valores>({
    confirmacao, enviar: (v) => enviar(v.justificativa), mensagemSucesso, onEnviado,
  });

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(enviarConfirmado)(e)}>
      <ErrorSummary errors={summaryOf(formState.errors)} attempt={formState.submitCount} />
      {erroServidor && <Message kind="danger" title={erroServidor} alert />}
      <CampoJustificativa
        id="justificativa"
        label={rotulo}
        optional={opcional}
        hint={dica}
        error={formState.errors.justificativa?.message}
        {...register('justificativa')}
      />
      <div className="mt-3">
        <button type="submit" className="br-button primary" disabled={enviando} aria-busy={enviando || undefined}>
          {rotuloEnviar}
        </button>
      </div>
    </form>
  );
}
