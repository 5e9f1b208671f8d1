import type { FocusEvent, ReactNode, Ref } from 'react';
import { describedByOf, FieldErrorMessage, FieldHint, LabelText } from './field-parts';

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
  describedBy: extra,
  className,
  ref,
}: SelectFieldProps) {
  const { hintId, errorId, describedBy } = describedByOf(id, hint, error, extra);
  return (
    <div className={`field br-input${error ? ' danger' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        <LabelText label={label} optional={optional} />
      </label>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <select
        id={id}
        name={name ?? id}
        ref={ref}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldErrorMessage id={errorId} message={error} />
    </div>
  );
}
