import type { FocusEvent, ReactNode, Ref } from 'react';
import { CampoRotulado } from './field-parts';

export interface Option {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  id: string;
  label: ReactNode;
  options: readonly Option[];
  /** the chosen option's value; '' for none */
  value: string;
  onChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLSelectElement>) => void;
  name?: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  disabled?: boolean;
  /** the text of the empty first option */
  placeholder?: string;
  describedBy?: string | undefined;
  className?: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native select with gov.br input styling (a native select is the most accessible choice on
 * phones and with screen readers), its hint and inline error.
 */
export function SelectField({
  id,
  label,
  options,
  value,
  onChange,
  onBlur,
  name,
  error,
  hint,
  optional,
  disabled,
  placeholder = 'Selecione',
  describedBy,
  className,
  ref,
}: SelectFieldProps) {
  return (
    <CampoRotulado id={id} label={label} optional={optional} hint={hint} error={error} describedBy={describedBy} className={className}>
      {(aria) => (
        <select
          id={id}
          name={name ?? id}
          ref={ref}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          disabled={disabled}
          {...aria}
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </CampoRotulado>
  );
}
