import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/helpers';
import { textoDoPdf } from '../../test/pdf-texto';
import { lerQrDoPdf, verificarPdf } from '../../test/qr-do-pdf';
import { novoIp, resolverCaptcha } from '../carteira/carteira.test-utils';
import { AssinadorProtocolo, AssinadorReap } from '../../lib/codigos-comprovantes';
import { artesanalCompleto, definirPrazo, idDoAno, pescadorComRgp } from '../reap/reap.test-utils';
import type { Pescador } from '../solicitacao/passos.test-utils';

/**
 * The receipts' QR codes read as a phone reads them (issue 21; decision 0044): each PDF rendered by poppler
 * (pdftoppm), its QR decoded by ZBar (zbarimg), the decoded address followed to the public check, and what a
 * person would see there checked; a code changed by one character is refused in Portuguese.
 */
let t: TestApp;
let p: Pescador;
let vizinho = 0;
const PROTOCOLO = '2024000000777';
const PROTOCOLO_VIZINHO = '2024000000778';
const NOME = 'MARIA DA SILVA SOUZA';
const INVALIDO = 'Código de verificação inválido.';

beforeAll(async () => {
  t = await createTestApp();
  await definirPrazo(t.db, 2024, '2026-01-01', '2026-12-31');
  p = await pescadorComRgp(t, 9301, { dataPrimeiroRgp: '2024-02-01' });
  await t.db.execute(sql`UPDATE pescador SET nome = ${NOME} WHERE id = ${p.id}`);
  await t.db.execute(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, numero_protocolo, enviada_em, uf_pescador)
    VALUES (${p.id}, 1, 6, 5, ${PROTOCOLO}, '2024-05-02T14:30:00Z', 'PA')`);
  // Another fisher's request under the next protocol number: what changing one digit used to open.
  const outro = await pescadorComRgp(t, 9302);
  await t.db.execute(sql`UPDATE pescador SET nome = 'JOSE PEREIRA LIMA' WHERE id = ${outro.id}`);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, numero_protocolo, enviada_em, uf_pescador)
    VALUES (${outro.id}, 2, 4, 5, ${PROTOCOLO_VIZINHO}, '2024-05-02T15:00:00Z', 'PA') RETURNING id`);
  vizinho = rows[0]!.id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** The one QR code of the PDF's first page, decoded from its image; the file passes a PDF checker first. */
async function qrDe(pdf: Buffer): Promise<string> {
  expect(await verificarPdf(pdf)).toContain('No syntax or stream encoding errors found');
  const codigos = await lerQrDoPdf(pdf);
  expect(codigos, 'exactly one QR code on the page').toHaveLength(1);
  return codigos[0]!;
}

/** The token of a decoded address, after checking that it opens the expected public page of this server. */
function tokenDe(endereco: string, pagina: string): string {
  const url = new URL(endereco);
  expect(`${url.origin}${url.pathname}`).toBe(`${TEST_PUBLIC_URL}${pagina}`);
  const token = url.searchParams.get('token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{20,80}$/);
  return token!;
}

/** The token with one character changed (as a person editing the address would). */
function trocarUmCaractere(token: string, posicao: number): string {
  const c = token[posicao]!;
  const outro = c === 'A' ? 'B' : 'A';
  return `${token.slice(0, posicao)}${outro}${token.slice(posicao + 1)}`;
}

const verificar = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: novoIp() });

