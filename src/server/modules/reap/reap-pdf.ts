import { formatarDataHora } from '../../../shared/datas';
import { gerarPdfRgp, linhaRotulada } from '../../lib/pdf-rgp';
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
  return gerarPdfRgp({
    titulo: `REAP ${d.anoReferencia} – 2ª via`, assunto: 'Comprovante de envio da REAP',
    margem: 50, fonte: { tamanho: 10, entrelinha: 1.2 }, espacoAposCabecalho: 16, emitidoEm: d.emitidoEm,
    conteudo: [
      { text: 'Relatório de Exercício da Atividade Pesqueira – REAP', bold: true, fontSize: 15, alignment: 'center' },
      { text: `Comprovante de envio – 2ª via – ano de referência ${d.anoReferencia}`, alignment: 'center', margin: [0, 4, 0, 16] },
      {
        table: {
          widths: [170, '*'],
          body: [
            linhaRotulada('Nome do pescador', d.nomePescador),
            linhaRotulada('CPF', d.cpfMascarado),
            linhaRotulada('Número do RGP', d.numeroRgp),
            linhaRotulada('Ano de referência', String(d.anoReferencia)),
            linhaRotulada('Categoria', d.categoria),
            linhaRotulada('Protocolo', d.numeroProtocolo),
            linhaRotulada('Data de envio', `${formatarDataHora(d.enviadaEm)} (horário de Brasília)`),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: 'O que foi declarado', bold: true, fontSize: 12, margin: [0, 16, 0, 6] },
      {
        table: { widths: [170, '*'], body: d.declarado.map((x) => linhaRotulada(x.rotulo, x.valor)) },
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
  });
}
