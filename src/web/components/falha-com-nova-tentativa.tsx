import type { ReactNode } from 'react';
import { Message } from './message';

/** A read that failed without an answer: the message (announced), then a button that asks again. */
export function FalhaComNovaTentativa({
  titulo,
  children,
  onTentarNovamente,
}: {
  titulo: string;
  children?: ReactNode;
  onTentarNovamente: () => void;
}) {
  return (
    <>
      <Message kind="danger" title={titulo} alert>
        {children}
      </Message>
      <p className="mt-3">
        <button type="button" className="br-button secondary" onClick={onTentarNovamente}>
          Tentar novamente
        </button>
      </p>
    </>
  );
}
