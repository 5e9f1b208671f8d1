import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfMakeModulo from 'pdfmake';

type PdfMake = typeof PdfMakeModulo;

const require = createRequire(import.meta.url);
let motor: PdfMake | undefined;

/**
 * pdfmake 0.3 on the server, configured once for every PDF the product makes (protocol receipt, card): the
 * Roboto fonts shipped in the npm package, no URL fetching at all, file access limited to those fonts (images
 * come as data URLs).
 */
export function pdfmake(): PdfMake {
  if (!motor) {
    const m = require('pdfmake') as PdfMake;
    const pasta = path.dirname(require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'));
    m.setFonts({
      Roboto: {
        normal: path.join(pasta, 'Roboto-Regular.ttf'),
        bold: path.join(pasta, 'Roboto-Medium.ttf'),
        italics: path.join(pasta, 'Roboto-Italic.ttf'),
        bolditalics: path.join(pasta, 'Roboto-MediumItalic.ttf'),
      },
    });
    m.setUrlAccessPolicy(() => false);
    m.setLocalAccessPolicy((p) => path.resolve(p).startsWith(pasta + path.sep));
    motor = m;
  }
  return motor;
}
