import { describe, expect, it } from 'vitest';
import '../zod-pt';
import { ID_MAXIMO, id, idCoagido, MENSAGEM_TEXTO_INVALIDO, texto, textoValido } from './primitivos';

describe('texto', () => {
  it('refuses NUL and unpaired surrogates, and keeps every real character (pairs included)', () => {
    for (const v of ['JOSE\u0000X', '\u0000', '\ud800', 'a\udfffb', 'x\ud83d', '\udc00\ud800']) expect(textoValido(v)).toBe(false);
    for (const v of ['', 'José da Silva', 'Pirarucu 🐟', '𝔘', 'ção\tnova\nlinha', '\u202e']) expect(textoValido(v)).toBe(true);
  });

  it("answers 'Texto com caracteres inválidos' and composes with the rules chained onto it", () => {
    const nome = texto({ error: 'Campo obrigatório' }).trim().min(3).max(5);
    expect(nome.safeParse('JOSE\u0000X').error?.issues.map((i) => i.message)).toContain(MENSAGEM_TEXTO_INVALIDO);
    expect(nome.safeParse('a\ud800b').error?.issues[0]?.message).toBe(MENSAGEM_TEXTO_INVALIDO);
    expect(nome.safeParse(undefined).error?.issues[0]?.message).toBe('Campo obrigatório');
    expect(nome.parse('  ana  ')).toBe('ana');
  });
});

describe('id', () => {
  it('accepts 1 … 2^31 − 1 and refuses what a PostgreSQL integer cannot hold', () => {
    expect(id().parse(1)).toBe(1);
    expect(id().parse(ID_MAXIMO)).toBe(ID_MAXIMO);
    for (const v of [0, -1, 2 ** 31, 1.5, Infinity, Number.NaN, '1', null]) expect(id().safeParse(v).success).toBe(false);
    expect(id({ obrigatorio: 'Campo obrigatório', invalido: 'Valor inválido' }).safeParse(2 ** 31).error?.issues[0]?.message).toBe('Valor inválido');
  });

  it('coerces the text of a path, a query or a form, with the same range', () => {
    expect(idCoagido().parse('42')).toBe(42);
    for (const v of ['2147483648', '-1', '1e309', 'abc', '', '1.5', 'Infinity']) expect(idCoagido().safeParse(v).success).toBe(false);
  });
});
