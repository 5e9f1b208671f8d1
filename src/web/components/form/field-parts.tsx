import type { ReactNode } from 'react';
import './form-fields.css';

export function describedByOf(id: string, hint: ReactNode, error: string | undefined, extra?: string) {
  const hintId = hint ? `${id}-dica` : undefined;
  const errorId = error ? `${id}-erro` : undefined;
  const describedBy = [hintId, errorId, extra].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

/** GOV.UK: mark the optional fields, not the required; an asterisk is hidden from screen readers (aria-required says it). */
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

export interface AriaDoCampo {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface CampoRotuladoProps {
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
  children: (aria: AriaDoCampo) => ReactNode;
}

/** The one wrapper of a labelled field: gov.br block, label, hint, control with its aria, inline error. */
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
