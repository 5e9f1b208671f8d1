import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary';

describe('ErrorSummary', () => {
  it('renders nothing without errors', () => {
    const { container } = render(<ErrorSummary errors={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('is focused, titled "Existem erros no formulário", and links each error to its field', () => {
    render(
      <>
        <ErrorSummary
          errors={[
            { field: 'cpf', message: 'Informe o CPF' },
            { field: 'cep', message: 'Informe o CEP' },
          ]}
        />
        <label htmlFor="cpf">CPF</label>
        <input id="cpf" />
        <label htmlFor="cep">CEP</label>
        <input id="cep" />
      </>,
    );

    const title = screen.getByRole('heading', { level: 2, name: 'Existem erros no formulário' });
    const box = title.closest('.error-summary');
    expect(document.activeElement).toBe(box);
    expect(box?.getAttribute('aria-labelledby')).toBe(title.id);

    const links = screen.getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Informe o CPF', '#cpf'],
      ['Informe o CEP', '#cep'],
    ]);

    fireEvent.click(screen.getByRole('link', { name: 'Informe o CEP' }));
    expect(document.activeElement).toBe(screen.getByLabelText('CEP'));
  });
});
