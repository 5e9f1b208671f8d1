import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { describedByOf, FieldErrorMessage, FieldHint, LabelText } from '../../components/form/field-parts';

export interface CampoJustificativaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children'> {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled gov.br textarea with hint and inline error (GOV.UK pattern). Spread `register(name)` into it. */
export function CampoJustificativa({ id, label, error, hint, optional, className, ref, ...textarea }: CampoJustificativaProps) {
  const { hintId, errorId, describedBy } = describedByOf(id, hint, error);
  return (
    <div className={`field br-textarea${error ? ' danger' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        <LabelText label={label} optional={optional} />
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <textarea
        rows={6}
        {...textarea}
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldErrorMessage id={errorId} message={error} />
    </div>
  );
}
