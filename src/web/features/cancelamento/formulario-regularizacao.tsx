import { MENSAGENS_SOLICITACAO_API, regularizacaoCorpo } from '../../../shared/schemas/solicitacao-api';
import { solicitarRegularizacao } from './cancelamento-api';
import { FormularioJustificativa } from './formulario-justificativa';

/**
 * The regularisation request of a suspended registry: the justification (at least 10 characters, the shared
 * schema's rule), a confirmation, then POST /api/solicitacao-regularizacao.
 */
export function FormularioRegularizacao({ onEnviado }: { onEnviado: () => void }) {
  return (
    <FormularioJustificativa
      schema={regularizacaoCorpo}
      rotulo="Justificativa do pedido de regularização"
      dica="Explique o que foi corrigido desde a suspensão (pelo menos 10 caracteres)."
      confirmacao={{
        title: 'Enviar o pedido de regularização?',
        text: 'O pedido será analisado e, se deferido, o seu registro voltará a ficar ativo.',
        confirmButtonText: 'Sim, enviar o pedido.',
      }}
      enviar={solicitarRegularizacao}
      mensagemSucesso={MENSAGENS_SOLICITACAO_API.regularizacaoEnviada}
      rotuloEnviar="Solicitar regularização"
      onEnviado={onEnviado}
    />
  );
}
