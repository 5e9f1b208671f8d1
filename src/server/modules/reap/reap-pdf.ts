import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatarDataHora } from '../../../shared/datas';
import { pdfmake } from '../../lib/pdfmake';

export interface DadosComprovanteReap {
  nomePescador: string;
  cpfMascarado: string;
  /** As displayed ('PA-PA-00000000042'), or '—'. */
  numeroRgp: string;
  anoReferencia: number;
  categoria: string;
  numeroProtocolo: string;
  enviadaEm: Date;
  codigoVerificacao: string;
  /** What was declared, label and value, in the form's order. */
  declarado: { rotulo: string; valor: string }[];
  emitidoEm: Date;
}

/** The REAP receipt ("2ª via"): the fisher, RGP number, year, category, what was declared, when it was sent, a code. */
export async function gerarComprovanteReapPdf(d: DadosComprovanteReap): Promise<Buffer> {
  const linha = (rotulo: string, valor: string): Content[] => [{ text: rotulo, bold: true, color: '#333333' }, { text: valor }];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 60],
    info: { title: `REAP ${d.anoReferencia} – 2ª via`, subject: 'Comprovante de envio da REAP', author: 'RGP', creator: 'RGP', producer: 'RGP' },
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.2 },
    content: [
      { text: 'MINISTÉRIO DA PESCA E AQUICULTURA', bold: true, alignment: 'center', fontSize: 12 },
      { text: 'Registro Geral da Atividade Pesqueira – RGP', alignment: 'center', margin: [0, 2, 0, 16] },
      { text: 'Relatório de Exercício da Atividade Pesqueira – REAP', bold: true, fontSize: 15, alignment: 'center' },
      { text: `Comprovante de envio – 2ª via – ano de referência ${d.anoReferencia}`, alignment: 'center', margin: [0, 4, 0, 16] },
      {
        table: {
          widths: [170, '*'],
          body: [
            linha('Nome do pescador', d.nomePescador),
            linha('CPF', d.cpfMascarado),
            linha('Número do RGP', d.numeroRgp),
            linha('Ano de referência', String(d.anoReferencia)),
            linha('Categoria', d.categoria),
            linha('Protocolo', d.numeroProtocolo),
            linha('Data de envio', `${formatarDataHora(d.enviadaEm)} (horário de Brasília)`),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: 'O que foi declarado', bold: true, fontSize: 12, margin: [0, 16, 0, 6] },
      {
        table: { widths: [170, '*'], body: d.declarado.map((x) => linha(x.rotulo, x.valor)) },
        layout: 'lightHorizontalLines',
      },
      { text: 'Código de verificação', bold: true, alignment: 'center', margin: [0, 24, 0, 4] },
      { text: d.codigoVerificacao, alignment: 'center', fontSize: 16, characterSpacing: 2 },
      {
        text: 'Guarde este código: ele identifica este envio junto ao Ministério da Pesca e Aquicultura.',
        alignment: 'center', fontSize: 9, margin: [0, 4, 0, 0],
      },
    ],
    footer: (): Content => ({
      text: `Emitido em ${formatarDataHora(d.emitidoEm)} pelo Sistema do Registro Geral da Atividade Pesqueira.`,
      alignment: 'center', fontSize: 8, color: '#555555', margin: [50, 20, 50, 0],
    }),
  };
  return pdfmake().createPdf(doc).getBuffer();
}
