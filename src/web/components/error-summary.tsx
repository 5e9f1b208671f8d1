import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { dispensarToasts } from '../lib/toast';

export interface FieldError {
  /** id of the field's input, the link's target */
  field: string;
  /** the same words as the inline message at the field */
  message: string;
}

export const ERROR_SUMMARY_TITLE = 'Existem erros no formulário';

function focusField(event: MouseEvent<HTMLAnchorElement>, field: string) {
  const element = document.getElementById(field);
  if (!element) return;
  event.preventDefault();
  element.focus();
  element.scrollIntoView?.({ block: 'center' });
}

/**
 * Error summary (GOV.UK pattern): focused when errors appear or on each failed submit (`attempt`), each error a link
 * to its field. An error put right goes without taking the focus from the field being fixed.
 */
export function ErrorSummary({
  errors,
  title = ERROR_SUMMARY_TITLE,
  attempt,
}: {
  errors: FieldError[];
  title?: string;
  attempt?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const signature = errors.map((e) => `${e.field}:${e.message}`).join('|');
  const shown = useRef<{ signature: string; attempt: number | undefined } | null>(null);

  useEffect(() => {
    const before = shown.current;
    shown.current = { signature, attempt };
    if (!signature) return;
    // Only fewer errors than before, in the same attempt: the fisher is fixing a field; the focus stays there.
    const previous = new Set(before ? before.signature.split('|') : []);
    if (before && before.attempt === attempt && signature.split('|').every((e) => previous.has(e))) return;
    // No toast may cover the summary.
    dispensarToasts();
    ref.current?.focus();
  }, [signature, attempt]);

  if (errors.length === 0) return null;
  return (
    <div ref={ref} className="br-message danger error-summary" tabIndex={-1} aria-labelledby={titleId}>
      <div className="icon">
        <i className="fas fa-times-circle fa-lg" aria-hidden="true" />
      </div>
      <div className="content" role="alert">
        <h2 id={titleId} className="message-title">
          {title}
        </h2>
        <ul>
          {errors.map((e) => (
            <li key={`${e.field}:${e.message}`}>
              <a href={`#${e.field}`} onClick={(event) => focusField(event, e.field)}>
                {e.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
