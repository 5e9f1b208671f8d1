import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { decodeJwt } from 'jose';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, executarJobsPendentes } from '../../test/helpers';
import { multipart, pdf } from '../../modules/documento/documento.fixtures';
import { conciliarArquivosJob } from '../../modules/documento/documento.jobs';
import type { ResultadoConciliacao } from '../../modules/documento/documento.service';
import { S3FileStorage, type S3StorageOptions } from './s3-storage';
import { novaChaveArquivo, type ArquivoListado, type FileStorage } from './storage';

async function listarTudo(st: FileStorage): Promise<ArquivoListado[]> {
  const todos: ArquivoListado[] = [];
  for await (const a of st.listar()) todos.push(a);
  return todos;
}

// The S3 adapter against a server that speaks the S3 protocol over HTTP (s3rver, on a temporary folder): the
// same SDK calls, signatures and presigned addresses as against AWS or MinIO.
let servidor: S3rver;
let pasta: string;
let opcoes: S3StorageOptions;
let storage: S3FileStorage;

beforeAll(async () => {
  pasta = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-s3-'));
  servidor = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: pasta, configureBuckets: [{ name: 'rgp-documentos' }] });
  const { port } = await servidor.run();
  opcoes = {
    bucket: 'rgp-documentos',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    // s3rver's own access key.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    prefix: 'documentos/',
  };
  storage = new S3FileStorage(opcoes);
});
afterAll(async () => {
  storage.close();
  await servidor.close();
  await fs.rm(pasta, { recursive: true, force: true });
});

describe('S3FileStorage', () => {
  it('stores bytes with their content type under the prefix, reads them back, and deletes them (twice is fine)', async () => {
    const chave = novaChaveArquivo();
    const bytes = crypto.randomBytes(70_000);
    await storage.put(chave, bytes, 'application/pdf');
    const lido = await storage.get(chave);
    expect(lido?.mime).toBe('application/pdf');
    expect(lido?.bytes.equals(bytes)).toBe(true);
    // Under the prefix, in the bucket's folder of the server.
    await expect(fs.stat(path.join(pasta, 'rgp-documentos', 'documentos', `${chave}._S3rver_object`))).resolves.toBeTruthy();

    await storage.delete(chave);
    expect(await storage.get(chave)).toBeNull();
    await expect(storage.delete(chave)).resolves.toBeUndefined();
  });

  // One page only: s3rver signs the continuation token of a longer listing with DES, which Node 24's OpenSSL
  // refuses, so the paging (IsTruncated, NextContinuationToken) is not exercised here.
  it('lists the keys directly under its prefix, in key order, with their dates, and nothing else', async () => {
    const prefixo = `lista-${novaChaveArquivo()}/`;
    const st = new S3FileStorage({ ...opcoes, prefix: prefixo });
    const profundo = new S3FileStorage({ ...opcoes, prefix: `${prefixo}sub/` });
    const cliente = new S3Client({ region: opcoes.region, endpoint: opcoes.endpoint, forcePathStyle: true, credentials: opcoes.credentials });
    try {
      expect(await listarTudo(st)).toEqual([]);
      const chaves = Array.from({ length: 5 }, () => novaChaveArquivo());
      for (const chave of chaves) await st.put(chave, Buffer.from(chave), 'application/pdf');
      // Not keys of this storage: an object of a deeper folder, a name no key has, a key under another prefix.
      await profundo.put(novaChaveArquivo(), Buffer.from('x'), 'application/pdf');
      await cliente.send(new PutObjectCommand({ Bucket: opcoes.bucket, Key: `${prefixo}leia.me.txt`, Body: 'x' }));
      await storage.put(novaChaveArquivo(), Buffer.from('x'), 'application/pdf');

      const listados = await listarTudo(st);
      expect(listados.map((a) => a.chave)).toEqual([...chaves].sort());
      for (const a of listados) expect(Math.abs(a.modificadoEm.getTime() - Date.now())).toBeLessThan(60_000);
    } finally {
      st.close();
      profundo.close();
      cliente.destroy();
    }
  });

  it('answers null for a key never stored', async () => {
    expect(await storage.get(novaChaveArquivo())).toBeNull();
  });

  it('refuses keys that could name another object, before any call', async () => {
    for (const chave of ['../segredo', 'a/b/c/d/e', 'curta', 'com espaço e acento']) {
      await expect(storage.put(chave, Buffer.from('x'), 'text/plain')).rejects.toThrow('invalid storage key');
      await expect(storage.signedUrl(chave, 60)).rejects.toThrow('invalid storage key');
    }
  });

  // s3rver checks the access key of a presigned address but not its v4 signature (AWS and MinIO check both), so
  // this checks what the adapter controls: the object, the lifetime, the signature's presence and the headers.
  it('signs a presigned address that a browser reads without credentials, for the given time', async () => {
    const chave = novaChaveArquivo();
    await storage.put(chave, pdf(), 'application/pdf');
    const endereco = new URL(await storage.signedUrl(chave, 120));
    expect(endereco.pathname).toBe(`/rgp-documentos/documentos/${chave}`);
    expect(endereco.searchParams.get('X-Amz-Expires')).toBe('120');
    expect(endereco.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const res = await fetch(endereco);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf())).toBe(true);
  });
});

