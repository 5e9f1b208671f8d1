import type { ReactNode, Ref } from 'react';
import { describedByOf, FieldErrorMessage, FieldHint } from './field-parts';
import type { Option } from './select-field';

/** What a radio group and a checkbox group both take. */
export interface GrupoOpcoesBase {
  /** id of the first option (the error summary's link target); the others get `${id}-${value}` */
  id: string;
  /** the question */
  legend: ReactNode;
  /** the options' shared name; unique in the page */
  name: string;
  options: readonly Option[];
  onBlur?: () => void;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
  /** options side by side (short answers such as Sim/Não) */
  inline?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** The id of an option: the group's for the first, `${id}-${value}` for the others. */
function idDaOpcao(id: string, index: number, value: string): string {
  return index === 0 ? id : `${id}-${value}`;
}

/**
 * A gov.br group of radios or checkboxes in a fieldset whose legend is the question, with its hint and inline
 * error (tied to the fieldset), each option labelled; react-hook-form's ref goes to the first option.
 */
export function GrupoOpcoes({
  tipo, id, legend, name, options, marcado, aoMarcar, onBlur, error, hint, disabled, inline, ref,
}: GrupoOpcoesBase & {
  tipo: 'radio' | 'checkbox';
  marcado: (value: string) => boolean;
  aoMarcar: (value: string, checked: boolean) => void;
}) {
  const { hintId, errorId, describedBy } = describedByOf(id, hint, error);
  return (
    <fieldset className={`field${error ? ' danger' : ''}`} aria-describedby={describedBy} id={`${id}-grupo`}>
      <legend>{legend}</legend>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldErrorMessage id={errorId} message={error} />
      <div className={`choice-options${inline ? ' inline' : ''}`}>
        {options.map((o, i) => {
          const inputId = idDaOpcao(id, i, o.value);
          return (
            <div key={o.value} className={`br-${tipo}${error ? ' invalid' : ''}`}>
              <input
                type={tipo}
                id={inputId}
                name={name}
                value={o.value}
                ref={i === 0 ? ref : undefined}
                checked={marcado(o.value)}
                onChange={(e) => aoMarcar(o.value, e.target.checked)}
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
