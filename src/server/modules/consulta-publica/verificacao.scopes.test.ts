import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { novoIp } from '../carteira/carteira.test-utils';
import { artesanalCompleto, definirPrazo, idDoAno, pescadorComRgp } from '../reap/reap.test-utils';
import { LIMITE_VERIFICACAO_REAP_POR_MINUTO } from '../reap/reap.routes';
import type { Pescador } from '../solicitacao/passos.test-utils';
import { LIMITE_VERIFICACAO_COMPROVANTE_POR_MINUTO } from './consulta-publica.routes';

/**
 * Who may call the receipts' QR checks (decision 0044): anyone, with no sign-in and no captcha; a signed-in
 * caller, whatever the profile, gets exactly what the anonymous one gets; each is rate-limited per address as the
 * card's check is; both are in the OpenAPI document without a security requirement.
 */
let t: TestApp;
let p: Pescador;
const s: Record<string, Sessao> = {};
const tokens = { protocolo: '', reap: '' };
const ROTAS = {
  protocolo: (token: string) => `/api/protocolo-solicitacao/verificar/${token}`,
  reap: (token: string) => `/api/reap/verificar/${token}`,
};

/** The code of the QR, read from the link the PDF gives its QR image (the QR itself is decoded in comprovantes-qr.test.ts). */
function tokenDoPdf(pdf: Buffer, pagina: string): string {
  const m = new RegExp(`/URI \\(http[^)]+${pagina}\\?token=([A-Za-z0-9_-]+)\\)`).exec(pdf.toString('latin1'));
  if (!m) throw new Error(`no ${pagina} link in the PDF`);
  return m[1]!;
}

beforeAll(async () => {
  t = await createTestApp();
  s.gestor = await entrarComo(t.app, '10000000108');
  s.consultaExterno = await entrarComo(t.app, '70000000744');
  await definirPrazo(t.db, 2024, '2026-01-01', '2026-12-31');
  p = await pescadorComRgp(t, 9401, { dataPrimeiroRgp: '2024-02-01' });
  await t.db.execute(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, numero_protocolo, enviada_em, uf_pescador)
    VALUES (${p.id}, 1, 6, 5, '2024000000901', '2024-05-02T14:30:00Z', 'PA')`);
  const recibo = await p.sessao.api({ method: 'GET', url: `/api/pescador/${p.id}/imprimir-protocolo` });
  tokens.protocolo = tokenDoPdf(recibo.rawPayload, '/verificar-protocolo');
  expect((await p.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${p.id}` })).statusCode).toBe(200);
  const id = await idDoAno(t.db, p.id, 2024);
  expect((await p.sessao.api({ method: 'POST', url: '/api/reap/questionario-basico', payload: artesanalCompleto(id, 2024, { enviada: true }) })).statusCode).toBe(200);
  tokens.reap = tokenDoPdf((await p.sessao.api({ method: 'GET', url: `/api/reap/${id}/comprovante` })).rawPayload, '/verificar-reap');
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe.each(['protocolo', 'reap'] as const)('the QR check of the %s receipt', (tipo) => {
  it('needs neither a sign-in nor a captcha', async () => {
    const res = await t.app.inject({ method: 'GET', url: ROTAS[tipo](tokens[tipo]), remoteAddress: novoIp() });
    expect(res.statusCode, res.body).toBe(200);
    const lixo = await t.app.inject({ method: 'GET', url: ROTAS[tipo]('AAAAAAAAAAAAAAAAAAAAAA'), remoteAddress: novoIp() });
    expect(lixo.statusCode).toBe(400);
    expect(lixo.json().mensagem).toBe('Código de verificação inválido.');
  });

  it('answers a signed-in caller (staff, external read-only, the fisher) exactly what it answers the anonymous one', async () => {
    const anonimo = await t.app.inject({ method: 'GET', url: ROTAS[tipo](tokens[tipo]), remoteAddress: novoIp() });
    for (const sessao of [s.gestor!, s.consultaExterno!, p.sessao]) {
      const res = await sessao.api({ method: 'GET', url: ROTAS[tipo](tokens[tipo]), remoteAddress: novoIp() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(anonimo.json());
    }
    expect(anonimo.body).not.toContain(p.cpf);
  });

  it('is rate-limited per address as the card\'s check (429 in Portuguese)', async () => {
    const limite = tipo === 'reap' ? LIMITE_VERIFICACAO_REAP_POR_MINUTO : LIMITE_VERIFICACAO_COMPROVANTE_POR_MINUTO;
    expect(limite).toBe(30);
    const ip = novoIp();
    let ultima = await t.app.inject({ method: 'GET', url: ROTAS[tipo]('nao-e-um-codigo'), remoteAddress: ip });
    for (let i = 1; i <= limite; i++) ultima = await t.app.inject({ method: 'GET', url: ROTAS[tipo]('nao-e-um-codigo'), remoteAddress: ip });
    expect(ultima.statusCode).toBe(429);
    expect(ultima.json().mensagem).toMatch(/^Muitas requisições/);
    // Another address is not held back.
    expect((await t.app.inject({ method: 'GET', url: ROTAS[tipo](tokens[tipo]), remoteAddress: novoIp() })).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents both checks, public (no security requirement), with their answer schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const caminho of ['/api/protocolo-solicitacao/verificar/{token}', '/api/reap/verificar/{token}']) {
      const op = doc.paths[caminho]?.get;
      expect(op, caminho).toBeDefined();
      expect(op.security).toEqual([]);
      expect(op.parameters).toEqual([expect.objectContaining({ name: 'token', in: 'path', required: true })]);
      expect(op.responses['200'].content['application/json'].schema.properties.dados).toBeDefined();
    }
  });
});
