import {
  DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
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
  private readonly client: S3Client;

  constructor(private readonly opts: S3StorageOptions) {
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      credentials: opts.credentials,
      // Checksums only where the API requires them: S3-compatible services differ in the optional ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objeto(key: string): { Bucket: string; Key: string } {
    exigirChaveValida(key);
    return { Bucket: this.opts.bucket, Key: `${this.opts.prefix}${key}` };
  }

  async put(key: string, bytes: Buffer, mime: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ ...this.objeto(key), Body: bytes, ContentType: mime, ContentLength: bytes.length }));
  }

  async get(key: string): Promise<ArquivoArmazenado | null> {
    try {
      const res = await this.client.send(new GetObjectCommand(this.objeto(key)));
      if (!res.Body) return null;
      return { bytes: Buffer.from(await res.Body.transformToByteArray()), mime: res.ContentType ?? 'application/octet-stream' };
    } catch (err) {
      if (naoExiste(err)) return null;
      throw err;
    }
  }

  /** S3 answers a delete of a missing object with success, as the interface asks. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand(this.objeto(key)));
  }

  async signedUrl(key: string, ttlSeconds: number): Promise<string> {
    const comando = new GetObjectCommand({
      ...this.objeto(key),
      // Shown in the browser's tab, never cached by shared caches: these are a fisher's documents.
      ResponseContentDisposition: 'inline',
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(this.client, comando, { expiresIn: ttlSeconds });
  }

  /**
   * ListObjectsV2 under the prefix, a thousand keys a page, in the bucket's order (UTF-8 byte order, the same as
   * `<` for valid keys). The `/` delimiter keeps objects of deeper folders out: only the product's own keys,
   * directly under the prefix, are listed.
   */
  async *listar(): AsyncIterable<ArquivoListado> {
    let continuar: string | undefined;
    do {
      const pagina = await this.client.send(new ListObjectsV2Command({
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
    this.client.destroy();
  }
}

function naoExiste(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
