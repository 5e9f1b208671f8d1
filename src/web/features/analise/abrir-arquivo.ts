import { MENSAGENS_DOCUMENTO } from '../../../shared/schemas/documento';
import { abrirEmNovaAba } from '../../lib/nova-aba';
import { showToast } from '../../lib/toast';
import { enderecoArquivo } from './analise-api';

/**
 * Opens a stored file in a new tab through its short-lived signed address (GET /api/cloud-storage/{chave});
 * 'Erro ao carregar url do arquivo da cloud' when the address cannot be had.
 */
export async function abrirArquivo(chave: string): Promise<void> {
  try {
    await abrirEmNovaAba(() => enderecoArquivo(chave));
  } catch {
    showToast('error', MENSAGENS_DOCUMENTO.erroUrlCloud);
  }
}
