import type { CanvasElement, Content } from 'pdfmake/interfaces';
import { gerarPdfRgp } from '../../lib/pdf-rgp';
import { carregarQrCode, carregarSharp } from '../../lib/sob-demanda';

export interface DadosCarteiraPdf {
  nome: string;
  /** The full CPF, formatted: the card is the fisher's own identity document (decision 0025). */
  cpf: string;
  /** 'PA-PA-00000000042'. */
  numeroRgp: string;
  categoria: string;
  situacao: string;
  municipio: string;
  uf: string;
  /** dd/MM/yyyy, or '—'. */
  dataPrimeiroRgp: string;
  /** dd/MM/yyyy. */
  dataEmissao: string;
  foto: Buffer | null;
  enderecoVerificacao: string;
  enderecoPortal: string;
  emitidoEm: Date;
}

// ISO/IEC 7810 ID-1 (a bank card): 85.60 × 53.98 mm, in points (1 mm = 72 / 25.4 pt).
const MM = 72 / 25.4;
export const CARTAO_LARGURA = 85.6 * MM;
export const CARTAO_ALTURA = 53.98 * MM;

const AZUL = '#1351b4';
const CINZA = '#555555';
const FAIXA = 24;
const FOTO_L = 58;
const FOTO_A = (FOTO_L * 4) / 3;

/** Anything sharp cannot read gives null, and the card shows the placeholder box. */
export async function prepararFoto(bytes: Buffer | null): Promise<string | null> {
  if (!bytes) return null;
  const sharp = await carregarSharp();
  try {
    const jpeg = await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize(300, 400, { fit: 'cover', position: 'centre' })
      .jpeg({ quality: 85 })
      .toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  } catch {
    return null;
  }
}

/** Content placed at (x, y) on the page, wrapped at `largura`. */
function caixa(x: number, y: number, largura: number, conteudo: Content[], estilo: { alignment?: 'center'; color?: string } = {}): Content {
  return { absolutePosition: { x, y }, columns: [{ width: largura, stack: conteudo, ...estilo }] };
}

function campo(rotulo: string, valor: string, x: number, y: number, largura: number, tamanho = 7.5): Content {
  return caixa(x, y, largura, [
    { text: rotulo, fontSize: 5, color: CINZA, characterSpacing: 0.3 },
    { text: valor, fontSize: tamanho, bold: true, lineHeight: 1 },
  ]);
}

function faixa(x: number, y: number, linhas: Content[]): Content[] {
  return [
    { absolutePosition: { x, y }, canvas: [{ type: 'rect', x: 0, y: 0, w: CARTAO_LARGURA, h: FAIXA, color: AZUL }] },
    caixa(x, y + 3, CARTAO_LARGURA, linhas, { alignment: 'center', color: '#ffffff' }),
  ];
}

