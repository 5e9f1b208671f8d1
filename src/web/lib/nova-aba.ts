/**
 * Opens an address obtained asynchronously in a new tab. The tab is opened at once, inside the click, so that
 * popup blockers allow it, and pointed at the address when it arrives; it is closed again if that fails.
 * The opener reference is cut, as rel="noopener" would.
 */
export async function abrirEmNovaAba(obterEndereco: () => Promise<string>): Promise<void> {
  const janela = window.open('', '_blank');
  if (janela) janela.opener = null;
  try {
    const endereco = await obterEndereco();
    if (janela && !janela.closed) janela.location.href = endereco;
    else window.open(endereco, '_blank', 'noopener');
  } catch (error) {
    janela?.close();
    throw error;
  }
}
