import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: jumps to the main landmark. */
export function SkipLink() {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  }
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
      Ir para o conteúdo principal
    </a>
  );
}
