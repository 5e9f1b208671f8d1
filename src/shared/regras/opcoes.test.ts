import { describe, expect, it } from 'vitest';
import type { TotalizadoresPescador } from '../schemas/totalizadores';
import { podeRecadastramento, podeRegistroComProtocolo } from './opcoes';

const zero: TotalizadoresPescador = { rascunhos: 0, enviadas: 0, deferidas: 0, finalizadas: 0, emAnalise: 0, emAtualizacao: 0, todas: 0 };

describe('options of the fisher (spec point 4)', () => {
  it('enables registration with protocol when all counters are zero or a deferred exists, never beside a sent one', () => {
    expect(podeRegistroComProtocolo(zero)).toBe(true);
    expect(podeRegistroComProtocolo({ ...zero, deferidas: 1, todas: 1 })).toBe(true);
    expect(podeRegistroComProtocolo({ ...zero, rascunhos: 1, todas: 1 })).toBe(false);
    expect(podeRegistroComProtocolo({ ...zero, deferidas: 1, enviadas: 1, todas: 2 })).toBe(false);
  });

  it('enables re-registration when every counter except finalizadas is zero', () => {
    expect(podeRecadastramento(zero)).toBe(true);
    expect(podeRecadastramento({ ...zero, finalizadas: 3, todas: 3 })).toBe(true);
    expect(podeRecadastramento({ ...zero, rascunhos: 1, todas: 1 })).toBe(false);
    expect(podeRecadastramento({ ...zero, deferidas: 1, todas: 1 })).toBe(false);
  });
});
