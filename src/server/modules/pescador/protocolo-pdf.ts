import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { carregarQrCode } from '../../lib/sob-demanda';
import { formatarDataHora } from '../../../shared/datas';
import { pdfmake } from '../../lib/pdfmake';

export interface DadosProtocolo {
  numeroProtocolo: string;
  enviadaEm: Date;
  tipoDescricao: string;
  situacaoDescricao: string;
  nomePescador: string;
  cpfMascarado: string;
  /** The address the QR code opens: the check of this receipt's signed code (decision 0044). */
  enderecoVerificacao: string;
  /** Where anyone may check a protocol by hand, typing its number (the captcha lookup; printed, not in the QR). */
  enderecoConsulta: string;
  emitidoEm: Date;
}

/** The receipt of a sent request: protocol number, submission time (São Paulo), type, fisher, masked CPF, QR code. */
export async function gerarProtocoloPdf(d: DadosProtocolo): Promise<Buffer> {
  const qr = await (await carregarQrCode()).toDataURL(d.enderecoVerificacao, { errorCorrectionLevel: 'M', margin: 1, scale: 6 });
  const linha = (rotulo: string, valor: string): Content[] => [
    { text: rotulo, bold: true, color: '#333333' },
    { text: valor },
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 60],
    info: {
      title: `Protocolo ${d.numeroProtocolo}`,
      subject: 'Comprovante de protocolo de solicitação',
      author: 'RGP',
      creator: 'RGP',
      producer: 'RGP',
    },
    defaultStyle: { font: 'Roboto', fontSize: 11, lineHeight: 1.2 },
    content: [
      { text: 'MINISTÉRIO DA PESCA E AQUICULTURA', bold: true, alignment: 'center', fontSize: 12 },
      { text: 'Registro Geral da Atividade Pesqueira – RGP', alignment: 'center', margin: [0, 2, 0, 24] },
      { text: 'Comprovante de protocolo de solicitação', bold: true, fontSize: 16, alignment: 'center', margin: [0, 0, 0, 20] },
      {
        table: {
          widths: [150, '*'],
          body: [
            linha('Número do protocolo', d.numeroProtocolo),
            linha('Data de envio', `${formatarDataHora(d.enviadaEm)} (horário de Brasília)`),
            linha('Tipo de solicitação', d.tipoDescricao),
            linha('Situação', d.situacaoDescricao),
            linha('Nome do pescador', d.nomePescador),
            linha('CPF', d.cpfMascarado),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { image: qr, width: 150, alignment: 'center', margin: [0, 32, 0, 8], link: d.enderecoVerificacao },
      { text: 'Confira a autenticidade deste comprovante lendo o código QR.', alignment: 'center', fontSize: 9 },
      { text: 'Sem leitor de código QR, consulte a solicitação pelo número do protocolo em:', alignment: 'center', fontSize: 9 },
      { text: d.enderecoConsulta, alignment: 'center', fontSize: 9, color: '#1351b4', link: d.enderecoConsulta },
    ],
    footer: (): Content => ({
      text: `Emitido em ${formatarDataHora(d.emitidoEm)} pelo Sistema do Registro Geral da Atividade Pesqueira.`,
      alignment: 'center', fontSize: 8, color: '#555555', margin: [50, 20, 50, 0],
    }),
  };
  return pdfmake().createPdf(doc).getBuffer();
}
