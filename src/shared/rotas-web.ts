/** Screen addresses the server also writes, in notifications and printed QR codes (spec point 2). */

export const ROTA_HOME = '/home';

/** Query: idSolicitacao, tipoSolicitacao. */
export const ROTA_DOCUMENTOS = '/pescador/documentos';

export function rotaDocumentos(idSolicitacao: number, tipoSolicitacao: number): string {
  return `${ROTA_DOCUMENTOS}?idSolicitacao=${idSolicitacao}&tipoSolicitacao=${tipoSolicitacao}`;
}

/** Printed on the card. */
export const ROTA_CONSULTA_CARTEIRA = '/consulta-carteira';
export const ROTA_LISTA_DO_ATO = '/estou-na-lista';

/** Query: protocolo (the receipt's QR code). */
export const ROTA_CONSULTA_PROTOCOLO = '/consulta-protocolo';

/** Query: token. */
export const ROTA_VERIFICAR_CARTEIRA = '/verificar-carteira';

export function rotaVerificarCarteira(token: string): string {
  return `${ROTA_VERIFICAR_CARTEIRA}?token=${encodeURIComponent(token)}`;
}

export function rotaConsultaProtocolo(numeroProtocolo: string): string {
  return `${ROTA_CONSULTA_PROTOCOLO}?protocolo=${encodeURIComponent(numeroProtocolo)}`;
}

// Spec point 2 where it names them, the rest decided here so that links agree.

/** `?sucesso=true` after a REAP is saved. */
export const ROTA_REAP = '/reap';
/** Query: idQuestionarioBasico. */
export const ROTA_REAP_DECLARACAO = '/reap/declaracao';
/** Query: idQuestionarioBasico. */
export const ROTA_REAP_ARTESANAL = '/reap/artesanal';
export const ROTA_REAP_INDUSTRIAL = '/reap/industrial';
export const ROTA_REAP_OBRIGACOES = '/analise/reap-obrigacoes';

export const ROTA_ADMINISTRACAO = '/administracao';
export const ROTA_ADMIN_USUARIOS = '/administracao/usuarios';
/** Query: cpf when editing. */
export const ROTA_ADMIN_USUARIO_EDITAR = '/administracao/usuarios/editar';
export const ROTA_ADMIN_HORARIO_ACESSO = '/administracao/horario-acesso';
export const ROTA_ADMIN_CLIENTES_INTEGRACAO = '/administracao/clientes-integracao';
export const ROTA_ADMIN_ATOS = '/administracao/ato-normativo/gerenciamento-ato-normativo';
/** Query: id when editing. */
export const ROTA_ADMIN_ATO_FORM = '/administracao/ato-normativo/formulario';
export const ROTA_ADMIN_FORCAS_TAREFA = '/administracao/forca-tarefa/gerenciamento-forca-tarefa';
/** Query: id when editing. */
export const ROTA_ADMIN_FORCA_TAREFA_FORM = '/administracao/forca-tarefa/formulario';
/** Query: tipoSituacao (1 cancel, 2 suspend, 3 reactivate). */
export const ROTA_ADMIN_LOTE = '/administracao/processamento-lote';
export const ROTA_ADMIN_PRAZOS_REAP = '/administracao/prazos-reap';
export const ROTA_ADMIN_LOTE_HISTORICO = '/administracao/processamento-lote/historico';
export const ROTA_ADMIN_RELATORIO = '/administracao/relatorio-pescadores';
export const ROTA_ADMIN_AUDITORIA = '/administracao/auditoria';
export const ROTA_ESTATISTICAS = '/estatisticas';

// The receipts' QR checks (docs/decisions/0044): public, no captcha.

export const ROTA_VERIFICAR_PROTOCOLO = '/verificar-protocolo';
export function rotaVerificarProtocolo(token: string): string {
  return `${ROTA_VERIFICAR_PROTOCOLO}?token=${encodeURIComponent(token)}`;
}

export const ROTA_VERIFICAR_REAP = '/verificar-reap';
export function rotaVerificarReap(token: string): string {
  return `${ROTA_VERIFICAR_REAP}?token=${encodeURIComponent(token)}`;
}

/** Tipo 10. */
export const ROTA_REGULARIZACAO = '/pescador/regularizacao';

/** Appeals (docs/decisions/0088). */
export const ROTA_RECURSOS = '/pescador/recursos';
export function rotaRecurso(id: number): string {
  return `${ROTA_RECURSOS}/${id}`;
}
export const ROTA_FILA_RECURSOS = '/recursos';
export function rotaDecisaoRecurso(id: number): string {
  return `${ROTA_FILA_RECURSOS}/${id}`;
}

/** Representative entities (docs/decisions/0110). */
export const ROTA_ADMIN_ENTIDADES = '/administracao/entidades';
export const ROTA_QUEM_ME_REPRESENTA = '/pescador/quem-me-representa';
export const ROTA_MESA_AGENTE = '/representacao';
/** The agent files a consent term; the analyst's queue of terms to validate. */
export const ROTA_TERMO_CONSENTIMENTO = '/representacao/termo';
export const ROTA_FILA_TERMOS = '/analise/termos-consentimento';

/** Where the fisher chooses the channels of their notices (decision 0156). */
export const ROTA_AVISOS = '/pescador/avisos';
