import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cpfComDigitos, isValidCpf } from './cpf';
import { erroCampo, errosDeIssues, lerErroCampo } from './erros-campo';

describe('field errors on the wire', () => {
  it('writes one campo: mensagem per issue, the body as corpo', () => {
    const r = z.object({ endereco: z.object({ cep: z.string() }), lista: z.array(z.number()) }).safeParse({ endereco: {}, lista: ['x'] });
    expect(r.success).toBe(false);
    const erros = errosDeIssues(r.error!.issues);
    expect(erros).toHaveLength(2);
    expect(erros[0]).toMatch(/^endereco\.cep: \S/);
    expect(erros[1]).toMatch(/^lista\.0: \S/);
    expect(errosDeIssues([{ path: [], message: 'Corpo inválido' }])).toEqual(['corpo: Corpo inválido']);
  });

  it('reads back what it writes, brackets as dots, and plain messages without a field', () => {
    expect(lerErroCampo(erroCampo('apoio.0.cnpj', 'CNPJ inválido'))).toEqual({ campo: 'apoio.0.cnpj', mensagem: 'CNPJ inválido' });
    expect(lerErroCampo('lista[2].nome: Obrigatório')).toEqual({ campo: 'lista.2.nome', mensagem: 'Obrigatório' });
    expect(lerErroCampo('  Insira todos os documentos obrigatórios ')).toEqual({ campo: '', mensagem: 'Insira todos os documentos obrigatórios' });
  });
});

describe('cpfComDigitos', () => {
  it('computes the check digits of 9 base digits', () => {
    expect(cpfComDigitos('123456789')).toBe('12345678909');
    expect(cpfComDigitos(100000001)).toBe('10000000108');
    expect(cpfComDigitos(1)).toBe('00000000191');
    for (let n = 800_000_000; n < 800_000_050; n++) expect(isValidCpf(cpfComDigitos(n))).toBe(true);
  });
});
