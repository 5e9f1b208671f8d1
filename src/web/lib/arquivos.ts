import * as contratosArquivo from '../../shared/contratos/arquivo';
import { MENSAGENS_DOCUMENTO } from '../../shared/schemas/documento';
import { dados } from './contrato';
import { abrirEmNovaAba } from './nova-aba';
import { getToken } from './storage';
import { showToast } from './toast';

/** GET /api/cloud-storage/{chave}?jwt={token}: the short-lived signed address of a stored file (spec point 7). */
export async function enderecoArquivo(chave: string): Promise<string> {
  const { url } = await dados(contratosArquivo.endereco, { params: { chave }, query: { jwt: getToken() ?? undefined } });
  return url;
}

/**
 * Opens a stored file in a new tab through its signed address (staff views are audited by the server);
 * 'Erro ao carregar url do arquivo da cloud' when the address cannot be had. The analysis, the documents of a
 * request and the REAP's documents open their files this way.
 */
export async function abrirArquivo(chave: string): Promise<void> {
  try {
    await abrirEmNovaAba(() => enderecoArquivo(chave));
  } catch {
    showToast('error', MENSAGENS_DOCUMENTO.erroUrlCloud);
  }
}
