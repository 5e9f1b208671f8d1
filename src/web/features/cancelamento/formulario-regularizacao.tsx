import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MENSAGENS_SOLICITACAO_API, regularizacaoCorpo } from '../../../shared/schemas/solicitacao-api';
import { ErrorSummary } from '../../components/error-summary';
import { summaryOf } from '../../components/form/form-errors';
import { useFormulario } from '../../components/form/use-formulario';
import { Message } from '../../components/message';
import { solicitarRegularizacao } from './cancelamento-api';
import { CampoJustificativa } from './campo-justificativa';
import { useEnvioConfirmado } from './use-envio-confirmado';

type Entrada = z.input<typeof regularizacaoCorpo>;
type Saida = z.output<typeof regularizacaoCorpo>;

/**
 * The regularisation request of a suspended registry: the justification (at least 10 characters, the shared
 * schema's rule), a confirmation, then POST /api/solicitacao-regularizacao.
 */
export function FormularioRegularizacao({ onEnviado }: { onEnviado: () => void }) {
  const { register, handleSubmit, formState } = useFormulario<Entrada, unknown, Saida>({
    resolver: zodResolver(regularizacaoCorpo),
    defaultValues: { justificativa: '' },
  });
  const { erroServidor, enviando, enviarConfirmado } = useEnvioConfirmado<Saida>({
    confirmacao: {
      title: 'Enviar o pedido de regularização?',
      text: 'O pedido será analisado e, se deferido, o seu registro voltará a ficar ativo.',
      confirmButtonText: 'Sim, enviar o pedido.',
    },
    enviar: (v) => solicitarRegularizacao(v.justificativa),
    mensagemSucesso: MENSAGENS_SOLICITACAO_API.regularizacaoEnviada,
    onEnviado,
  });

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(enviarConfirmado)(e)}>
      <ErrorSummary errors={summaryOf(formState.errors)} attempt={formState.submitCount} />
      {erroServidor && <Message kind="danger" title={erroServidor} alert />}
      <CampoJustificativa
        id="justificativa"
        label="Justificativa do pedido de regularização"
        hint="Explique o que foi corrigido desde a suspensão (pelo menos 10 caracteres)."
        error={formState.errors.justificativa?.message}
        {...register('justificativa')}
      />
      <div className="mt-3">
        <button type="submit" className="br-button primary" disabled={enviando} aria-busy={enviando || undefined}>
          Solicitar regularização
        </button>
      </div>
    </form>
  );
}
