import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { z } from 'zod';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import { ErrorSummary } from '../../components/error-summary';
import { summaryOf } from '../../components/form/form-errors';
import { useFormulario } from '../../components/form/use-formulario';
import { Message } from '../../components/message';
import { solicitarCancelamento } from './cancelamento-api';
import { CampoJustificativa } from './campo-justificativa';
import { useEnvioConfirmado } from './use-envio-confirmado';

export const MAX_JUSTIFICATIVA = 4000;

/** The cancellation form's rule (spec points 5 and 6): the justification is required, except for profile 1. */
export function cancelamentoFormSchema(justificativaObrigatoria: boolean) {
  return z.object({
    justificativa: z.string().trim().max(MAX_JUSTIFICATIVA, `Deve ter no máximo ${MAX_JUSTIFICATIVA} caracteres`),
  }).superRefine((v, ctx) => {
    if (justificativaObrigatoria && !v.justificativa) {
      ctx.addIssue({ code: 'custom', path: ['justificativa'], message: MENSAGENS_SOLICITACAO.justificativaCancelamento });
    }
  });
}
type Entrada = z.input<ReturnType<typeof cancelamentoFormSchema>>;
type Saida = z.output<ReturnType<typeof cancelamentoFormSchema>>;

/**
 * The cancellation request: the justification (optional only for profile 1, GESTOR), a confirmation dialog,
 * then POST; `onEnviado` runs after the success toast.
 */
export function FormularioCancelamento({
  idPescador,
  justificativaObrigatoria,
  onEnviado,
}: {
  idPescador: number;
  justificativaObrigatoria: boolean;
  onEnviado: () => void;
}) {
  const schema = useMemo(() => cancelamentoFormSchema(justificativaObrigatoria), [justificativaObrigatoria]);
  const { register, handleSubmit, formState } = useFormulario<Entrada, unknown, Saida>({
    resolver: zodResolver(schema),
    defaultValues: { justificativa: '' },
  });
  const { erroServidor, enviando, enviarConfirmado } = useEnvioConfirmado<Saida>({
    confirmacao: {
      title: 'Confirmar o pedido de cancelamento?',
      text: 'Se o pedido for deferido, o registro no RGP será cancelado e a carteira de pescador profissional deixará de valer. Você não será capaz de reverter esta ação!',
      confirmButtonText: 'Sim, solicitar o cancelamento.',
    },
    enviar: (v) => solicitarCancelamento(idPescador, v.justificativa),
    mensagemSucesso: MENSAGENS_SOLICITACAO_API.cancelamentoEnviado,
    onEnviado,
  });

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(enviarConfirmado)(e)}>
      <ErrorSummary errors={summaryOf(formState.errors)} attempt={formState.submitCount} />
      {erroServidor && <Message kind="danger" title={erroServidor} alert />}
      <CampoJustificativa
        id="justificativa"
        label="Justificativa do pedido de cancelamento"
        optional={!justificativaObrigatoria}
        hint="Explique por que o registro de pescador profissional deve ser cancelado."
        error={formState.errors.justificativa?.message}
        {...register('justificativa')}
      />
      <div className="mt-3">
        <button type="submit" className="br-button primary" disabled={enviando} aria-busy={enviando || undefined}>
          Solicitar cancelamento
        </button>
      </div>
    </form>
  );
}
