import { useEffect } from 'react';
import { Perfil } from '../../shared/enums';
import { useSession } from '../lib/session';
import { haPendenteNoCelular } from '../lib/storage';

/**
 * The background sender (decision 0076): what a fisher's outbox keeps unsent goes when the fisher's area opens with
 * signal and whenever the signal returns, on any screen: the REAP saves, the wizard's step saves and the documents'
 * files (each module's sender is loaded only then, and sends through the outbox, src/web/offline/caixa-de-saida.ts).
 * First, what an earlier release kept under a digest of the CPF moves under the fisher's phone id, and what expired
 * is erased (decision 0069). Items open on a screen are left to it. Every box of the phone goes, not only the one of
 * the fisher the tab picked: an agent's drafts for many fishers each go under their own fisher, each box's calls
 * naming its fisher (decision 0114).
 */
export function useEnvioEmSegundoPlano(): void {
  const session = useSession();
  const fisher = session?.perfil === Perfil.INTERESSADO && session.idCelular ? session : undefined;
  const cpf = fisher?.sub;
  const idCelular = fisher?.idCelular;
  useEffect(() => {
    if (!cpf || !idCelular) return undefined;
    let preparado: Promise<unknown> | undefined;
    const enviar = () => {
      if (!haPendenteNoCelular()) return;
      preparado ??= import('./neste-celular')
        .then(async (m) => {
          await m.adotarDoFormatoAntigo(cpf, idCelular);
          await m.varrerCelular();
        })
        .catch(() => undefined);
      if (!navigator.onLine) return;
      void preparado.then(() => enviarTodasAsCaixas(idCelular)).catch(() => undefined);
    };
    enviar();
    window.addEventListener('online', enviar);
    return () => window.removeEventListener('online', enviar);
  }, [cpf, idCelular]);
}

/**
 * One box after another (the own first), each box's REAPs, wizard steps and documents together. A round already
 * under way for an item is joined, never repeated (caixa-de-saida.ts), so a second 'online' sends nothing twice.
 */
export async function enviarTodasAsCaixas(idCelular: string): Promise<void> {
  const [celular, reap, solicitacao, documento] = await Promise.all([
    import('./neste-celular'), import('../features/reap/envio-pendente'), import('../features/solicitacao/envio-pendente'),
    import('../features/documento/fila-documentos'),
  ]);
  for (const caixa of await celular.caixasComPendentes(idCelular)) {
    if (!navigator.onLine) return;
    await Promise.all([
      reap.enviarReapsPendentes(caixa), solicitacao.enviarSolicitacoesPendentes(caixa), documento.enviarDocumentosPendentes(caixa),
    ].map((p) => p.catch(() => undefined)));
  }
}
