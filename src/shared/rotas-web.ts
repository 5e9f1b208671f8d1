/**
 * Addresses of web screens that both sides write (the server puts them in notifications' `urlRedirecionamento`
 * and in the QR codes of the PDFs it prints, the web routes and links to them). Route paths of the spec, point 2.
 */

/** The fisher's and the staff's home. */
export const ROTA_HOME = '/home';

/** The documents screen of a request; its query: idSolicitacao, tipoSolicitacao. */
export const ROTA_DOCUMENTOS = '/pescador/documentos';

/** The documents screen of a request (also the "edição de documentos", type 9), with its rejection record. */
export function rotaDocumentos(idSolicitacao: number, tipoSolicitacao: number): string {
  return `${ROTA_DOCUMENTOS}?idSolicitacao=${idSolicitacao}&tipoSolicitacao=${tipoSolicitacao}`;
}

/** Public check of a professional card by CPF and RGP number (printed on the card). */
export const ROTA_CONSULTA_CARTEIRA = '/consulta-carteira';

/** Public check of a registration protocol; its query: protocolo (the receipt's QR code). */
export const ROTA_CONSULTA_PROTOCOLO = '/consulta-protocolo';

/** The page a printed card's QR code opens; its query: token. */
export const ROTA_VERIFICAR_CARTEIRA = '/verificar-carteira';

/** The card's QR check for a verification code. */
export function rotaVerificarCarteira(token: string): string {
  return `${ROTA_VERIFICAR_CARTEIRA}?token=${encodeURIComponent(token)}`;
}

/** The public protocol check of a receipt. */
export function rotaConsultaProtocolo(numeroProtocolo: string): string {
  return `${ROTA_CONSULTA_PROTOCOLO}?protocolo=${encodeURIComponent(numeroProtocolo)}`;
}
