import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { describedByOf, FieldErrorMessage, FieldHint } from './field-parts';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'children'> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A single gov.br checkbox (a yes/no statement), with hint and inline error. Spread `register(name)` into it. */
export function CheckboxField({ id, label, error, hint, className, ref, ...input }: CheckboxFieldProps) {
  const { hintId, errorId, describedBy } = describedByOf(id, hint, error);
  return (
    <div className={`field checkbox-field${error ? ' danger' : ''}${className ? ` ${className}` : ''}`}>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldErrorMessage id={errorId} message={error} />
      <div className={`br-checkbox${error ? ' invalid' : ''}`}>
        <input
          {...input}
          type="checkbox"
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}
