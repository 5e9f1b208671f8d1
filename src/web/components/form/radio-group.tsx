import type { ReactNode, Ref } from 'react';
import { describedByOf, FieldErrorMessage, FieldHint } from './field-parts';
import type { Option } from './select-field';

export interface RadioGroupProps {
  /** id of the first radio (the error summary's link target); the others get `${id}-${value}` */
  id: string;
  legend: ReactNode;
  /** the radios' shared name; unique in the page */
  name: string;
  options: readonly Option[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
  /** options side by side (short answers such as Sim/Não) */
  inline?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function radioId(id: string, index: number, value: string): string {
  return index === 0 ? id : `${id}-${value}`;
}

/** A gov.br radio group in a fieldset whose legend is the question, with its hint and inline error. */
export function RadioGroup({ id, legend, name, options, value, onChange, onBlur, error, hint, disabled, inline, ref }: RadioGroupProps) {
  const { hintId, errorId, describedBy } = describedByOf(id, hint, error);
  return (
    <fieldset className={`field${error ? ' danger' : ''}`} aria-describedby={describedBy} id={`${id}-grupo`}>
      <legend>{legend}</legend>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldErrorMessage id={errorId} message={error} />
      <div className={`choice-options${inline ? ' inline' : ''}`}>
        {options.map((o, i) => {
          const inputId = radioId(id, i, o.value);
          return (
            <div key={o.value} className={`br-radio${error ? ' invalid' : ''}`}>
              <input
                type="radio"
                id={inputId}
                name={name}
                value={o.value}
                ref={i === 0 ? ref : undefined}
                checked={value === o.value}
                onChange={() => onChange(o.value)}
                onBlur={onBlur}
                disabled={disabled}
                aria-invalid={error ? true : undefined}
              />
              <label htmlFor={inputId}>{o.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
