import { expect, type Page, type Response } from '@playwright/test';
import { lerQrDoPdf } from '../src/server/test/qr-do-pdf';
import { semRolagemHorizontal, semViolacoes } from './support';

/**
 * A printed receipt's QR code read as a phone reads it, and opened by a visitor (issue 21). `resposta` is the
 * browser's request for the PDF: the browser reads it as a blob, whose body Playwright does not keep, so the same
 * request is made again with the same bearer. The visitor (no session, the same screen size) sees the verdict and
 * `mostra`, with axe and no horizontal scroll; the code with one character changed is refused and shows nothing
 * of it.
 */
export async function conferirQrDoComprovante(page: Page, resposta: Response, pagina: string, mostra: string): Promise<void> {
  const pdf = await page.request.get(resposta.url(), { headers: { authorization: resposta.request().headers()['authorization'] ?? '' } });
  expect(pdf.status()).toBe(200);
  const [endereco] = await lerQrDoPdf(await pdf.body());
  expect(endereco).toMatch(new RegExp(`${pagina}\\?token=[A-Za-z0-9_-]+$`));
  const lido = new URL(endereco!);
  const visitante = await page.context().browser()!.newContext({ viewport: page.viewportSize(), locale: 'pt-BR' });
  try {
    const outra = await visitante.newPage();
    await outra.goto(new URL(lido.pathname + lido.search, page.url()).href);
    await expect(outra.getByText('Comprovante autêntico')).toBeVisible();
    await expect(outra.getByText(mostra).first()).toBeVisible();
    await semViolacoes(outra);
    await semRolagemHorizontal(outra);
    const token = lido.searchParams.get('token')!;
    const trocado = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    await outra.goto(new URL(`${pagina}?token=${trocado}`, page.url()).href);
    await expect(outra.getByText('Comprovante inválido')).toBeVisible();
    await expect(outra.getByText(mostra)).toHaveCount(0);
    await semViolacoes(outra);
  } finally {
    await visitante.close();
  }
}
