import crypto from 'node:crypto';
import { isRgpValido, normalizarRgp } from '../../../shared/rgp';

export interface DadosTokenCarteira {
  idPescador: number;
  /** Normalised: 'PAPA00000000042'. */
  numeroRgp: string;
  /** The issue (pescador.data_emissao_carteira), to the second. */
  emitidaEm: Date;
}

const VERSAO = 1;
const TAMANHO_RGP = 15;
const TAMANHO_DADOS = 1 + 4 + 4 + TAMANHO_RGP;
/** HMAC-SHA256 truncated to 128 bits: forging one takes 2^128 tries against a rate-limited endpoint. */
const TAMANHO_MAC = 16;

/**
 * CARTEIRA_TOKEN_SECRET, else derived from the token key in development. A card is carried for years, so production
 * sets its own key that outlives session-key rotations; rotating it voids every printed QR code, the point after a leak.
 */
export function chaveTokenCarteira(configurada: string | undefined, jwtSecret: Uint8Array): Uint8Array {
  if (configurada) return new TextEncoder().encode(configurada);
  return new Uint8Array(crypto.hkdfSync('sha256', jwtSecret, 'rgp', 'rgp:carteira-profissional:v1', 32));
}

/** 54 characters, a small QR code. Nothing personal but the RGP number, printed on the card anyway. */
export class AssinadorCarteira {
  constructor(private readonly chave: Uint8Array) {}

  assinar(d: DadosTokenCarteira): string {
    const rgp = normalizarRgp(d.numeroRgp);
    if (rgp.length !== TAMANHO_RGP || !isRgpValido(rgp)) throw new Error('invalid RGP number for a card token');
    const segundos = Math.floor(d.emitidaEm.getTime() / 1000);
    if (!Number.isSafeInteger(d.idPescador) || d.idPescador < 1 || d.idPescador > 0xffffffff) throw new Error('fisher id out of range');
    if (segundos < 0 || segundos > 0xffffffff) throw new Error('issue date out of range');
    const dados = Buffer.alloc(TAMANHO_DADOS);
    dados.writeUInt8(VERSAO, 0);
    dados.writeUInt32BE(d.idPescador, 1);
    dados.writeUInt32BE(segundos, 5);
    dados.write(rgp, 9, 'ascii');
    return Buffer.concat([dados, this.mac(dados)]).toString('base64url');
  }

  /** Null for anything else: tampered, truncated, foreign. */
  verificar(token: string): DadosTokenCarteira | null {
    if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length !== TAMANHO_DADOS + TAMANHO_MAC || bytes.toString('base64url') !== token) return null;
    const dados = bytes.subarray(0, TAMANHO_DADOS);
    if (!crypto.timingSafeEqual(this.mac(dados), bytes.subarray(TAMANHO_DADOS))) return null;
    if (dados.readUInt8(0) !== VERSAO) return null;
    const numeroRgp = dados.toString('ascii', 9, 9 + TAMANHO_RGP);
    if (!isRgpValido(numeroRgp)) return null;
    return {
      idPescador: dados.readUInt32BE(1),
      emitidaEm: new Date(dados.readUInt32BE(5) * 1000),
      numeroRgp,
    };
  }

  private mac(dados: Buffer): Buffer {
    return crypto.createHmac('sha256', this.chave).update(dados).digest().subarray(0, TAMANHO_MAC);
  }
}
