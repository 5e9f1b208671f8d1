import { desmarcarSeNadaEspera, guardarNoCelular, itensDoCelular, lerDoCelular } from '../../lib/neste-celular';
import { apagarRegistro } from '../../lib/salvamento-offline';
import { assistenteAberto, chaveRascunhoSolicitacao, enviarRascunho, moverDigitados, type RascunhoSolicitacao } from './use-rascunho-no-celular';

/**
 * The wizard's step saves this phone keeps (issue 25), sent when the app opens with signal or the signal returns,
 * whichever screen the fisher is on: steps filled without signal reach the RGP without the wizard being opened
 * again. A wizard open on the screen sends its own.
 */
export async function enviarSolicitacoesPendentes(dono: string): Promise<void> {
  for (const [chave, inicial] of await itensDoCelular<RascunhoSolicitacao>(dono, 'solicitacao/')) {
    if (!inicial?.pendente || inicial.conflito) continue;
    // The record is read again from the phone before each save and each write (the wizard may have kept another
    // step meanwhile), under the key it moves to once the server gives the request its id.
    let atual = chave;
    await enviarRascunho({
      ler: async () => (await lerDoCelular<RascunhoSolicitacao>(dono, atual)) ?? null,
      parar: () => assistenteAberto(atual) || assistenteAberto(chave),
      gravar: async (antes, r) => {
        const depois = r ? chaveRascunhoSolicitacao(r.contexto.tipo, r.contexto.id) : antes;
        if (r) await guardarNoCelular(dono, depois, r);
        else await apagarRegistro(dono, depois);
        if (depois !== antes) {
          await apagarRegistro(dono, antes);
          await moverDigitados(dono, antes, depois);
        }
        atual = depois;
      },
    });
    // Still waiting without a refusal: the signal or the server failed; the rest waits with it.
    const ficou = await lerDoCelular<RascunhoSolicitacao>(dono, atual);
    if (ficou?.pendente && !ficou.conflito) return;
  }
  await desmarcarSeNadaEspera();
}
