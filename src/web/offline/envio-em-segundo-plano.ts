import { useEffect } from 'react';
import { Perfil } from '../../shared/enums';
import { useRepresentado } from '../lib/representacao';
import { useSession } from '../lib/session';
import { haPendenteNoCelular } from '../lib/storage';
import { caixaDe } from './caixa';

/**
 * The background sender (decision 0076): what a fisher's outbox keeps unsent goes when the fisher's area opens with
 * signal and whenever the signal returns, on any screen: the REAP saves, the wizard's step saves and the documents'
 * files (each module's sender is loaded only then, and sends through the outbox, src/web/offline/caixa-de-saida.ts).
 * First, what an earlier release kept under a digest of the CPF moves under the fisher's phone id, and what expired
 * is erased (decision 0069). Items open on a screen are left to it.
 */
export function useEnvioEmSegundoPlano(): void {
  const session = useSession();
  const fisher = session?.perfil === Perfil.INTERESSADO && session.idCelular ? session : undefined;
  const cpf = fisher?.sub;
  const idCelular = fisher?.idCelular;
  // An agent's requests carry the picked fisher's header, so only that fisher's outbox goes (decision 0110).
  const idPescador = useRepresentado()?.idPescador;
  useEffect(() => {
    if (!cpf || !idCelular) return undefined;
    const caixa = caixaDe(idCelular, idPescador);
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
      void preparado.then(() => {
        void import('../features/reap/envio-pendente').then((m) => m.enviarReapsPendentes(caixa)).catch(() => undefined);
        void import('../features/solicitacao/envio-pendente').then((m) => m.enviarSolicitacoesPendentes(caixa)).catch(() => undefined);
        void import('../features/documento/fila-documentos').then((m) => m.enviarDocumentosPendentes(caixa)).catch(() => undefined);
      });
    };
    enviar();
    window.addEventListener('online', enviar);
    return () => window.removeEventListener('online', enviar);
  }, [cpf, idCelular, idPescador]);
}