describe('the product with S3_BUCKET set', () => {
  it('keeps an uploaded document in the bucket and hands out its presigned address', async () => {
    const t = await createTestApp({
      env: {
        S3_BUCKET: opcoes.bucket,
        S3_ENDPOINT: opcoes.endpoint!,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_PREFIX: 'produto/',
      },
    });
    try {
      const pescador = await entrarComo(t.app, '52998224725');
      const idPescador = decodeJwt(pescador.token).idPescador as number;
      const { rows } = await t.db.execute<{ id: number }>(sql`
        INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados) VALUES (${idPescador}, 1, 1, 1, '{}'::jsonb) RETURNING id`);
      const res = await pescador.api({
        method: 'POST',
        url: '/api/documentos',
        ...multipart({ idSolicitacao: rows[0]!.id, tipo: 1 }, [{ nome: 'rg.pdf', tipo: 'application/pdf', bytes: pdf() }]),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { rows: docs } = await t.db.execute<{ chave: string }>(sql`
        SELECT chave_arquivo AS chave FROM documento WHERE solicitacao_id = ${rows[0]!.id}`);
      const chave = docs[0]!.chave;
      await expect(fs.stat(path.join(pasta, 'rgp-documentos', 'produto', `${chave}._S3rver_object`))).resolves.toBeTruthy();

      const assinado = await t.app.inject({ method: 'GET', url: `/api/cloud-storage/${chave}?jwt=${encodeURIComponent(pescador.token)}` });
      expect(assinado.statusCode, assinado.body).toBe(200);
      const url = assinado.json().dados.url as string;
      expect(url.startsWith(`${opcoes.endpoint}/rgp-documentos/produto/${chave}?`)).toBe(true);
      const arquivo = await fetch(url);
      expect(arquivo.status).toBe(200);
      expect(Buffer.from(await arquivo.arrayBuffer()).equals(pdf())).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('reconciles the bucket with the rows: an old orphan object is deleted, a document whose object is gone is reported', async () => {
    const prefixo = 'conciliacao/';
    const t = await createTestApp({
      env: { S3_BUCKET: opcoes.bucket, S3_ENDPOINT: opcoes.endpoint!, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: prefixo },
    });
    const bucket = new S3FileStorage({ ...opcoes, prefix: prefixo });
    try {
      const pescador = await entrarComo(t.app, '52998224725');
      const idPescador = decodeJwt(pescador.token).idPescador as number;
      const { rows } = await t.db.execute<{ id: number }>(sql`
        INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados) VALUES (${idPescador}, 1, 1, 1, '{}'::jsonb) RETURNING id`);
      const enviar = async (tipo: number) => (await pescador.api({
        method: 'POST', url: '/api/documentos', ...multipart({ idSolicitacao: rows[0]!.id, tipo }, [{ nome: 'd.pdf', tipo: 'application/pdf', bytes: pdf() }]),
      })).json().dados.documentos[0] as { id: number; chave: string };
      const ativo = await enviar(1);
      const perdido = await enviar(2);
      await bucket.delete(perdido.chave);
      const orfao = novaChaveArquivo();
      await bucket.put(orfao, pdf(), 'application/pdf');
      const duasHorasAtras = new Date(Date.now() - 2 * 3600_000);
      await fs.utimes(path.join(pasta, opcoes.bucket, 'conciliacao', `${orfao}._S3rver_object`), duasHorasAtras, duasHorasAtras);

      const id = await t.jobs.boss.send(conciliarArquivosJob.nome, {});
      await executarJobsPendentes(t);
      const r = (await t.jobs.boss.getJobById(conciliarArquivosJob.nome, id!))!.output as ResultadoConciliacao;
      expect(r).toMatchObject({
        arquivos: 2, documentosAtivos: 2, orfaos: { encontrados: 1, apagados: 1, chaves: [orfao] },
        ausentes: { total: 1, documentos: [{ id: perdido.id, chave: perdido.chave }] },
      });
      expect(await bucket.get(orfao)).toBeNull();
      expect(await bucket.get(ativo.chave)).not.toBeNull();
    } finally {
      bucket.close();
      await t.close();
    }
  });
});
