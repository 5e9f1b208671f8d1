import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { CampoRotulado } from '../../components/form/field-parts';

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
  return (
    <CampoRotulado id={id} tipo="br-textarea" label={label} optional={optional} hint={hint} error={error} className={className}>
      {(aria) => <textarea rows={6} {...textarea} id={id} ref={ref} {...aria} />}
    </CampoRotulado>
  );
}