/** An A4 page with the card at its real size, front and back, to be cut out and folded. */
export async function gerarCarteiraPdf(d: DadosCarteiraPdf): Promise<Buffer> {
  const [foto, qr] = await Promise.all([
    prepararFoto(d.foto),
    carregarQrCode().then((QRCode) => QRCode.toDataURL(d.enderecoVerificacao, { errorCorrectionLevel: 'M', margin: 0, scale: 8 })),
  ]);

  const x0 = (595.28 - 2 * CARTAO_LARGURA) / 2;
  const y0 = 190;
  const xv = x0 + CARTAO_LARGURA;
  const pad = 8;

  const moldura: CanvasElement[] = [
    { type: 'rect', x: 0, y: 0, w: 2 * CARTAO_LARGURA, h: CARTAO_ALTURA, r: 0, lineWidth: 0.6, lineColor: '#888888', dash: { length: 4, space: 3 } },
    { type: 'line', x1: CARTAO_LARGURA, y1: -10, x2: CARTAO_LARGURA, y2: CARTAO_ALTURA + 10, lineWidth: 0.4, lineColor: '#aaaaaa', dash: { length: 2, space: 2 } },
  ];

  const topoCampos = y0 + FAIXA + 7;
  const xCampos = x0 + pad + FOTO_L + 8;
  const larguraCampos = CARTAO_LARGURA - (FOTO_L + 8) - 2 * pad;
  const tamanhoNome = d.nome.length > 60 ? 6 : 7.5;

  const fotoConteudo: Content[] = foto
    ? [{ absolutePosition: { x: x0 + pad, y: topoCampos }, image: foto, width: FOTO_L, height: FOTO_A }]
    : [
        {
          absolutePosition: { x: x0 + pad, y: topoCampos },
          canvas: [{ type: 'rect', x: 0, y: 0, w: FOTO_L, h: FOTO_A, lineWidth: 0.6, lineColor: '#999999', dash: { length: 2, space: 2 } }],
        },
        caixa(x0 + pad, topoCampos + FOTO_A / 2 - 4, FOTO_L, [{ text: 'FOTO 3x4', fontSize: 6, color: '#999999' }], { alignment: 'center' }),
      ];

  const frente: Content[] = [
    ...faixa(x0, y0, [
      { text: 'REPÚBLICA FEDERATIVA DO BRASIL · MINISTÉRIO DA PESCA E AQUICULTURA', fontSize: 5 },
      { text: 'CARTEIRA DE PESCADOR PROFISSIONAL', fontSize: 8, bold: true, margin: [0, 2, 0, 0] },
    ]),
    ...fotoConteudo,
    campo('NOME', d.nome, xCampos, topoCampos, larguraCampos, tamanhoNome),
    campo('CPF', d.cpf, xCampos, topoCampos + 26, larguraCampos),
    campo('NÚMERO DO RGP', d.numeroRgp, xCampos, topoCampos + 44, larguraCampos, 8.5),
    campo('CATEGORIA', d.categoria, xCampos, topoCampos + 63, larguraCampos / 2),
    campo('SITUAÇÃO', d.situacao, xCampos + larguraCampos / 2, topoCampos + 63, larguraCampos / 2),
    caixa(x0, y0 + CARTAO_ALTURA - 11, CARTAO_LARGURA, [
      { text: 'Válida em todo o território nacional enquanto o registro estiver ativo', fontSize: 5, color: CINZA },
    ], { alignment: 'center' }),
  ];

  const qrLado = 74;
  const larguraVerso = CARTAO_LARGURA - qrLado - 3 * pad;
  const verso: Content[] = [
    ...faixa(xv, y0, [
      { text: 'REGISTRO GERAL DA ATIVIDADE PESQUEIRA', fontSize: 6, bold: true, margin: [0, 2, 0, 0] },
      { text: 'Lei nº 11.959/2009', fontSize: 5, margin: [0, 1, 0, 0] },
    ]),
    campo('MUNICÍPIO / UF', `${d.municipio} / ${d.uf}`, xv + pad, topoCampos, larguraVerso),
    campo('DATA DO PRIMEIRO RGP', d.dataPrimeiroRgp, xv + pad, topoCampos + 26, larguraVerso),
    campo('DATA DE EMISSÃO', d.dataEmissao, xv + pad, topoCampos + 44, larguraVerso),
    caixa(xv + pad, topoCampos + 66, larguraVerso, [
      { text: 'Confira a autenticidade pelo código QR ou, com o CPF e o número do RGP, no endereço abaixo.', fontSize: 5, color: CINZA },
    ]),
    { absolutePosition: { x: xv + CARTAO_LARGURA - pad - qrLado, y: topoCampos - 1 }, image: qr, width: qrLado, height: qrLado, link: d.enderecoVerificacao },
    caixa(xv, y0 + CARTAO_ALTURA - 11, CARTAO_LARGURA, [{ text: d.enderecoPortal, fontSize: 5, color: AZUL }], { alignment: 'center' }),
  ];

  return gerarPdfRgp({
    titulo: 'Carteira de Pescador Profissional', assunto: 'Registro Geral da Atividade Pesqueira – RGP',
    margem: 40, fonte: { tamanho: 10, entrelinha: 1.15 }, espacoAposCabecalho: 16, emitidoEm: d.emitidoEm,
    conteudo: [
      { text: 'Carteira de Pescador Profissional', bold: true, fontSize: 16, alignment: 'center', margin: [0, 0, 0, 12] },
      {
        text: 'Imprima esta página em tamanho real (100 %, sem "ajustar à página"), recorte na linha tracejada, '
          + 'dobre ao meio e cole frente com verso.',
        alignment: 'center', fontSize: 9, color: CINZA, margin: [20, 0, 20, 0],
      },
      { absolutePosition: { x: x0, y: y0 }, canvas: moldura },
      ...frente,
      ...verso,
      caixa(40, y0 + CARTAO_ALTURA + 30, 515, [
        { text: 'Verificação da autenticidade', bold: true, fontSize: 10, margin: [0, 0, 0, 4] },
        {
          text: 'O código QR no verso abre a verificação desta carteira no portal do RGP, que mostra a situação '
            + 'atual do registro sem expor o CPF. Uma nova emissão da carteira invalida as anteriores. '
            + 'Sem leitor de código QR, consulte a carteira pelo CPF e pelo número do RGP em:',
          fontSize: 9, color: '#333333',
        },
        { text: d.enderecoPortal, fontSize: 9, color: AZUL, link: d.enderecoPortal, margin: [0, 4, 0, 0] },
      ]),
    ],
  });
}
