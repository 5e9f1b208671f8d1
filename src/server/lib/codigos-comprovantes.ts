import { chaveDerivada, CodigoAssinado } from './codigo-assinado';

/* The codes of the receipts' QR codes (decision 0044): in lib because one module signs and another opens each. */

export interface DadosTokenProtocolo {
  idSolicitacao: number;
  /** Digits, as stored (solicitacao.numero_protocolo). */
  numeroProtocolo: string;
}

const VERSAO_PROTOCOLO = 1;
const ROTULO_PROTOCOLO = 'rgp:comprovante-protocolo:v1';
const MAX_DIGITOS = 20;

/**
 * A protocol receipt's code: version, request id, protocol number and an HMAC of those. The protocol number alone,
 * sequential and printed, opens nothing; the code cannot be made from it.
 */
export class AssinadorProtocolo {
  private readonly codigo: CodigoAssinado;

  constructor(chaveDocumentosImpressos: Uint8Array) {
    this.codigo = new CodigoAssinado(chaveDerivada(chaveDocumentosImpressos, ROTULO_PROTOCOLO));
  }

  assinar(d: DadosTokenProtocolo): string {
    if (!Number.isSafeInteger(d.idSolicitacao) || d.idSolicitacao < 1 || d.idSolicitacao > 0xffffffff) throw new Error('request id out of range');
    if (!new RegExp(`^\\d{1,${MAX_DIGITOS}}$`).test(d.numeroProtocolo)) throw new Error('invalid protocol number for a receipt code');
    const dados = Buffer.alloc(5 + d.numeroProtocolo.length);
    dados.writeUInt8(VERSAO_PROTOCOLO, 0);
    dados.writeUInt32BE(d.idSolicitacao, 1);
    dados.write(d.numeroProtocolo, 5, 'ascii');
    return this.codigo.assinar(dados);
  }

  /** Null for anything this key did not sign. */
  verificar(token: string): DadosTokenProtocolo | null {
    const dados = this.codigo.abrir(token, 6, 5 + MAX_DIGITOS);
    if (!dados || dados.readUInt8(0) !== VERSAO_PROTOCOLO) return null;
    const numeroProtocolo = dados.toString('ascii', 5);
    if (!/^\d+$/.test(numeroProtocolo)) return null;
    return { idSolicitacao: dados.readUInt32BE(1), numeroProtocolo };
  }
}
export interface DadosTokenReap {
  idQuestionario: number;
  /** A REAP is sent once, so this never changes. */
  enviadaEm: Date;
}

const VERSAO_REAP = 1;
const ROTULO_REAP = 'rgp:comprovante-reap:v1';
const TAMANHO_REAP = 1 + 4 + 4;

/** A REAP receipt's code: version, questionnaire id, send time and an HMAC of those; nothing personal. */
export class AssinadorReap {
  private readonly codigo: CodigoAssinado;

  constructor(chaveDocumentosImpressos: Uint8Array) {
    this.codigo = new CodigoAssinado(chaveDerivada(chaveDocumentosImpressos, ROTULO_REAP));
  }

  assinar(d: DadosTokenReap): string {
    const segundos = Math.floor(d.enviadaEm.getTime() / 1000);
    if (!Number.isSafeInteger(d.idQuestionario) || d.idQuestionario < 1 || d.idQuestionario > 0xffffffff) throw new Error('REAP id out of range');
    if (!(segundos >= 0 && segundos <= 0xffffffff)) throw new Error('send date out of range');
    const dados = Buffer.alloc(TAMANHO_REAP);
    dados.writeUInt8(VERSAO_REAP, 0);
    dados.writeUInt32BE(d.idQuestionario, 1);
    dados.writeUInt32BE(segundos, 5);
    return this.codigo.assinar(dados);
  }

  /** Null for anything this key did not sign. */
  verificar(token: string): DadosTokenReap | null {
    const dados = this.codigo.abrir(token, TAMANHO_REAP, TAMANHO_REAP);
    if (!dados || dados.readUInt8(0) !== VERSAO_REAP) return null;
    return { idQuestionario: dados.readUInt32BE(1), enviadaEm: new Date(dados.readUInt32BE(5) * 1000) };
  }
}
