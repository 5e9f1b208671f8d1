import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { sobDemanda } from '../../lib/sob-demanda';
import {
  CHAVE_ARQUIVO_VALIDA, exigirChaveValida, type ArquivoArmazenado, type ArquivoListado, type FileStorage,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The prefix is the product's alone: the reconciliation deletes key-like objects under it that no document names. */
  prefix: string;
}

/** Decision 0014: presigned GETs, so the browser reads the file from the bucket. */
export class S3FileStorage implements FileStorage {
  private client: S3Client | null = null;

  /** Loaded on the first call: a server whose files are never touched does not carry the SDK (lib/sob-demanda.ts). */
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

  /** One part in memory at a time; failed, the upload is aborted. */
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

  /** The `/` delimiter keeps deeper folders out: only the product's own keys, directly under the prefix. */
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

/** S3 asks at least 5 MiB for every part but the last. */
const PARTE_MULTIPART = 8 * 1024 * 1024;

function naoExiste(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
