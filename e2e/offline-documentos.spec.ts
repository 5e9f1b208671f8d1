import type { Request } from '@playwright/test';
import { onlyDigits } from '../src/shared/cpf';
import { arquivos, novoCpf, novoNome, pdf } from './dados';
import { expect, test } from './fixtures';
import { Assistente, campoDocumento, iniciarPelaDeclaracao } from './pescador';
import { a11y, chavesNoCelular, consultarBanco, SALVO_NO_CELULAR } from './reap-dados';
import { entrar } from './support';

// Issue 25, point 4: documents chosen without signal wait on the phone and reach the RGP once when the signal
// returns; a large one goes in parts and, when a part's answer is lost, resumes from what the server holds instead
// of starting over; a conclusion whose answer is lost is replayed and records one document.

test.use({ actionTimeout: 15_000 });

const PARTE = 64 * 1024;

/**
 * Every document row the database ever held for the fisher (a second upload of a type would replace the first, so
 * replaced rows count too), and the uploads still open.
 */
async function noBanco(cpf: string) {
  const docs = await consultarBanco<{ tipo: number; tamanho: number; nome: string }>(
    `SELECT d.tipo_documento AS tipo, d.tamanho, d.nome_arquivo AS nome FROM documento d JOIN pescador p ON p.id = d.pescador_id
     WHERE p.cpf = $1 ORDER BY d.tipo_documento, d.id`, [onlyDigits(cpf)]);
  const envios = await consultarBanco<{ n: number }>(
    'SELECT count(*)::int AS n FROM envio_documento e JOIN pescador p ON p.id = e.pescador_id WHERE p.cpf = $1', [onlyDigits(cpf)]);
  return { documentos: docs.rows, envios: envios.rows[0]!.n };
}

function inicioDaParte(r: Request): number {
  const m = /name="inicio"\r\n\r\n(\d+)/.exec(r.postDataBuffer()?.toString('latin1') ?? '');
  return Number(m?.[1]);
}

test('documents chosen without signal arrive once, a large one resuming in parts, when the signal returns', async ({ page, context }) => {
  test.setTimeout(240_000);
  const cpf = novoCpf();
  const w = new Assistente(page);
  // A PDF of four parts: the identity document, scanned.
  const identidade = { name: 'identidade-digitalizada.pdf', mimeType: 'application/pdf', buffer: pdf(`Identidade ${'x'.repeat(3 * PARTE + 5000)}`) };
  const campoIdentidade = campoDocumento(page, 'Documento de identificação');
  const campoFoto = campoDocumento(page, 'Foto 3x4');

  await test.step('online: the fisher reaches the documents of a new request', async () => {
    await entrar(page, cpf, novoNome('Pescador Documentos'));
    await iniciarPelaDeclaracao(page, 'Solicitar registro inicial');
    await w.esperarPasso(1);
    await w.preencherPasso1();
    await w.salvarEContinuar(1, 'Dados Pessoais salvos com sucesso!');
    await w.preencherPasso2();
    await w.salvarEContinuar(2, 'Dados da Atividade salvos com sucesso!');
    await w.preencherPasso3();
    await w.salvarEContinuar(3, 'Dados socioeconômicos salvos com sucesso!');
    await expect(w.painelDocumentos().getByRole('heading', { name: 'Documentos' })).toBeVisible();
    await expect(campoIdentidade.getByText('Nenhum arquivo enviado.')).toBeVisible();
  });

  await test.step('without signal: each chosen file is kept on this phone, and says so', async () => {
    await context.setOffline(true);
    await campoIdentidade.locator('input[type="file"]').setInputFiles(identidade);
    await expect(campoIdentidade.getByRole('list', { name: 'Na fila deste celular: Documento de identificação' })
      .getByText(SALVO_NO_CELULAR)).toBeVisible();
    await campoFoto.locator('input[type="file"]').setInputFiles(arquivos.foto());
    await expect(campoFoto.getByRole('list', { name: 'Na fila deste celular: Foto 3x4' }).getByText(SALVO_NO_CELULAR)).toBeVisible();
    await expect(campoFoto.getByText(SALVO_NO_CELULAR)).toHaveCount(2); // the queued file, and the field's status
    await a11y(page);
    expect(await noBanco(cpf)).toEqual({ documentos: [], envios: 0 });
    // Kept under the phone id the server gave (an HMAC of the CPF), never the CPF.
    const chaves = await chavesNoCelular(page);
    expect(chaves.filter((k) => k.includes('/documento/'))).toHaveLength(2);
    expect(chaves.some((k) => k.includes(onlyDigits(cpf)))).toBe(false);
  });

  const partes: number[] = [];
  const conclusoes: string[] = [];
  await test.step('back online: a part and a conclusion whose answers are lost resume, and each document arrives once', async () => {
    let parteCortada = false;
    await page.route('**/api/documentos/envios/*/partes', async (route) => {
      partes.push(inicioDaParte(route.request()));
      if (!parteCortada && inicioDaParte(route.request()) === PARTE) {
        // The server takes the second part; its answer never reaches the phone.
        parteCortada = true;
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    let conclusaoCortada = false;
    await page.route('**/api/documentos/envios/*/concluir', async (route) => {
      conclusoes.push(route.request().headers()['idempotency-key'] ?? '');
      if (!conclusaoCortada) {
        conclusaoCortada = true;
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });

    await context.setOffline(false);
    await expect(campoIdentidade.getByRole('list', { name: 'Arquivos de Documento de identificação' }).getByRole('listitem'))
      .toHaveCount(1, { timeout: 45_000 });
    await expect(campoIdentidade.getByText('Arquivo carregado com sucesso')).toBeVisible();
    await expect(campoFoto.getByRole('list', { name: 'Arquivos de Foto 3x4' }).getByRole('listitem')).toHaveCount(1, { timeout: 45_000 });
    await expect(page.getByRole('list', { name: /^Na fila deste celular/ })).toHaveCount(0);
  });

  await test.step('the RGP holds each document once, and the phone nothing', async () => {
    const { documentos, envios } = await noBanco(cpf);
    expect(documentos).toEqual([
      { tipo: 1, tamanho: identidade.buffer.length, nome: 'identidade-digitalizada.pdf' },
      { tipo: 3, tamanho: expect.any(Number), nome: 'foto-3x4.jpg' },
    ]);
    expect(envios).toBe(0);
    // Every part went once: after the lost answer the phone asked how much arrived and went on from there.
    expect(partes).toEqual([0, PARTE, 2 * PARTE, 3 * PARTE]);
    // The conclusion went twice under one key: the second got the first one's answer.
    expect(conclusoes).toHaveLength(2);
    expect(conclusoes[1]).toBe(conclusoes[0]);
    expect((await chavesNoCelular(page)).filter((k) => k.includes('/documento/'))).toEqual([]);
    await a11y(page);
  });
});
