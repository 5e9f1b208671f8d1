import type { ChangeEvent, InputHTMLAttributes } from 'react';
import { onlyDigits } from '../../../shared/cpf';
import { CampoRotulado } from './field-parts';

/** A separator shows only once a digit follows it, as the masked fields show it. */
export function mascararCpf(valor: string): string {
  const d = onlyDigits(valor).slice(0, 11);
  const grupos = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join('.');
  return d.length > 9 ? `${grupos}-${d.slice(9)}` : grupos;
}

/** Keeps the caret after the same digits; deleting a separator only moves the caret over it. */
function mascararNoCampo(input: HTMLInputElement): void {
  const cursor = input.selectionStart ?? input.value.length;
  let digitos = onlyDigits(input.value);
  let antes = onlyDigits(input.value.slice(0, cursor)).length;
  const excesso = digitos.length - 11;
  if (excesso > 0) {
    antes = Math.max(0, antes - excesso);
    digitos = digitos.slice(0, antes) + digitos.slice(antes + excesso);
  }
  const valor = mascararCpf(digitos);
  if (valor !== input.value) input.value = valor;
  let posicao = 0;
  for (let vistos = 0; vistos < antes; posicao++) if (/\d/.test(valor[posicao]!)) vistos++;
  if (input.ownerDocument.activeElement === input) input.setSelectionRange(posicao, posicao);
}

export interface CampoCpfProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'autoComplete'> {
  /** id of the input: the label's target and the error summary's link target */
  id: string;
  label: string;
  hint?: string;
  /** inline error message; marks the input invalid */
  error?: string | undefined;
  /** after each change, once the value is masked */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A light CPF field for the public pages: the forms' CPF field without the mask library. Uncontrolled: read the
 * value from the form on submit.
 */
export function CampoCpf({ id, label, hint, error, name, autoComplete = 'off', onChange }: CampoCpfProps) {
  const mudar = (event: ChangeEvent<HTMLInputElement>) => {
    mascararNoCampo(event.currentTarget);
    onChange?.(event);
  };
  return (
    <CampoRotulado id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <input type="text" id={id} name={name ?? id} inputMode="numeric" autoComplete={autoComplete} onChange={mudar} {...aria} />
      )}
    </CampoRotulado>
  );
}
