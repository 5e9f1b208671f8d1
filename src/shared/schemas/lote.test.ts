import { describe, expect, it } from 'vitest';
import { cpfsDoTexto, linhasDoTexto } from './lote';

// How a batch file (or the manual list) is read (issue 21, decision 0043): every line that holds something is a
// line of the batch, numbered as the file numbers it; blank lines and a heading are skipped but still counted.
describe('linhasDoTexto', () => {
  it('numbers every line as the file does, keeps lines without digits, skips blanks and a heading', () => {
    const arquivo = '\uFEFFCPF;nome\r\n123.456.789-09;ANA\r\n\r\nabc\r\n98765432100\r\n;;\r\n  \r\n12345\r\n"111.444.777-35"\r\n';
    expect(linhasDoTexto(arquivo)).toEqual([
      { linha: 2, informado: '123.456.789-09' },
      { linha: 4, informado: 'abc' },
      { linha: 5, informado: '98765432100' },
      { linha: 8, informado: '12345' },
      { linha: 9, informado: '111.444.777-35' },
    ]);
  });

  it('takes a first line without digits as a heading only when it names the CPF', () => {
    expect(linhasDoTexto('abc\n12345678909')).toEqual([{ linha: 1, informado: 'abc' }, { linha: 2, informado: '12345678909' }]);
    expect(linhasDoTexto('\n\ncpf do pescador\n12345678909')).toEqual([{ linha: 4, informado: '12345678909' }]);
    // Only the first line that holds something may be a heading.
    expect(linhasDoTexto('12345678909\ncpf')).toEqual([{ linha: 1, informado: '12345678909' }, { linha: 2, informado: 'cpf' }]);
  });

  it('keeps what a line holds when its first cell is empty, and at most 20 characters of it', () => {
    expect(linhasDoTexto(';12345678909\nFulano de Tal da Silva Sauro\r')).toEqual([
      { linha: 1, informado: ';12345678909' },
      { linha: 2, informado: 'Fulano de Tal da Sil' },
    ]);
  });

  it('reads old Mac line breaks too', () => {
    expect(linhasDoTexto('12345678909\rabc\r\r98765432100')).toEqual([
      { linha: 1, informado: '12345678909' }, { linha: 2, informado: 'abc' }, { linha: 4, informado: '98765432100' },
    ]);
  });

  it('gives the manual list the same lines, without their numbers', () => {
    expect(cpfsDoTexto(' 123.456.789-09 \n\nabc\n')).toEqual(['123.456.789-09', 'abc']);
  });
});
