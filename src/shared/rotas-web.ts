/**
 * Addresses of web screens that both sides write (the server puts them in notifications' `urlRedirecionamento`,
 * the web links to them). Route paths of the spec, point 2.
 */

/** The documents screen of a request (also the "edição de documentos", type 9), with its rejection record. */
export function rotaDocumentos(idSolicitacao: number, tipoSolicitacao: number): string {
  return `/pescador/documentos?idSolicitacao=${idSolicitacao}&tipoSolicitacao=${tipoSolicitacao}`;
}

/** The fisher's and the staff's home. */
export const ROTA_HOME = '/home';
