import { useEffect, type ReactNode } from 'react';

export const APP_TITLE = 'RGP - Registro Geral da Atividade Pesqueira';

/** Sets the document title of a screen ("Página | RGP ..."). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_TITLE}` : APP_TITLE;
  }, [title]);
}

/**
 * The page's single h1, focusable by script so that focus lands on it after an in-app navigation, and the
 * document title.
 */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return <h1 tabIndex={-1}>{children ?? title}</h1>;
}
