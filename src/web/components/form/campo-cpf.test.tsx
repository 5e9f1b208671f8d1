import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CampoCpf, mascararCpf } from './campo-cpf';

const definirValor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;

/** What the browser does on an edit: the new text and the caret, then the input event. */
function editar(input: HTMLInputElement, valor: string, cursor = valor.length) {
  definirValor.call(input, valor);
  input.setSelectionRange(cursor, cursor);
  fireEvent.input(input);
}

/** Types character by character, as a user would, the cursor at the end. */
function digitar(input: HTMLInputElement, texto: string) {
  for (const ch of texto) editar(input, input.value + ch);
}

function campo(error?: string) {
  render(<CampoCpf id="campo" label="CPF" hint="Somente números" error={error} />);
  const input = screen.getByLabelText('CPF') as HTMLInputElement;
  input.focus();
  return input;
}

describe('the light CPF field', () => {
  it('masks as typed, a separator once a digit follows it', () => {
    expect(['', '1', '123', '1234', '123456789', '1234567890', '12345678909'].map(mascararCpf)).toEqual([
      '', '1', '123', '123.4', '123.456.789', '123.456.789-0', '123.456.789-09',
    ]);
    const input = campo();
    digitar(input, '12345678909');
    expect(input.value).toBe('123.456.789-09');
  });

  it('ignores letters and extra digits; a pasted CPF, masked or not, is kept whole', () => {
    const input = campo();
    digitar(input, 'ab1c2');
    expect(input.value).toBe('12');
    digitar(input, '3456789099999');
    expect(input.value).toBe('123.456.789-09');
    editar(input, '');
    editar(input, '123.456.789-09');
    expect(input.value).toBe('123.456.789-09');
    editar(input, '');
    editar(input, '1234567890955');
    expect(input.value).toBe('123.456.789-09');
  });

  it('keeps the caret after the same digits; a digit typed in a full CPF is refused', () => {
    const input = campo();
    digitar(input, '12356789');
    // "4" typed after "123"
    editar(input, '1234.567.89', 4);
    expect(input.value).toBe('123.456.789');
    expect(input.selectionStart).toBe(5);
    digitar(input, '09');
    editar(input, '1253.456.789-09', 3);
    expect(input.value).toBe('123.456.789-09');
    expect(input.selectionStart).toBe(2);
  });

  it('deleting a separator only moves the caret over it', () => {
    const input = campo();
    digitar(input, '1234');
    // Backspace after "123.": the dot goes, and comes back before the caret moves on.
    editar(input, '1234', 3);
    expect(input.value).toBe('123.4');
    expect(input.selectionStart).toBe(3);
    editar(input, '12.4', 2);
    expect(input.value).toBe('124');
    expect(input.selectionStart).toBe(2);
  });

  it('has a visible label, a hint, a numeric keyboard, and no invalid state without an error', () => {
    const input = campo();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('campo-dica');
    expect(document.getElementById('campo-dica')?.textContent).toBe('Somente números');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('off');
  });

  it('links the inline error message with aria-invalid and aria-describedby', () => {
    const input = campo('CPF inválido');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual(['campo-dica', 'campo-erro']);
    expect(document.getElementById('campo-erro')?.textContent).toBe('CPF inválido');
    expect(input.closest('.br-input')?.classList.contains('danger')).toBe(true);
  });
});
