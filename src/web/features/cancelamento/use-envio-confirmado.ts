import { useState } from 'react';
import { mensagemErro } from '../../lib/api';
import { confirmar, type ConfirmOptions } from '../../lib/confirm';
import { showToast } from '../../lib/toast';
import { ERRO_SALVAR } from './cancelamento-api';

/**
 * A request sent after the user confirms it in a dialog: the success toast, then `onEnviado`; on failure the
 * server's message both as a toast and as a message kept on the form (`erroServidor`). `enviando` is true while
 * the call runs, to disable the submit button.
 */
export function useEnvioConfirmado<V>({
  confirmacao,
  enviar,
  mensagemSucesso,
  onEnviado,
}: {
  confirmacao: ConfirmOptions;
  enviar: (valores: V) => Promise<unknown>;
  mensagemSucesso: string;
  onEnviado: () => void;
}) {
  const [erroServidor, setErroServidor] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  async function enviarConfirmado(valores: V): Promise<void> {
    setErroServidor(null);
    if (!(await confirmar(confirmacao))) return;
    setEnviando(true);
    try {
      await enviar(valores);
      showToast('success', mensagemSucesso);
      onEnviado();
    } catch (error) {
      const mensagem = mensagemErro(error, ERRO_SALVAR);
      setErroServidor(mensagem);
      showToast('error', mensagem);
    } finally {
      setEnviando(false);
    }
  }

  return { erroServidor, enviando, enviarConfirmado };
}
