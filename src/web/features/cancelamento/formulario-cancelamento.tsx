import { useMemo } from 'react';
import { z } from 'zod';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import { solicitarCancelamento } from './cancelamento-api';
import { FormularioJustificativa } from './formulario-justificativa';

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
  return (
    <FormularioJustificativa
      schema={schema}
      rotulo="Justificativa do pedido de cancelamento"
      opcional={!justificativaObrigatoria}
      dica="Explique por que o registro de pescador profissional deve ser cancelado."
      confirmacao={{
        title: 'Confirmar o pedido de cancelamento?',
        text: 'Se o pedido for deferido, o registro no RGP será cancelado e a carteira de pescador profissional deixará de valer. Você não será capaz de reverter esta ação!',
        confirmButtonText: 'Sim, solicitar o cancelamento.',
      }}
      enviar={(justificativa) => solicitarCancelamento(idPescador, justificativa)}
      mensagemSucesso={MENSAGENS_SOLICITACAO_API.cancelamentoEnviado}
      rotuloEnviar="Solicitar cancelamento"
      onEnviado={onEnviado}
    />
  );
}
