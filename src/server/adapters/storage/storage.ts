import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

export interface ArquivoArmazenado {
  bytes: Buffer;
  mime: string;
}

export interface ArquivoListado {
  chave: string;
  modificadoEm: Date;
}

/** Keys are random, never a user's file name. */
export interface FileStorage {
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  get(key: string): Promise<ArquivoArmazenado | null>;
  /** Removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  signedUrl(key: string, ttlSeconds: number): Promise<string>;
  /** Every key once, in ascending byte order: the reconciliation walks it beside the rows. Non-keys are skipped. */
  listar(): AsyncIterable<ArquivoListado>;
  /** In bounded memory, all or nothing like `put` (decision 0036). */
  putStream(key: string, source: AsyncIterable<Buffer | Uint8Array>, mime: string): Promise<number>;
  getStream(key: string): Promise<{ stream: Readable; mime: string; tamanho: number } | null>;
}

/** No dots, no slashes: no path can be built from one. */
export const CHAVE_ARQUIVO_VALIDA = /^[A-Za-z0-9_-]{8,100}$/;

export function exigirChaveValida(key: string): void {
  if (!CHAVE_ARQUIVO_VALIDA.test(key)) throw new Error('invalid storage key');
}

export function novaChaveArquivo(): string {
  return crypto.randomBytes(16).toString('hex');
}

/** FILE_SIGNING_SECRET, else derived one-way (HKDF): a leaked file-signing key cannot sign session tokens. */
export function chaveAssinaturaArquivos(configurada: string | undefined, jwtSecret: Uint8Array): Uint8Array {
  if (configurada) return new TextEncoder().encode(configurada);
  return new Uint8Array(crypto.hkdfSync('sha256', jwtSecret, 'rgp', 'rgp:assinatura-de-arquivos:v1', 32));
}

/** Whoever holds the address may read the file until it expires, hence its short life. */
export class AssinadorArquivos {
  constructor(
    private readonly segredo: Uint8Array,
    private readonly now: () => Date = () => new Date(),
  ) {}

  assinar(key: string, ttlSeconds: number): { expira: number; assinatura: string } {
    const expira = Math.floor(this.now().getTime() / 1000) + ttlSeconds;
    return { expira, assinatura: this.hmac(key, expira) };
  }

  verificar(key: string, expira: string | number | undefined, assinatura: string | undefined): boolean {
    if (expira === undefined || assinatura === undefined) return false;
    const exp = typeof expira === 'number' ? expira : /^\d{1,12}$/.test(expira) ? Number(expira) : NaN;
    if (!Number.isSafeInteger(exp)) return false;
    const esperada = Buffer.from(this.hmac(key, exp));
    const recebida = Buffer.from(assinatura);
    if (esperada.length !== recebida.length || !crypto.timingSafeEqual(esperada, recebida)) return false;
    return exp > Math.floor(this.now().getTime() / 1000);
  }

  enderecoLocal(key: string, ttlSeconds: number): string {
    const { expira, assinatura } = this.assinar(key, ttlSeconds);
    return `/api/arquivos/${encodeURIComponent(key)}?expira=${expira}&assinatura=${assinatura}`;
  }

  private hmac(key: string, expira: number): string {
    return crypto.createHmac('sha256', this.segredo).update(`${key}\n${expira}`).digest('base64url');
  }
}
