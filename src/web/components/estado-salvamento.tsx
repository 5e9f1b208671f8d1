import { MENSAGEM_SALVO_NO_CELULAR } from '../offline/caixa-de-saida';
import type { EstadoSalvamento } from '../offline/use-salvamento-offline';
import { Message } from './message';

const HORA = { hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;

/** Where a form's draft is: on the server, or on this phone waiting for signal. Read politely by screen readers. */
export function EstadoDoRascunho({ estado }: { estado: EstadoSalvamento }) {
  let texto = 'O rascunho é salvo automaticamente enquanto você preenche.';
  if (estado.tipo === 'salvo') texto = `Rascunho salvo às ${estado.em.toLocaleTimeString('pt-BR', HORA)}.`;
  else if (estado.tipo === 'neste-celular') texto = MENSAGEM_SALVO_NO_CELULAR;
  else if (estado.tipo === 'enviando') texto = 'Salvando…';
  return (
    <p className="estado-rascunho" aria-live="polite">
      {texto}
    </p>
  );
}

/** What the phone keeps is never erased without the fisher's choice. */
export function ConflitoDoRascunho({ mensagem, onDescartar }: { mensagem: string; onDescartar: () => void }) {
  return (
    <div className="conflito-rascunho">
      <Message kind="warning" title={mensagem} status>
        O que foi preenchido neste celular não foi registrado no RGP e continua guardado aqui. Confira a situação
        atual e, quando quiser, descarte a cópia deste celular.
      </Message>
      <button type="button" className="br-button secondary" onClick={onDescartar}>
        Descartar o que está neste celular
      </button>
    </div>
  );
}
