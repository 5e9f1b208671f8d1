import type { ReactNode } from 'react';
import './form-fields.css';

/** ids of a field's hint and error message, and the aria-describedby that joins them (with any extra ids). */
export function describedByOf(id: string, hint: ReactNode, error: string | undefined, extra?: string) {
  const hintId = hint ? `${id}-dica` : undefined;
  const errorId = error ? `${id}-erro` : undefined;
  const describedBy = [hintId, errorId, extra].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

/** The label text, with "(opcional)" for optional fields (GOV.UK: mark the optional ones, not the required). */
export function LabelText({ label, optional }: { label: ReactNode; optional?: boolean | undefined }) {
  return (
    <>
      {label}
      {optional && <span className="field-optional"> (opcional)</span>}
    </>
  );
}

export function FieldHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!children || !id) return null;
  return (
    <p id={id} className="field-hint">
      {children}
    </p>
  );
}

/** gov.br inline feedback: the same words as in the error summary. */
export function FieldErrorMessage({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!message || !id) return null;
  return (
    <span id={id} className="feedback danger">
      <i className="fas fa-times-circle" aria-hidden="true" />
      {message}
    </span>
  );
}
