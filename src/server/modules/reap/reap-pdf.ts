import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatarDataHora } from '../../../shared/datas';
import { pdfmake } from '../../lib/pdfmake';
import { carregarQrCode } from '../../lib/sob-demanda';

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
  /** The address the QR code opens: the public check of this send (signed code, decision 0044). */
  enderecoVerificacao: string;
  /** The public check's page, printed under the QR code. */
  enderecoPortal: string;
  /** What was declared, label and value, in the form's order. */
  declarado: { rotulo: string; valor: string }[];
  emitidoEm: Date;
}

/**
 * The REAP receipt ("2ª via"): the fisher, RGP number, year, category, what was declared, when it was sent, its
 * code, and a QR code that opens the public check of this send.
 */
export async function gerarComprovanteReapPdf(d: DadosComprovanteReap): Promise<Buffer> {
  const qr = await (await carregarQrCode()).toDataURL(d.enderecoVerificacao, { errorCorrectionLevel: 'M', margin: 1, scale: 6 });
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
      {
        // The code and its QR side by side, so that a long declaration still leaves them on the first page.
        margin: [0, 20, 0, 0],
        columns: [
          {
            width: '*',
            stack: [
              { text: 'Código de verificação', bold: true, margin: [0, 8, 0, 4] },
              { text: d.codigoVerificacao, fontSize: 16, characterSpacing: 2 },
              {
                text: 'Guarde este código: ele identifica este envio junto ao Ministério da Pesca e Aquicultura.',
                fontSize: 9, margin: [0, 4, 0, 8],
              },
              { text: 'Confira a autenticidade deste comprovante lendo o código QR ao lado, que abre a verificação do envio em:', fontSize: 9 },
              { text: d.enderecoPortal, fontSize: 9, color: '#1351b4' },
            ],
          },
          { width: 120, image: qr, fit: [120, 120], link: d.enderecoVerificacao },
        ],
        columnGap: 16,
      },
    ],
    footer: (): Content => ({
      text: `Emitido em ${formatarDataHora(d.emitidoEm)} pelo Sistema do Registro Geral da Atividade Pesqueira.`,
      alignment: 'center', fontSize: 8, color: '#555555', margin: [50, 20, 50, 0],
    }),
  };
  return pdfmake().createPdf(doc).getBuffer();
}
