import { describe, expect, it } from 'vitest';
import { contar } from './plural';

describe('contar', () => {
  it('agrees in number: singular for 1 only, with the digits grouped as in Brazil', () => {
    expect(contar(1, 'criada', 'criadas')).toBe('1 criada');
    expect(contar(0, 'criada', 'criadas')).toBe('0 criadas');
    expect(contar(2, 'pescador avisado', 'pescadores avisados')).toBe('2 pescadores avisados');
    expect(contar(956217, 'criada', 'criadas')).toBe('956.217 criadas');
  });
});
