import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatarDataHora } from '../../shared/datas';
import { pdfmake } from './pdfmake';

/** What sets one of the product's PDFs apart from the others (protocol receipt, card, REAP receipt). */
export interface DocumentoRgp {
  titulo: string;
  assunto: string;
  /** The page's margin at the top and sides; the bottom one leaves 10 pt more, for the footer. */
  margem: number;
  fonte: { tamanho: number; entrelinha: number };
  /** The space under the registry's name, before the document's own title. */
  espacoAposCabecalho: number;
  /** What follows the ministry's heading. */
  conteudo: Content[];
  emitidoEm: Date;
}

/**
 * A PDF of the registry on A4: the ministry's and the registry's names at the top, the document's content, and
 * "Emitido em … pelo Sistema do Registro Geral da Atividade Pesqueira." at the foot of each page.
 */
export function gerarPdfRgp(d: DocumentoRgp): Promise<Buffer> {
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [d.margem, d.margem, d.margem, d.margem + 10],
    info: { title: d.titulo, subject: d.assunto, author: 'RGP', creator: 'RGP', producer: 'RGP' },
    defaultStyle: { font: 'Roboto', fontSize: d.fonte.tamanho, lineHeight: d.fonte.entrelinha },
    content: [
      { text: 'MINISTÉRIO DA PESCA E AQUICULTURA', bold: true, alignment: 'center', fontSize: 12 },
      { text: 'Registro Geral da Atividade Pesqueira – RGP', alignment: 'center', margin: [0, 2, 0, d.espacoAposCabecalho] },
      ...d.conteudo,
    ],
    footer: (): Content => ({
      text: `Emitido em ${formatarDataHora(d.emitidoEm)} pelo Sistema do Registro Geral da Atividade Pesqueira.`,
      alignment: 'center', fontSize: 8, color: '#555555', margin: [d.margem, 20, d.margem, 0],
    }),
  };
  return pdfmake().createPdf(doc).getBuffer();
}

/** A row of a two-column table of data: the label in bold, then the value. */
export function linhaRotulada(rotulo: string, valor: string): Content[] {
  return [{ text: rotulo, bold: true, color: '#333333' }, { text: valor }];
}
