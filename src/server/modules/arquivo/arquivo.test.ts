import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TipoDocumento as T } from '../../../shared/enums';
import { LocalFileStorage } from '../../adapters/storage/local-storage';
import { AssinadorArquivos, chaveAssinaturaArquivos, novaChaveArquivo } from '../../adapters/storage/storage';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { arquivosEm, multipart, pdf, png } from '../documento/documento.fixtures';

let t: TestApp;
let dataDir: string;
let pescador: Sessao;
let idPescador = 0;
let agora = new Date('2026-11-18T15:00:00Z');

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-arq-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir }, now: () => agora });
  pescador = await entrarComo(t.app, '11144477735');
  idPescador = decodeJwt(pescador.token).idPescador as number;
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function documentoEnviado(bytes = pdf('arquivo'), nome = 'certidão.pdf') {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${idPescador}, 1, 1) RETURNING id`);
  const res = await pescador.api({
    method: 'POST', url: '/api/documentos', ...multipart({ idSolicitacao: rows[0]!.id, tipo: T.IDENTIFICACAO }, [{ nome, bytes }]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados.documentos[0] as { id: number; chave: string; url: string };
}

/** GET /api/cloud-storage/{chave}?jwt= exactly as a browser tab would call it: no header at all. */
function enderecoAssinado(chave: string, token = pescador.token) {
  return t.app.inject({ method: 'GET', url: `/api/cloud-storage/${chave}?jwt=${encodeURIComponent(token)}` });
}

describe('GET /api/cloud-storage/{chave}?jwt= and the signed address', () => {
  it('answers a short-lived signed address that serves the file with safe headers', async () => {
    const bytes = pdf('conteúdo');
    const d = await documentoEnviado(bytes);
    const res = await enderecoAssinado(d.chave);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const url = res.json().dados.url as string;
    const u = new URL(url, 'http://x');
    expect(u.pathname).toBe(`/api/arquivos/${d.chave}`);
    expect(Number(u.searchParams.get('expira'))).toBe(Math.floor(agora.getTime() / 1000) + 300);
    expect(u.searchParams.get('assinatura')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const arquivo = await t.app.inject({ method: 'GET', url });
    expect(arquivo.statusCode).toBe(200);
    expect(arquivo.rawPayload).toEqual(bytes);
    expect(arquivo.headers['content-type']).toBe('application/pdf');
    expect(arquivo.headers['content-disposition']).toBe(`inline; filename="certidao.pdf"; filename*=UTF-8''certid%C3%A3o.pdf`);
    expect(arquivo.headers['cache-control']).toBe('private, no-store');
    expect(arquivo.headers['x-content-type-options']).toBe('nosniff');
    expect(arquivo.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('serves images with their stored type (JPEG after re-encoding)', async () => {
    const d = await documentoEnviado(await png(), 'foto.png');
    const url = (await enderecoAssinado(d.chave)).json().dados.url as string;
    const arquivo = await t.app.inject({ method: 'GET', url });
    expect(arquivo.statusCode).toBe(200);
    expect(arquivo.headers['content-type']).toBe('image/jpeg');
    expect(arquivo.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('refuses a tampered, borrowed, missing or expired signature with 403', async () => {
    const d = await documentoEnviado();
    const outro = await documentoEnviado();
    const url = new URL((await enderecoAssinado(d.chave)).json().dados.url as string, 'http://x');
    const assinatura = url.searchParams.get('assinatura')!;
    const expira = Number(url.searchParams.get('expira'));
    const tentativas = [
      `/api/arquivos/${d.chave}?expira=${expira}&assinatura=${assinatura.slice(0, -1)}${assinatura.endsWith('A') ? 'B' : 'A'}`,
      `/api/arquivos/${d.chave}?expira=${expira + 3600}&assinatura=${assinatura}`,
      `/api/arquivos/${outro.chave}?expira=${expira}&assinatura=${assinatura}`,
      `/api/arquivos/${d.chave}?expira=${expira}`,
      `/api/arquivos/${d.chave}`,
      `/api/arquivos/${d.chave}?expira=abc&assinatura=${assinatura}`,
      `/api/arquivos/..%2F..%2Fjwt-secret?expira=${expira}&assinatura=${assinatura}`,
    ];
    for (const u of tentativas) {
      const res = await t.app.inject({ method: 'GET', url: u });
      expect(res.statusCode, u).toBe(403);
      expect(res.json()).toMatchObject({ codigo: 403, mensagem: 'Endereço do arquivo inválido ou expirado. Abra o documento novamente.' });
    }

    expect((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(200);
    const antes = agora;
    agora = new Date(antes.getTime() + 301_000);
    try {
      expect((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(403);
    } finally {
      agora = antes;
    }
  });

  it('answers 404 once the document was removed', async () => {
    const d = await documentoEnviado();
    const url = (await enderecoAssinado(d.chave)).json().dados.url as string;
    expect((await pescador.api({ method: 'DELETE', url: `/api/documentos/${d.id}` })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await enderecoAssinado(d.chave)).statusCode).toBe(404);
  });

  it('answers 401 without a token or with a bad one, and 400 for a malformed key', async () => {
    const d = await documentoEnviado();
    expect((await t.app.inject({ method: 'GET', url: `/api/cloud-storage/${d.chave}` })).statusCode).toBe(401);
    const ruim = await t.app.inject({ method: 'GET', url: `/api/cloud-storage/${d.chave}?jwt=abc.def.ghi` });
    expect(ruim.statusCode).toBe(401);
    expect(ruim.json().dados).toEqual({ expirado: false });
    expect((await enderecoAssinado('curta')).statusCode).toBe(400);
    expect((await enderecoAssinado('..%2F..%2Fjwt-secret')).statusCode).toBe(400);
  });

  it('accepts the bearer header too', async () => {
    const d = await documentoEnviado();
    expect((await pescador.api({ method: 'GET', url: `/api/cloud-storage/${d.chave}` })).statusCode).toBe(200);
  });
});

describe('GET /api/arquivos/{chave}?jwt= (the document address urlArquivo, opened with the token)', () => {
  it('serves the file to its fisher, 401 for a bad token', async () => {
    const bytes = pdf('direto');
    const d = await documentoEnviado(bytes);
    const res = await t.app.inject({ method: 'GET', url: `${d.url}?jwt=${pescador.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(bytes);
    expect((await t.app.inject({ method: 'GET', url: `${d.url}?jwt=x.y.z` })).statusCode).toBe(401);
  });
});

