import crypto from 'node:crypto';

/** HMAC-SHA256 truncated to 128 bits, as the card's code (carteira-token.ts). */
const TAMANHO_MAC = 16;

/** A label per kind, so a code of one kind never verifies as another; one secret signs every printed QR (decision 0044). */
export function chaveDerivada(chaveDocumentosImpressos: Uint8Array, rotulo: string): Uint8Array {
  return new Uint8Array(crypto.hkdfSync('sha256', chaveDocumentosImpressos, 'rgp', rotulo, 32));
}

/** Checks only that the code came from this key, whole. */
export class CodigoAssinado {
  constructor(private readonly chave: Uint8Array) {}

  assinar(dados: Buffer): string {
    return Buffer.concat([dados, this.mac(dados)]).toString('base64url');
  }

  /** Null for anything else: tampered, truncated, padded, of another key. */
  abrir(codigo: string, minimo: number, maximo: number): Buffer | null {
    if (!/^[A-Za-z0-9_-]+$/.test(codigo) || codigo.length > 4 * Math.ceil((maximo + TAMANHO_MAC) / 3)) return null;
    const bytes = Buffer.from(codigo, 'base64url');
    // Only the canonical spelling: two spellings of one code would be two codes for the audit and the limits.
    if (bytes.toString('base64url') !== codigo) return null;
    const n = bytes.length - TAMANHO_MAC;
    if (n < minimo || n > maximo) return null;
    const dados = bytes.subarray(0, n);
    return crypto.timingSafeEqual(this.mac(dados), bytes.subarray(n)) ? Buffer.from(dados) : null;
  }

  private mac(dados: Buffer): Buffer {
    return crypto.createHmac('sha256', this.chave).update(dados).digest().subarray(0, TAMANHO_MAC);
  }
}
