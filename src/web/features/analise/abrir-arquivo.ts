import { MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { showToast } from '../../lib/toast';
import { enderecoArquivo } from './analise-api';

/**
 * Opens a stored file in a new tab through its short-lived signed address (GET /api/cloud-storage/{chave}).
 * The tab is opened inside the click, so that popup blockers allow it, and pointed at the address when it
 * arrives; it is closed again if that fails. The opener reference is cut, as rel="noopener" would.
 */
export async function abrirArquivo(chave: string): Promise<void> {
  const janela = window.open('', '_blank');
  if (janela) janela.opener = null;
  try {
    const endereco = await enderecoArquivo(chave);
    if (janela && !janela.closed) janela.location.href = endereco;
    else window.open(endereco, '_blank', 'noopener');
  } catch {
    janela?.close();
    showToast('error', MENSAGENS_DOCUMENTO.erroUrlCloud);
  }
}
