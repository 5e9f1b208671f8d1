import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MaskedField } from './masked-field';
import type { MaskName } from './masks';

function Harness({ mask, label, error }: { mask: MaskName; label: string; error?: string }) {
  const [value, setValue] = useState('');
  const [unmasked, setUnmasked] = useState('');
  return (
    <>
      <MaskedField
        id="campo"
        label={label}
        mask={mask}
        value={value}
        onChange={(v, u) => {
          setValue(v);
          setUnmasked(u);
        }}
        error={error}
        hint="Somente números"
      />
      <output aria-label="valor com máscara">{value}</output>
      <output aria-label="valor sem máscara">{unmasked}</output>
    </>
  );
}

/** Types character by character, as a user would, the cursor at the end. */
function type(input: HTMLInputElement, text: string) {
  for (const ch of text) {
    fireEvent.keyDown(input, { key: ch });
    fireEvent.input(input, { target: { value: input.value + ch } });
  }
}

function field(mask: MaskName, label: string, error?: string) {
  render(<Harness mask={mask} label={label} error={error} />);
  return screen.getByLabelText(label) as HTMLInputElement;
}

describe('masks of spec point 5', () => {
  it.each<[MaskName, string, string, string, string]>([
    ['cpf', 'CPF', '12345678909', '123.456.789-09', '12345678909'],
    ['processo', 'Número do processo', '12345123456202401', '12345.123456/2024-01', '12345123456202401'],
    ['telefone', 'Telefone', '11987654321', '(11) 98765-4321', '11987654321'],
    ['cep', 'CEP', '70040020', '70 040-020', '70040020'],
    ['cnpj', 'CNPJ', '12345678000195', '12.345.678/0001-95', '12345678000195'],
  ])('%s: typing %s shows %s', (mask, label, typed, shown, raw) => {
    const input = field(mask, label);
    type(input, typed);
    expect(input.value).toBe(shown);
    expect(screen.getByLabelText('valor sem máscara').textContent).toBe(raw);
  });

  it('ignores letters and extra digits', () => {
    const input = field('cpf', 'CPF');
    type(input, 'ab1c2');
    expect(input.value).toBe('12');
    type(input, '3456789099999');
    expect(input.value).toBe('123.456.789-09');
  });

  it('money: R$, dot thousands, comma decimals, completed to 2 decimals on leaving the field', () => {
    const input = field('dinheiro', 'Preço do quilo');
    type(input, '1234,5');
    expect(input.value).toBe('R$ 1.234,5');
    fireEvent.blur(input);
    expect(input.value).toBe('R$ 1.234,50');
    // The form state follows what is shown; the unmasked value is a plain dot-decimal number.
    expect(screen.getByLabelText('valor com máscara').textContent).toBe('R$ 1.234,50');
    expect(screen.getByLabelText('valor sem máscara').textContent).toBe('1234.5');
  });

  it('money: a dot typed as decimal separator becomes a comma', () => {
    const input = field('dinheiro', 'Preço do quilo');
    type(input, '12.3');
    expect(input.value).toBe('R$ 12,3');
  });

  it('weight: comma decimals, at most 3 decimals', () => {
    const input = field('peso', 'Total pescado (kg)');
    type(input, '12,34567');
    expect(input.value).toBe('12,345');
    expect(screen.getByLabelText('valor sem máscara').textContent).toBe('12.345');
  });
});

describe('masked field changes', () => {
  it('reports no change when it mounts with a value, only the user\'s changes', () => {
    const onChange = vi.fn();
    render(<MaskedField id="total" label="Quantidade pescada (kg)" mask="peso" value="12,5" onChange={onChange} />);
    const input = screen.getByLabelText('Quantidade pescada (kg)') as HTMLInputElement;
    expect(input.value).toBe('12,5');
    expect(onChange).not.toHaveBeenCalled();
    type(input, '6');
    expect(onChange.mock.calls).toEqual([['12,56', '12.56']]);
  });
});

describe('masked field accessibility', () => {
  it('has a visible label, a hint, and no invalid state without an error', () => {
    const input = field('cpf', 'CPF');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('campo-dica');
    expect(document.getElementById('campo-dica')?.textContent).toBe('Somente números');
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it('links the inline error message with aria-invalid and aria-describedby', () => {
    const input = field('cpf', 'CPF', 'Informe um CPF válido');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toContain('campo-erro');
    expect(document.getElementById('campo-erro')?.textContent).toBe('Informe um CPF válido');
    expect(input.closest('.br-input')?.classList.contains('danger')).toBe(true);
  });
});
