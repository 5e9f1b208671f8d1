import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { sobDemanda } from '../../lib/sob-demanda';
import {
  CHAVE_ARQUIVO_VALIDA, exigirChaveValida, type ArquivoArmazenado, type ArquivoListado, type FileStorage,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, Ceph, a cloud's object storage); AWS when absent. */
  endpoint?: string | undefined;
  /** Path-style addresses (`endpoint/bucket/key`), which most S3-compatible services need. */
  forcePathStyle: boolean;
  /** Static credentials; when absent, the SDK's chain (environment, instance or task role, web identity). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /**
   * Folder-like prefix of every key in the bucket, e.g. `documentos/`. The prefix is the product's alone: the
   * reconciliation deletes objects directly under it that look like keys and that no document points to.
   */
  prefix: string;
}

/**
 * Files in an S3-compatible bucket (production; decision 0014). Keys are the random storage keys under
 * `prefix`; the content type is the object's. Signed addresses are S3 presigned GETs, so the browser reads the
 * file from the bucket, not through this server. A put writes the whole object or nothing (S3 semantics).
 */
export class S3FileStorage implements FileStorage {
  private client: S3Client | null = null;

  /**
   * The AWS SDK (about 35 MB resident once loaded) and the client, on the first call: a server whose files are
   * never touched does not carry it (lib/sob-demanda.ts).
   */
  private readonly s3 = sobDemanda(async () => {
    const [sdk, { getSignedUrl }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
    this.client = new sdk.S3Client({
      region: this.opts.region,
      endpoint: this.opts.endpoint,
      forcePathStyle: this.opts.forcePathStyle,
      credentials: this.opts.credentials,
      // Checksums only where the API requires them: S3-compatible services differ in the optional ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { ...sdk, getSignedUrl, client: this.client };
  });

  constructor(private readonly opts: S3StorageOptions) {}

  private objeto(key: string): { Bucket: string; Key: string } {
    exigirChaveValida(key);
    return { Bucket: this.opts.bucket, Key: `${this.opts.prefix}${key}` };
  }

  async put(key: string, bytes: Buffer, mime: string): Promise<void> {
    const { client, PutObjectCommand } = await this.s3();
    await client.send(new PutObjectCommand({ ...this.objeto(key), Body: bytes, ContentType: mime, ContentLength: bytes.length }));
  }

  async get(key: string): Promise<ArquivoArmazenado | null> {
    const { client, GetObjectCommand } = await this.s3();
    try {
      const res = await client.send(new GetObjectCommand(this.objeto(key)));
      if (!res.Body) return null;
      return { bytes: Buffer.from(await res.Body.transformToByteArray()), mime: res.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (naoExiste(err)) return null;
      throw err;
    }
  }

  /**
   * A multipart upload, one part of PARTE_MULTIPART bytes in memory at a time (S3's minimum part is 5 MiB); a file
   * smaller than one part is one plain put. Completed, the object appears whole; failed, the upload is aborted.
   */
  async putStream(key: string, source: AsyncIterable<Buffer | Uint8Array>, mime: string): Promise<number> {
    const { client, AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CreateMultipartUploadCommand, UploadPartCommand } = await this.s3();
    const objeto = this.objeto(key);
    let pedacos: Buffer[] = [];
    let acumulado = 0;
    let total = 0;
    let uploadId: string | undefined;
    const partes: { ETag: string; PartNumber: number }[] = [];
    const enviarParte = async () => {
      const corpo = Buffer.concat(pedacos, acumulado);
      pedacos = [];
      acumulado = 0;
      if (!uploadId) {
        uploadId = (await client.send(new CreateMultipartUploadCommand({ ...objeto, ContentType: mime }))).UploadId;
        if (!uploadId) throw new Error('S3 multipart upload without an id');
      }
      const PartNumber = partes.length + 1;
      const r = await client.send(new UploadPartCommand({ ...objeto, UploadId: uploadId, PartNumber, Body: corpo, ContentLength: corpo.length }));
      partes.push({ ETag: r.ETag ?? '', PartNumber });
    };
    try {
      for await (const p of source) {
        const b = Buffer.isBuffer(p) ? p : Buffer.from(p);
        pedacos.push(b);
        acumulado += b.length;
        total += b.length;
        if (acumulado >= PARTE_MULTIPART) await enviarParte();
      }
      if (!uploadId) {
        await this.put(key, Buffer.concat(pedacos, acumulado), mime);
        return total;
      }
      if (acumulado > 0) await enviarParte();
      await client.send(new CompleteMultipartUploadCommand({ ...objeto, UploadId: uploadId, MultipartUpload: { Parts: partes } }));
      return total;
    } catch (err) {
      if (uploadId) await client.send(new AbortMultipartUploadCommand({ ...objeto, UploadId: uploadId })).catch(() => undefined);
      throw err;
    }
  }

  async getStream(key: string): Promise<{ stream: Readable; mime: string; tamanho: number } | null> {
    const { client, GetObjectCommand } = await this.s3();
    try {
      const res = await client.send(new GetObjectCommand(this.objeto(key)));
      if (!res.Body) return null;
      return { stream: res.Body as Readable, mime: res.ContentType ?? 'application/octet-stream', tamanho: res.ContentLength ?? 0 };
    } catch (err) {
      if (naoExiste(err)) return null;
      throw err;
    }
  }

  /** S3 answers a delete of a missing object with success, as the interface asks. */
  async delete(key: string): Promise<void> {
    const { client, DeleteObjectCommand } = await this.s3();
    await client.send(new DeleteObjectCommand(this.objeto(key)));
  }

  async signedUrl(key: string, ttlSeconds: number): Promise<string> {
    const { client, GetObjectCommand, getSignedUrl } = await this.s3();
    const comando = new GetObjectCommand({
      ...this.objeto(key),
      // Shown in the browser's tab, never cached by shared caches: these are a fisher's documents.
      ResponseContentDisposition: 'inline',
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(client, comando, { expiresIn: ttlSeconds });
  }

  /**
   * ListObjectsV2 under the prefix, a thousand keys a page, in the bucket's order (UTF-8 byte order, the same as
   * `<` for valid keys). The `/` delimiter keeps objects of deeper folders out: only the product's own keys,
   * directly under the prefix, are listed.
   */
  async *listar(): AsyncIterable<ArquivoListado> {
    const { client, ListObjectsV2Command } = await this.s3();
    let continuar: string | undefined;
    do {
      const pagina = await client.send(new ListObjectsV2Command({
        Bucket: this.opts.bucket, Prefix: this.opts.prefix, Delimiter: '/', ContinuationToken: continuar,
      }));
      for (const o of pagina.Contents ?? []) {
        const chave = o.Key?.slice(this.opts.prefix.length) ?? '';
        if (!o.Key?.startsWith(this.opts.prefix) || !CHAVE_ARQUIVO_VALIDA.test(chave)) continue;
        // Without a date the object counts as just written: never old enough to be taken for an orphan.
        yield { chave, modificadoEm: o.LastModified ?? new Date() };
      }
      continuar = pagina.IsTruncated ? pagina.NextContinuationToken : undefined;
    } while (continuar);
  }

  /** Releases the client's connections (shutdown). */
  close(): void {
    this.client?.destroy();
  }
}

/** Bytes of each part of a multipart upload (S3 asks at least 5 MiB for every part but the last). */
const PARTE_MULTIPART = 8 * 1024 * 1024;

function naoExiste(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
