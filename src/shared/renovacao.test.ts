import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { lerRenovacao, type RespostaRenovacao } from './renovacao';
import { refreshResposta } from './schemas/auth';
import { envelopeOf } from './schemas/envelope';

/**
 * The web's transport reads the refresh's answer without zod (decision 0065); the server answers it, and the OpenAPI
 * document prints it, with the schema. The two must take and refuse the same answers and read the same values.
 */
const AMOSTRAS: unknown[] = [
  { codigo: 200, mensagem: 'Token renovado', dados: { token: 'a.b.c' } },
  { codigo: 200, mensagem: '', dados: { token: '' } },
  { codigo: 200, mensagem: 'ok', dados: { token: 'a.b.c', extra: 1 }, sobra: true },
  { codigo: 200.5, mensagem: 'ok', dados: { token: 'a.b.c' } },
  { codigo: '200', mensagem: 'ok', dados: { token: 'a.b.c' } },
  { codigo: 200, dados: { token: 'a.b.c' } },
  { codigo: 200, mensagem: 'ok', dados: { token: 42 } },
  { codigo: 200, mensagem: 'ok', dados: {} },
  { codigo: 200, mensagem: 'ok', dados: null },
  { codigo: 200, mensagem: 'ok', dados: 'a.b.c' },
  { codigo: 200, mensagem: 'ok' },
  { codigo: Number.NaN, mensagem: 'ok', dados: { token: 'a' } },
  { codigo: Number.POSITIVE_INFINITY, mensagem: 'ok', dados: { token: 'a' } },
  [],
  'a.b.c',
  null,
  undefined,
];

describe('lerRenovacao', () => {
  const esquema = envelopeOf(refreshResposta);

  it.each(AMOSTRAS.map((amostra, i) => [i, amostra]))('reads sample %i as the schema does', (_, amostra) => {
    const lido = esquema.safeParse(amostra);
    expect(lerRenovacao(amostra)).toEqual(lido.success ? lido.data : null);
  });

  it('has the schema\'s type', () => {
    expectTypeOf<z.output<typeof refreshResposta>>().toEqualTypeOf<RespostaRenovacao>();
  });
});
