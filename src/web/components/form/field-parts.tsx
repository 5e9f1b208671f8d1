import type { ReactNode } from 'react';
import './form-fields.css';

/** ids of a field's hint and error message, and the aria-describedby that joins them (with any extra ids). */
export function describedByOf(id: string, hint: ReactNode, error: string | undefined, extra?: string) {
  const hintId = hint ? `${id}-dica` : undefined;
  const errorId = error ? `${id}-erro` : undefined;
  const describedBy = [hintId, errorId, extra].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

/**
 * The label text, with "(opcional)" for optional fields (GOV.UK: mark the optional ones, not the required); the
 * masked fields may instead mark a required one with an asterisk hidden from screen readers (aria-required says it).
 */
export function LabelText({ label, optional, required }: { label: ReactNode; optional?: boolean | undefined; required?: boolean | undefined }) {
  return (
    <>
      {label}
      {optional && <span className="field-optional"> (opcional)</span>}
      {required && (
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      )}
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

/** What a field's control carries to be read with its hint and error. */
export interface AriaDoCampo {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface CampoRotuladoProps {
  /** id of the control: the label's target; the hint and error ids derive from it */
  id: string;
  label: ReactNode;
  /** marks the label "(opcional)" */
  optional?: boolean | undefined;
  /** marks the label with an asterisk */
  required?: boolean | undefined;
  hint?: ReactNode;
  /** inline error message; marks the field invalid */
  error?: string | undefined;
  /** more ids for aria-describedby */
  describedBy?: string | undefined;
  /** the gov.br kind of the field */
  tipo?: 'br-input' | 'br-textarea';
  className?: string | undefined;
  /** the control, given the aria attributes that tie it to its hint and error */
  children: (aria: AriaDoCampo) => ReactNode;
}

/**
 * The one wrapper of a labelled field (text, select, masked, textarea): the gov.br block, the label, the hint, the
 * control wired with aria-invalid and aria-describedby, and the inline error, in that order.
 */
export function CampoRotulado({
  id, label, optional, required, hint, error, describedBy: extra, tipo = 'br-input', className, children,
}: CampoRotuladoProps) {
  const { hintId, errorId, describedBy } = describedByOf(id, hint, error, extra);
  return (
    <div className={`field ${tipo}${error ? ' danger' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        <LabelText label={label} optional={optional} required={required} />
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {children({ 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <FieldErrorMessage id={errorId} message={error} />
    </div>
  );
}
