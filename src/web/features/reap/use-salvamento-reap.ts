import { useQueryClient } from '@tanstack/react-query';
import type { Questionario } from '../../../shared/schemas/reap';
import { useRepresentado } from '../../lib/representacao';
import { useSession } from '../../lib/session';
import { caixaDe } from '../../offline/caixa-de-saida';
import { useSalvamentoOffline } from '../../offline/use-salvamento-offline';
import { chaveRascunhoReap, reapKeys, type RegistroReap } from './reap-api';

/**
 * A REAP form's saves, kept in the fisher's outbox (src/web/offline/) and sent when there is signal (decision 0062):
 * once the REAP is sent the phone's copy is erased and `onEnviado` runs; after a draft's save the REAP's lists are read again (`aoRascunho`
 * may add to that); a refusal of the data goes to `aoRecusar`.
 */
export function useSalvamentoReap<F, C>(o: {
  questionario: Questionario;
  rascunho: RegistroReap<F, C> | null;
  salvar: (corpo: C, chaveIdempotencia: string | undefined) => Promise<{ questionario: Questionario; mensagem: string }>;
  onEnviado: () => void;
  aoRascunho?: (mensagem: string) => void;
  aoRecusar: (erro: unknown) => void;
}) {
  const dono = caixaDe(useSession()?.idCelular, useRepresentado()?.idPescador);
  const queryClient = useQueryClient();
  const chave = chaveRascunhoReap(o.questionario.id);
  const salvamento = useSalvamentoOffline<F, C, Questionario, { questionario: Questionario; mensagem: string }>({
    dono,
    chave,
    inicial: o.rascunho,
    salvar: o.salvar,
    aoSalvar: (r, envio) => {
      if (envio) {
        o.onEnviado();
        return;
      }
      o.aoRascunho?.(r.mensagem);
      // The list and this REAP, as the server now has them, for when the fisher leaves and comes back.
      void queryClient.invalidateQueries({ queryKey: reapKeys.all });
    },
    aoRecusar: o.aoRecusar,
  });
  /** Erases the phone's copy after a conflict the fisher has read, and reads the REAP again. */
  const descartar = async () => {
    await salvamento.descartar();
    await queryClient.invalidateQueries({ queryKey: reapKeys.all });
  };
  return { ...salvamento, descartar };
}
