import { carregarQrCode } from '../../lib/sob-demanda';
import { formatarDataHora } from '../../../shared/datas';
import { gerarPdfRgp, linhaRotulada } from '../../lib/pdf-rgp';

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
  return gerarPdfRgp({
    titulo: `Protocolo ${d.numeroProtocolo}`, assunto: 'Comprovante de protocolo de solicitação',
    margem: 50, fonte: { tamanho: 11, entrelinha: 1.2 }, espacoAposCabecalho: 24, emitidoEm: d.emitidoEm,
    conteudo: [
      { text: 'Comprovante de protocolo de solicitação', bold: true, fontSize: 16, alignment: 'center', margin: [0, 0, 0, 20] },
      {
        table: {
          widths: [150, '*'],
          body: [
            linhaRotulada('Número do protocolo', d.numeroProtocolo),
            linhaRotulada('Data de envio', `${formatarDataHora(d.enviadaEm)} (horário de Brasília)`),
            linhaRotulada('Tipo de solicitação', d.tipoDescricao),
            linhaRotulada('Situação', d.situacaoDescricao),
            linhaRotulada('Nome do pescador', d.nomePescador),
            linhaRotulada('CPF', d.cpfMascarado),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { image: qr, width: 150, alignment: 'center', margin: [0, 32, 0, 8], link: d.enderecoVerificacao },
      { text: 'Confira a autenticidade deste comprovante lendo o código QR.', alignment: 'center', fontSize: 9 },
      { text: 'Sem leitor de código QR, consulte a solicitação pelo número do protocolo em:', alignment: 'center', fontSize: 9 },
      { text: d.enderecoConsulta, alignment: 'center', fontSize: 9, color: '#1351b4', link: d.enderecoConsulta },
    ],
  });
}
