import type { ReactNode, Ref } from 'react';
import { describedByOf, FieldErrorMessage, FieldHint } from './field-parts';
import type { Option } from './select-field';

export interface CheckboxGroupProps {
  /** id of the first checkbox (the error summary's link target); the others get `${id}-${value}` */
  id: string;
  legend: ReactNode;
  name: string;
  options: readonly Option[];
  /** the values of the checked options */
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
  inline?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A gov.br checkbox group ("select all that apply") in a fieldset, with its hint and inline error. */
export function CheckboxGroup({ id, legend, name, options, value, onChange, onBlur, error, hint, disabled, inline, ref }: CheckboxGroupProps) {
  const { hintId, errorId, describedBy } = describedByOf(id, hint, error);
  const toggle = (v: string, checked: boolean) => {
    const others = value.filter((x) => x !== v);
    // Keep the options' order, whatever the order of the clicks.
    const next = checked ? options.map((o) => o.value).filter((x) => x === v || others.includes(x)) : others;
    onChange(next);
  };
  return (
    <fieldset className={`field${error ? ' danger' : ''}`} aria-describedby={describedBy} id={`${id}-grupo`}>
      <legend>{legend}</legend>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldErrorMessage id={errorId} message={error} />
      <div className={`choice-options${inline ? ' inline' : ''}`}>
        {options.map((o, i) => {
          const inputId = i === 0 ? id : `${id}-${o.value}`;
          return (
            <div key={o.value} className={`br-checkbox${error ? ' invalid' : ''}`}>
              <input
                type="checkbox"
                id={inputId}
                name={name}
                value={o.value}
                ref={i === 0 ? ref : undefined}
                checked={value.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
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
