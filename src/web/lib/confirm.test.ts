import { fireEvent, screen } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { confirmar } from './confirm';

describe('confirmar', () => {
  it("asks with the specification's defaults and resolves true on 'Sim, continuar.'", async () => {
    const answer = confirmar();

    await screen.findByText('Tem certeza?');
    screen.getByText('Você não será capaz de reverter esta ação!');
    screen.getByRole('button', { name: 'Cancelar' });
    fireEvent.click(screen.getByRole('button', { name: 'Sim, continuar.' }));

    await expect(answer).resolves.toBe(true);
  });

  it("resolves false on 'Cancelar', with overridden texts", async () => {
    const answer = confirmar({ title: 'Remover servidor?', cancelButtonText: 'Voltar' });

    await screen.findByText('Remover servidor?');
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));

    await expect(answer).resolves.toBe(false);
  });
});