describe('the storage adapter and the signer', () => {
  it('writes atomically under a 2-character prefix, reads back, deletes, and refuses keys that are not plain', async () => {
    const raiz = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-st-'));
    try {
      const st = new LocalFileStorage(raiz, new AssinadorArquivos(crypto.randomBytes(32)));
      const chave = novaChaveArquivo();
      expect(chave).toMatch(/^[0-9a-f]{32}$/);
      await st.put(chave, Buffer.from('abc'), 'application/pdf');
      expect(await arquivosEm(raiz)).toEqual([path.join(raiz, chave.slice(0, 2), chave), path.join(raiz, chave.slice(0, 2), `${chave}.meta`)].sort());
      expect(await st.get(chave)).toEqual({ bytes: Buffer.from('abc'), mime: 'application/pdf' });
      await st.delete(chave);
      await st.delete(chave);
      expect(await st.get(chave)).toBeNull();
      expect(await arquivosEm(raiz)).toEqual([]);
      for (const ruim of ['../../etc/passwd', 'a/b', 'abc', 'x'.repeat(101), 'chave.com.ponto']) {
        await expect(st.put(ruim, Buffer.from('x'), 'text/plain')).rejects.toThrow('invalid storage key');
      }
    } finally {
      await fs.rm(raiz, { recursive: true, force: true });
    }
  });

  it('signs with FILE_SIGNING_SECRET when set, else with a key derived from (and different from) the token key', () => {
    const jwt = crypto.randomBytes(32);
    const derivada = chaveAssinaturaArquivos(undefined, jwt);
    expect(derivada).toHaveLength(32);
    expect(Buffer.from(derivada).equals(Buffer.from(jwt))).toBe(false);
    expect(Buffer.from(chaveAssinaturaArquivos(undefined, jwt)).equals(Buffer.from(derivada))).toBe(true);
    expect(new TextDecoder().decode(chaveAssinaturaArquivos('s'.repeat(32), jwt))).toBe('s'.repeat(32));
    const inicio = new Date('2026-01-01T00:00:00Z');
    let relogio = inicio;
    const a = new AssinadorArquivos(derivada, () => relogio);
    const b = new AssinadorArquivos(chaveAssinaturaArquivos(undefined, crypto.randomBytes(32)), () => relogio);
    const { expira, assinatura } = a.assinar('abcdefgh12', 60);
    expect(a.verificar('abcdefgh12', String(expira), assinatura)).toBe(true);
    expect(b.verificar('abcdefgh12', String(expira), assinatura)).toBe(false);
    relogio = new Date(inicio.getTime() + 60_000);
    expect(a.verificar('abcdefgh12', String(expira), assinatura)).toBe(false);
  });
});
