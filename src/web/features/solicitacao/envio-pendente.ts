import { enviarPendentes } from '../../offline/caixa-de-saida';
import { envioDoRascunho } from './use-rascunho-no-celular';

/**
 * The wizard's step saves of an outbox, sent by the background sender (src/web/offline/envio-em-segundo-plano.ts)
 * whichever screen the fisher is on: steps filled without signal reach the RGP without the wizard being opened
 * again. A wizard open on the screen sends its own.
 */
export function enviarSolicitacoesPendentes(caixa: string): Promise<void> {
  return enviarPendentes(caixa, 'solicitacao/', () => envioDoRascunho(caixa));
}
