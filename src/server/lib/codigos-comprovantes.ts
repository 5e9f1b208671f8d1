import { chaveDerivada, CodigoAssinado } from './codigo-assinado';

/*
 * The codes of the receipts' QR codes (decision 0044), in lib because two modules use each: the module that
 * prints a receipt signs its code, and the public check (consulta-publica for the protocol) opens it.
 */

/** What a protocol receipt's code says: which request, under which protocol number. */
export interface DadosTokenProtocolo {
  idSolicitacao: number;
  /** Digits, as stored (solicitacao.numero_protocolo). */
  numeroProtocolo: string;
}

const VERSAO_PROTOCOLO = 1;
const ROTULO_PROTOCOLO = 'rgp:comprovante-protocolo:v1';
const MAX_DIGITOS = 20;

/**
 * The code printed as the QR code of a protocol receipt (decision 0044): base64url of a version, the request id
 * (uint32), the protocol number in ASCII digits, and an HMAC of those (16 bytes) under a key derived from the
 * printed documents' key. 42 characters for a 13-digit protocol. The protocol number alone (which is sequential,
 * and printed on the receipt for the captcha lookup) opens nothing; the code cannot be made from it.
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

  /** The code's content when this key signed it; null for anything else. */
  verificar(token: string): DadosTokenProtocolo | null {
    const dados = this.codigo.abrir(token, 6, 5 + MAX_DIGITOS);
    if (!dados || dados.readUInt8(0) !== VERSAO_PROTOCOLO) return null;
    const numeroProtocolo = dados.toString('ascii', 5);
    if (!/^\d+$/.test(numeroProtocolo)) return null;
    return { idSolicitacao: dados.readUInt32BE(1), numeroProtocolo };
  }
}
/** What the code of a REAP "2ª via" says: which questionnaire, sent when. */
export interface DadosTokenReap {
  idQuestionario: number;
  /** The send (reap_questionario.enviada_em), to the second: a REAP is sent once, so this never changes. */
  enviadaEm: Date;
}

const VERSAO_REAP = 1;
const ROTULO_REAP = 'rgp:comprovante-reap:v1';
const TAMANHO_REAP = 1 + 4 + 4;

/**
 * The code printed as the QR code of a REAP receipt (decision 0044): base64url of a version, the questionnaire id
 * (uint32), the send time (uint32 Unix seconds) and an HMAC of those (16 bytes) under a key derived from the
 * printed documents' key. 34 characters; nothing personal in it.
 */
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

  /** The code's content when this key signed it; null for anything else. */
  verificar(token: string): DadosTokenReap | null {
    const dados = this.codigo.abrir(token, TAMANHO_REAP, TAMANHO_REAP);
    if (!dados || dados.readUInt8(0) !== VERSAO_REAP) return null;
    return { idQuestionario: dados.readUInt32BE(1), enviadaEm: new Date(dados.readUInt32BE(5) * 1000) };
  }
}
