/** Addresses of web screens both sides write: the server in notifications and printed QR codes (spec point 2). */

/** The fisher's and the staff's home. */
export const ROTA_HOME = '/home';

/** The documents screen of a request; its query: idSolicitacao, tipoSolicitacao. */
export const ROTA_DOCUMENTOS = '/pescador/documentos';

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

// The state half's screens: spec point 2 where it names them, the rest decided here so that links agree.

/** The fisher's REAP obligations by year; `/reap?sucesso=true` after a REAP is saved. */
export const ROTA_REAP = '/reap';
/** REAP declaration and acceptance; query idQuestionarioBasico. */
export const ROTA_REAP_DECLARACAO = '/reap/declaracao';
/** The artesanal REAP form; query idQuestionarioBasico. */
export const ROTA_REAP_ARTESANAL = '/reap/artesanal';
export const ROTA_REAP_INDUSTRIAL = '/reap/industrial';
/** Staff: REAP obligations list. */
export const ROTA_REAP_OBRIGACOES = '/analise/reap-obrigacoes';

/** Admin home (GESTOR, ADMIN; CONSULTA_INTERNO reads). */
export const ROTA_ADMINISTRACAO = '/administracao';
export const ROTA_ADMIN_USUARIOS = '/administracao/usuarios';
/** Server-user edit with CPF lookup; query cpf when editing. */
export const ROTA_ADMIN_USUARIO_EDITAR = '/administracao/usuarios/editar';
export const ROTA_ADMIN_HORARIO_ACESSO = '/administracao/horario-acesso';
export const ROTA_ADMIN_ATOS = '/administracao/ato-normativo/gerenciamento-ato-normativo';
/** Normative-act form; query id when editing. */
export const ROTA_ADMIN_ATO_FORM = '/administracao/ato-normativo/formulario';
export const ROTA_ADMIN_FORCAS_TAREFA = '/administracao/forca-tarefa/gerenciamento-forca-tarefa';
/** Task-force form; query id when editing. */
export const ROTA_ADMIN_FORCA_TAREFA_FORM = '/administracao/forca-tarefa/formulario';
/** Batch processing form; query tipoSituacao (1 cancel, 2 suspend, 3 reactivate). */
export const ROTA_ADMIN_LOTE = '/administracao/processamento-lote';
export const ROTA_ADMIN_PRAZOS_REAP = '/administracao/prazos-reap';
/** Batch history with progress and per-CPF results. */
export const ROTA_ADMIN_LOTE_HISTORICO = '/administracao/processamento-lote/historico';
/** Fisher report by characteristics. */
export const ROTA_ADMIN_RELATORIO = '/administracao/relatorio-pescadores';
/** Audit trail reading. */
export const ROTA_ADMIN_AUDITORIA = '/administracao/auditoria';
/** Public open statistics (no sign-in). */
export const ROTA_ESTATISTICAS = '/estatisticas';

// The receipts' QR checks (decision 0044): public, no sign-in, no captcha.

/** The page a protocol receipt's QR code opens. */
export const ROTA_VERIFICAR_PROTOCOLO = '/verificar-protocolo';
export function rotaVerificarProtocolo(token: string): string {
  return `${ROTA_VERIFICAR_PROTOCOLO}?token=${encodeURIComponent(token)}`;
}

/** The page a REAP "2ª via" QR code opens. */
export const ROTA_VERIFICAR_REAP = '/verificar-reap';
export function rotaVerificarReap(token: string): string {
  return `${ROTA_VERIFICAR_REAP}?token=${encodeURIComponent(token)}`;
}

/** The fisher's request of regularisation of a suspended registry (tipo 10). */
export const ROTA_REGULARIZACAO = '/pescador/regularizacao';

/** Appeals (decision 0088): the fisher's list and filing, one appeal, the staff queue and its decision screen. */
export const ROTA_RECURSOS = '/pescador/recursos';
export function rotaRecurso(id: number): string {
  return `${ROTA_RECURSOS}/${id}`;
}
export const ROTA_FILA_RECURSOS = '/recursos';
export function rotaDecisaoRecurso(id: number): string {
  return `${ROTA_FILA_RECURSOS}/${id}`;
}
