import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfComDigitos, formatCpf } from '../../../shared/cpf';
import { MENSAGENS_RELATORIO } from '../../../shared/schemas/relatorio';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';

/**
 * Issue 21, section 3: a CPF filter that cannot be a CPF (11 digits with wrong check digits) is a field error with
 * the report's message, in the count and on emitting; it never emits an empty file "com sucesso".
 */

let t: TestApp;
let gestor: Sessao;

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(t.app, '10000000108');
});
afterAll(async () => {
  await t?.close();
});

const valido = cpfComDigitos('901000001');
const digitoErrado = `${valido.slice(0, 10)}${(Number(valido[10]) + 1) % 10}`;

describe('the CPF filter', () => {
  it.each([
    ['11 digits with a wrong check digit', formatCpf(digitoErrado)],
    ['one digit repeated', '111.111.111-11'],
    ['too short', '123.456'],
  ])('refuses %s with "cpfPescador: CPF inválido", and emits nothing', async (_caso, cpf) => {
    for (const url of ['/api/pescador/relatorio/pescadores/previa', '/api/pescador/relatorio/pescadores']) {
      const res = await gestor.api({ method: 'GET', url: `${url}?cpfPescador=${encodeURIComponent(cpf)}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().erros).toEqual([`cpfPescador: ${MENSAGENS_RELATORIO.cpfInvalido}`]);
      expect(res.json().mensagem).not.toBe(MENSAGENS_RELATORIO.emitido);
    }
    const { rows } = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM relatorio_execucao');
    expect(rows[0]!.n).toBe(0);
  });

  it('takes a valid CPF, masked or not', async () => {
    for (const cpf of [valido, formatCpf(valido)]) {
      const res = await gestor.api({ method: 'GET', url: `/api/pescador/relatorio/pescadores/previa?cpfPescador=${encodeURIComponent(cpf)}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().dados.total).toBe(0);
    }
  });
});
