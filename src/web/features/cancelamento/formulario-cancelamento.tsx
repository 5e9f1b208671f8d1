import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import { ErrorSummary } from '../../components/error-summary';
import { summaryOf } from '../../components/form/form-errors';
import { Message } from '../../components/message';
import { mensagemErro } from '../../lib/api';
import { confirmar } from '../../lib/confirm';
import { showToast } from '../../lib/toast';
import { ERRO_SALVAR, solicitarCancelamento } from './cancelamento-api';
import { CampoJustificativa } from './campo-justificativa';

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
  const { register, handleSubmit, formState } = useForm<Entrada, unknown, Saida>({
    resolver: zodResolver(schema),
    // The error summary takes the focus (GOV.UK pattern), not the first invalid field.
    shouldFocusError: false,
    defaultValues: { justificativa: '' },
  });
  const [erroServidor, setErroServidor] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function onValido(v: Saida) {
    setErroServidor(null);
    const ok = await confirmar({
      title: 'Confirmar o pedido de cancelamento?',
      text: 'Se o pedido for deferido, o registro no RGP será cancelado e a carteira de pescador profissional deixará de valer. Você não será capaz de reverter esta ação!',
      confirmButtonText: 'Sim, solicitar o cancelamento.',
    });
    if (!ok) return;
    setEnviando(true);
    try {
      await solicitarCancelamento(idPescador, v.justificativa);
      showToast('success', MENSAGENS_SOLICITACAO_API.cancelamentoEnviado);
      onEnviado();
    } catch (error) {
      const mensagem = mensagemErro(error, ERRO_SALVAR);
      setErroServidor(mensagem);
      showToast('error', mensagem);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValido)(e)}>
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
