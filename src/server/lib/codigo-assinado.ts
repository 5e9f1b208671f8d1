import crypto from 'node:crypto';

/** HMAC-SHA256 truncated to 128 bits, as the card's code (carteira-token.ts). */
const TAMANHO_MAC = 16;

/**
 * A key of its own for one kind of printed code, derived (HKDF-SHA256) from the key of the printed documents
 * (the card's, CARTEIRA_TOKEN_SECRET) with a label per kind: a code of one kind never verifies as another, and
 * one secret to guard and to rotate signs every QR code the product prints (decision 0044).
 */
export function chaveDerivada(chaveDocumentosImpressos: Uint8Array, rotulo: string): Uint8Array {
  return new Uint8Array(crypto.hkdfSync('sha256', chaveDocumentosImpressos, 'rgp', rotulo, 32));
}

/**
 * Signs and opens the short codes printed as QR codes: base64url of the content followed by its HMAC. What the
 * content holds is the caller's business; this checks only that the code came from this key, whole.
 */
export class CodigoAssinado {
  constructor(private readonly chave: Uint8Array) {}

  assinar(dados: Buffer): string {
    return Buffer.concat([dados, this.mac(dados)]).toString('base64url');
  }

  /**
   * The content of a code signed by this key, when it is `minimo` to `maximo` bytes long; null for anything
   * else (tampered, truncated, padded, of another key, not base64url).
   */
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
