import type { ReactNode, Ref } from 'react';
import { describedByOf, FieldErrorMessage, FieldHint } from './field-parts';
import type { Option } from './select-field';

export interface GrupoOpcoesBase {
  /** The first option's; the others get `${id}-${value}`. */
  id: string;
  legend: ReactNode;
  /** Unique in the page. */
  name: string;
  options: readonly Option[];
  onBlur?: () => void;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
  /** Short answers such as Sim/Não. */
  inline?: boolean;
  ref?: Ref<HTMLInputElement>;
}

function idDaOpcao(id: string, index: number, value: string): string {
  return index === 0 ? id : `${id}-${value}`;
}

/** The error is tied to the fieldset; react-hook-form's ref goes to the first option. */
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
