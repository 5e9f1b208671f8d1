import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TipoDocumento } from '../../../shared/enums';
import { MENSAGENS_ARQUIVO } from '../../../shared/regras/arquivos';
import { aceitarConteudo, temConteudoAtivo } from './documento.conteudo';
import { pdf } from './documento.fixtures';

/** A PDF whose only object stream (FlateDecode) holds `dicionario`, as PDF 1.5 writers pack objects. */
function pdfComObjetoComprimido(dicionario: string): Buffer {
  const comprimido = zlib.deflateSync(Buffer.from(`5 0 ${dicionario}`, 'latin1'));
  const stream = `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${comprimido.length} >>\nstream\n`;
  const base = pdf('comprimido').toString('latin1');
  const corte = base.indexOf('xref');
  return Buffer.concat([
    Buffer.from(`${base.slice(0, corte)}6 0 obj\n${stream}`, 'latin1'), comprimido,
    Buffer.from(`\nendstream\nendobj\n${base.slice(corte)}`, 'latin1'),
  ]);
}

describe('PDFs with active content are refused at upload', () => {
  it.each([
    ['JavaScript run on opening', pdf('a', { catalogo: '/OpenAction 5 0 R ', extras: ['<< /S /JavaScript /JS (app.alert(1)) >>'] })],
    ['a launch action', pdf('a', { catalogo: '/OpenAction << /S /Launch /F (cmd.exe) >> ' })],
    ['an attached file', pdf('a', { catalogo: '/Names << /EmbeddedFiles << /Names [(x.exe) 5 0 R] >> >> ' })],
    ['an XFA form', pdf('a', { catalogo: '/AcroForm << /XFA 5 0 R >> ' })],
    ['a name spelled with #xx escapes', pdf('a', { catalogo: '/OpenAction << /S /J#61va#53cript /JS (x) >> ' })],
    ['JavaScript hidden in a compressed object stream', pdfComObjetoComprimido('<< /S /JavaScript /JS (app.alert(1)) >>')],
  ])('%s', async (_, bytes) => {
    expect(temConteudoAtivo(bytes)).toBe(true);
    await expect(aceitarConteudo(TipoDocumento.IDENTIFICACAO, bytes)).rejects.toMatchObject({ codigo: 400, message: MENSAGENS_ARQUIVO.pdfAtivo });
  });

  it('accepts plain PDFs, including ones with a harmless opening action, compressed streams and names like /JSON', async () => {
    for (const bytes of [
      pdf('identidade'),
      pdf('a', { catalogo: '/OpenAction [3 0 R /Fit] /PageMode /UseNone ' }),
      pdf('a', { catalogo: '/Metadata << /JSON (x) /JSTest 1 >> ' }),
      pdfComObjetoComprimido('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    ]) {
      expect(temConteudoAtivo(bytes)).toBe(false);
      await expect(aceitarConteudo(TipoDocumento.IDENTIFICACAO, bytes)).resolves.toMatchObject({ mime: 'application/pdf' });
    }
  });
});
