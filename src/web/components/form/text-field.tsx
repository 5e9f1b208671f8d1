import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { CampoRotulado } from './field-parts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'> {
  /** id of the input: the label's target and the error summary's link target */
  id: string;
  label: ReactNode;
  /** inline error message; marks the input invalid */
  error?: string | undefined;
  hint?: ReactNode;
  /** marks the label "(opcional)" */
  optional?: boolean;
  /** more ids for aria-describedby (e.g. a message about the whole group the field belongs to) */
  describedBy?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled gov.br text input (text, e-mail, number-like text, native date) with its hint and inline error,
 * wired with aria-invalid and aria-describedby. Spread `register(name)` of react-hook-form into it.
 */
export function TextField({ id, label, error, hint, optional, describedBy, className, ref, ...input }: TextFieldProps) {
  return (
    <CampoRotulado id={id} label={label} optional={optional} hint={hint} error={error} describedBy={describedBy} className={className}>
      {(aria) => <input type="text" {...input} id={id} ref={ref} {...aria} />}
    </CampoRotulado>
  );
}