describe('protocol receipt', () => {
  let token = '';

  it('carries a QR code with a signed code, not the bare protocol number', async () => {
    const res = await p.sessao.api({ method: 'GET', url: `/api/pescador/${p.id}/imprimir-protocolo` });
    expect(res.statusCode, res.body).toBe(200);
    const endereco = await qrDe(res.rawPayload);
    expect(endereco).not.toContain(PROTOCOLO);
    token = tokenDe(endereco, '/verificar-protocolo');
    // Printed: the number (to be typed in the captcha lookup) and where to type it.
    const [texto] = await textoDoPdf(res.rawPayload);
    expect(texto).toContain(PROTOCOLO);
    expect(texto).toContain(`${TEST_PUBLIC_URL}/consulta-protocolo`);
    expect(texto).toContain('Confira a autenticidade deste comprovante lendo o código QR.');
  });

  it('opens the public check, which shows the protocol\'s public status with the name masked', async () => {
    const res = await verificar(`/api/protocolo-solicitacao/verificar/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      codigo: 200,
      mensagem: 'Comprovante de protocolo autêntico.',
      dados: {
        numeroProtocolo: PROTOCOLO,
        tipo: 1,
        tipoDescricao: 'Registro inicial',
        situacao: 6,
        situacaoDescricao: 'Aguardando Análise',
        dataEnvio: '2024-05-02T14:30:00.000Z',
        nome: 'MARIA S. S.',
        uf: 'PA',
      },
    });
    expect(res.body).not.toContain(p.cpf);
    expect(res.body).not.toContain('SILVA');
  });

  it('follows the request: a later status shows on the same printed code', async () => {
    await t.db.execute(sql`UPDATE solicitacao SET situacao = 4 WHERE numero_protocolo = ${PROTOCOLO}`);
    const res = await verificar(`/api/protocolo-solicitacao/verificar/${token}`);
    expect(res.json().dados.situacaoDescricao).toBe('Deferida');
  });

  it('refuses the code with any one character changed, in Portuguese, and never shows another fisher', async () => {
    for (const posicao of [0, 3, Math.floor(token.length / 2), token.length - 1]) {
      const res = await verificar(`/api/protocolo-solicitacao/verificar/${trocarUmCaractere(token, posicao)}`);
      expect(res.statusCode, `position ${posicao}`).toBe(400);
      expect(res.json()).toMatchObject({ codigo: 400, mensagem: INVALIDO });
      expect(res.body).not.toContain('JOSE');
    }
  });

  it('refuses a code for the next protocol made without the server\'s key, and a REAP code', async () => {
    const forjado = new AssinadorProtocolo(crypto.randomBytes(32)).assinar({ idSolicitacao: vizinho, numeroProtocolo: PROTOCOLO_VIZINHO });
    const res = await verificar(`/api/protocolo-solicitacao/verificar/${forjado}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().mensagem).toBe(INVALIDO);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'VERIFICACAO_PROTOCOLO' AND sucesso = false`);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(5);
  });

  it('keeps the spec\'s lookup by protocol number with a captcha (old receipts open it)', async () => {
    const ip = novoIp();
    const semCaptcha = await t.app.inject({ method: 'GET', url: `/api/pescador/protocolo-solicitacao-registro/${PROTOCOLO}`, remoteAddress: ip });
    expect(semCaptcha.statusCode).toBe(403);
    expect(semCaptcha.json().mensagem).toBe('Token de CAPTCHA inválido ou não fornecido');
    const comCaptcha = await t.app.inject({
      method: 'GET', url: `/api/pescador/protocolo-solicitacao-registro/${PROTOCOLO}`, remoteAddress: ip,
      headers: { 'x-hcaptcha-token': await resolverCaptcha(t.app, ip) },
    });
    expect(comCaptcha.statusCode, comCaptcha.body).toBe(200);
    expect(comCaptcha.json().dados).toMatchObject({ numeroProtocolo: PROTOCOLO, nome: 'MARIA S. S.' });
  });
});

describe('REAP 2ª via', () => {
  let token = '';
  let idReap = 0;

  beforeAll(async () => {
    expect((await p.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${p.id}` })).statusCode).toBe(200);
    idReap = await idDoAno(t.db, p.id, 2024);
    const envio = await p.sessao.api({ method: 'POST', url: '/api/reap/questionario-basico', payload: artesanalCompleto(idReap, 2024, { enviada: true }) });
    expect(envio.statusCode, envio.body).toBe(200);
  });

  it('carries a QR code that opens the public check of the send', async () => {
    const res = await p.sessao.api({ method: 'GET', url: `/api/reap/${idReap}/comprovante` });
    expect(res.statusCode, res.body).toBe(200);
    token = tokenDe(await qrDe(res.rawPayload), '/verificar-reap');
    const paginas = await textoDoPdf(res.rawPayload);
    expect(paginas, 'the receipt fits one page').toHaveLength(1);
    const [texto] = paginas;
    expect(texto).toContain('Confira a autenticidade deste comprovante lendo o código QR ao lado');
    expect(texto).toContain(`${TEST_PUBLIC_URL}/verificar-reap`);
  });

  it('confirms the REAP: year, category, situation, masked name, date sent; nothing declared, no CPF or RGP', async () => {
    const res = await verificar(`/api/reap/verificar/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { rows } = await t.db.execute<{ enviada_em: Date | string }>(sql`SELECT enviada_em FROM reap_questionario WHERE id = ${idReap}`);
    expect(res.json()).toEqual({
      codigo: 200,
      mensagem: 'Comprovante de envio da REAP autêntico.',
      dados: {
        anoReferencia: 2024,
        categoria: 2,
        categoriaDescricao: 'Artesanal',
        situacao: 9,
        situacaoDescricao: 'Enviada',
        nome: 'MARIA S. S.',
        dataEnvio: new Date(rows[0]!.enviada_em).toISOString(),
      },
    });
    for (const oculto of [p.cpf, 'SILVA', 'PAPA', 'Baía do Guajará']) expect(res.body).not.toContain(oculto);
  });

  it('refuses the code with one character changed, a forged code and a protocol code, in Portuguese', async () => {
    const forjado = new AssinadorReap(crypto.randomBytes(32)).assinar({ idQuestionario: idReap, enviadaEm: new Date() });
    const protocolo = new URL(await qrDe((await p.sessao.api({ method: 'GET', url: `/api/pescador/${p.id}/imprimir-protocolo` })).rawPayload))
      .searchParams.get('token')!;
    for (const errado of [trocarUmCaractere(token, 5), trocarUmCaractere(token, token.length - 2), forjado, protocolo, 'abc']) {
      const res = await verificar(`/api/reap/verificar/${errado}`);
      expect(res.statusCode, errado).toBe(400);
      expect(res.json()).toMatchObject({ codigo: 400, mensagem: INVALIDO });
    }
  });
});
