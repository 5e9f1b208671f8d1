/** The envelope's `codigoErro`, so the web branches on a code and never on message text. */
export const CodigoErro = {
  DADOS_INVALIDOS: 'DADOS_INVALIDOS',
  /** The client refreshes once and replays. */
  TOKEN_EXPIRADO: 'TOKEN_EXPIRADO',
  NAO_AUTENTICADO: 'NAO_AUTENTICADO',
  SEM_PERMISSAO: 'SEM_PERMISSAO',
  /** A staff user blocked, past their validity or outside their hours. */
  FORA_DO_HORARIO: 'FORA_DO_HORARIO',
  NAO_ENCONTRADO: 'NAO_ENCONTRADO',
  ESTADO_NAO_PERMITE: 'ESTADO_NAO_PERMITE',
  CONFLITO: 'CONFLITO',
  CORPO_GRANDE_DEMAIS: 'CORPO_GRANDE_DEMAIS',
  MUITAS_REQUISICOES: 'MUITAS_REQUISICOES',
  CAPTCHA_INVALIDO: 'CAPTCHA_INVALIDO',
  ERRO_INTERNO: 'ERRO_INTERNO',
  INDISPONIVEL: 'INDISPONIVEL',
  /** Load shed; retry after `Retry-After`. */
  SOBRECARREGADO: 'SOBRECARREGADO',

  // Domain refusals: a screen tells them from the other failures of their status.

  /** No hours configured for the agency, or no server to update: the screen tells it as information. */
  HORARIO_NADA_A_APLICAR: 'HORARIO_NADA_A_APLICAR',
  REAP_JA_ENVIADA: 'REAP_JA_ENVIADA',
  REAP_FORA_DO_PRAZO: 'REAP_FORA_DO_PRAZO',
  REAP_SEM_PENDENCIAS: 'REAP_SEM_PENDENCIAS',
  SOLICITACAO_NAO_EDITAVEL: 'SOLICITACAO_NAO_EDITAVEL',
  SOLICITACAO_EM_ANDAMENTO: 'SOLICITACAO_EM_ANDAMENTO',
  SOLICITACAO_INDISPONIVEL: 'SOLICITACAO_INDISPONIVEL',
  CIN_EXIGIDA: 'CIN_EXIGIDA',
  ARQUIVO_INVALIDO: 'ARQUIVO_INVALIDO',
  ANALISE_INDISPONIVEL: 'ANALISE_INDISPONIVEL',
  RECURSO_INDISPONIVEL: 'RECURSO_INDISPONIVEL',
  USUARIO_JA_CADASTRADO: 'USUARIO_JA_CADASTRADO',
  ENTIDADE_JA_CADASTRADA: 'ENTIDADE_JA_CADASTRADA',
  /** Suspended, outside its act, or not serving the fisher's state. */
  ENTIDADE_INDISPONIVEL: 'ENTIDADE_INDISPONIVEL',
  DELEGACAO_INDISPONIVEL: 'DELEGACAO_INDISPONIVEL',
  /** An agent acting for a fisher without a delegation in force (docs/decisions/0110). */
  REPRESENTACAO_RECUSADA: 'REPRESENTACAO_RECUSADA',
  ULTIMO_GESTOR: 'ULTIMO_GESTOR',
  INADIMPLENCIA_JA_EXECUTADA: 'INADIMPLENCIA_JA_EXECUTADA',
  /** An extension is a new act: docs/decisions/0071. */
  PRAZO_REAP_ATO_REPETIDO: 'PRAZO_REAP_ATO_REPETIDO',
  /** The client asks how much arrived and goes on from there. */
  ENVIO_FORA_DE_ORDEM: 'ENVIO_FORA_DE_ORDEM',
  ENVIO_INCOMPLETO: 'ENVIO_INCOMPLETO',
  /** A revoked machine client stays revoked: register a new one. */
  CLIENTE_REVOGADO: 'CLIENTE_REVOGADO',
  /** An agency's list already run or refused by a GESTOR (decision 0123). */
  LISTA_JA_ANALISADA: 'LISTA_JA_ANALISADA',
  /** A duplicate still being processed; retry after `Retry-After` (docs/decisions/0060). */
  IDEMPOTENCIA_EM_ANDAMENTO: 'IDEMPOTENCIA_EM_ANDAMENTO',
  IDEMPOTENCIA_CHAVE_REUTILIZADA: 'IDEMPOTENCIA_CHAVE_REUTILIZADA',
} as const;
export type CodigoErro = (typeof CodigoErro)[keyof typeof CodigoErro];

/**
 * Each contract lists the domain refusals it may answer; under test an unlisted one answers 500, so a contract that
 * forgot one is caught (docs/decisions/0080). The plugins' codes are not listed.
 */
export const CODIGOS_DE_DOMINIO = [
  CodigoErro.HORARIO_NADA_A_APLICAR,
  CodigoErro.REAP_JA_ENVIADA,
  CodigoErro.REAP_FORA_DO_PRAZO,
  CodigoErro.REAP_SEM_PENDENCIAS,
  CodigoErro.SOLICITACAO_NAO_EDITAVEL,
  CodigoErro.SOLICITACAO_EM_ANDAMENTO,
  CodigoErro.SOLICITACAO_INDISPONIVEL,
  CodigoErro.CIN_EXIGIDA,
  CodigoErro.ARQUIVO_INVALIDO,
  CodigoErro.ANALISE_INDISPONIVEL,
  CodigoErro.RECURSO_INDISPONIVEL,
  CodigoErro.USUARIO_JA_CADASTRADO,
  CodigoErro.ENTIDADE_JA_CADASTRADA,
  CodigoErro.ENTIDADE_INDISPONIVEL,
  CodigoErro.DELEGACAO_INDISPONIVEL,
  CodigoErro.ULTIMO_GESTOR,
  CodigoErro.INADIMPLENCIA_JA_EXECUTADA,
  CodigoErro.PRAZO_REAP_ATO_REPETIDO,
  CodigoErro.ENVIO_FORA_DE_ORDEM,
  CodigoErro.ENVIO_INCOMPLETO,
  CodigoErro.CLIENTE_REVOGADO,
  CodigoErro.LISTA_JA_ANALISADA,
] as const;
export type CodigoDeDominio = (typeof CODIGOS_DE_DOMINIO)[number];

export function ehCodigoDeDominio(codigo: CodigoErro): codigo is CodigoDeDominio {
  return (CODIGOS_DE_DOMINIO as readonly CodigoErro[]).includes(codigo);
}

/** A screen handling a general code (the spec's "406 → home") handles its domain cases too. */
const CASO_DE: Partial<Record<CodigoErro, CodigoErro>> = {
  HORARIO_NADA_A_APLICAR: CodigoErro.NAO_ENCONTRADO,
  REAP_JA_ENVIADA: CodigoErro.ESTADO_NAO_PERMITE,
  REAP_FORA_DO_PRAZO: CodigoErro.ESTADO_NAO_PERMITE,
  REAP_SEM_PENDENCIAS: CodigoErro.ESTADO_NAO_PERMITE,
  SOLICITACAO_NAO_EDITAVEL: CodigoErro.ESTADO_NAO_PERMITE,
  SOLICITACAO_EM_ANDAMENTO: CodigoErro.ESTADO_NAO_PERMITE,
  SOLICITACAO_INDISPONIVEL: CodigoErro.ESTADO_NAO_PERMITE,
  CIN_EXIGIDA: CodigoErro.ESTADO_NAO_PERMITE,
  ARQUIVO_INVALIDO: CodigoErro.DADOS_INVALIDOS,
  ANALISE_INDISPONIVEL: CodigoErro.ESTADO_NAO_PERMITE,
  RECURSO_INDISPONIVEL: CodigoErro.ESTADO_NAO_PERMITE,
  USUARIO_JA_CADASTRADO: CodigoErro.CONFLITO,
  CLIENTE_REVOGADO: CodigoErro.ESTADO_NAO_PERMITE,
  LISTA_JA_ANALISADA: CodigoErro.ESTADO_NAO_PERMITE,
  ENTIDADE_JA_CADASTRADA: CodigoErro.CONFLITO,
  ENTIDADE_INDISPONIVEL: CodigoErro.ESTADO_NAO_PERMITE,
  DELEGACAO_INDISPONIVEL: CodigoErro.ESTADO_NAO_PERMITE,
  REPRESENTACAO_RECUSADA: CodigoErro.SEM_PERMISSAO,
  ULTIMO_GESTOR: CodigoErro.CONFLITO,
  INADIMPLENCIA_JA_EXECUTADA: CodigoErro.ESTADO_NAO_PERMITE,
  PRAZO_REAP_ATO_REPETIDO: CodigoErro.DADOS_INVALIDOS,
  ENVIO_FORA_DE_ORDEM: CodigoErro.CONFLITO,
  ENVIO_INCOMPLETO: CodigoErro.CONFLITO,
  FORA_DO_HORARIO: CodigoErro.SEM_PERMISSAO,
  CAPTCHA_INVALIDO: CodigoErro.SEM_PERMISSAO,
  TOKEN_EXPIRADO: CodigoErro.NAO_AUTENTICADO,
  SOBRECARREGADO: CodigoErro.INDISPONIVEL,
  IDEMPOTENCIA_EM_ANDAMENTO: CodigoErro.CONFLITO,
};

export function codigoGeral(codigo: CodigoErro): CodigoErro {
  return CASO_DE[codigo] ?? codigo;
}

export function ehCasoDe(codigo: CodigoErro | undefined, geral: CodigoErro): boolean {
  return codigo !== undefined && (codigo === geral || codigoGeral(codigo) === geral);
}

export function statusDoCodigo(codigo: CodigoErro): number {
  switch (codigoGeral(codigo)) {
    case CodigoErro.DADOS_INVALIDOS: return 400;
    case CodigoErro.NAO_AUTENTICADO: return 401;
    case CodigoErro.SEM_PERMISSAO: return 403;
    case CodigoErro.NAO_ENCONTRADO: return 404;
    case CodigoErro.ESTADO_NAO_PERMITE: return 406;
    case CodigoErro.CONFLITO: return 409;
    case CodigoErro.CORPO_GRANDE_DEMAIS: return 413;
    case CodigoErro.MUITAS_REQUISICOES: return 429;
    case CodigoErro.INDISPONIVEL: return 503;
    case CodigoErro.IDEMPOTENCIA_CHAVE_REUTILIZADA: return 422;
    default: return 500;
  }
}

/** Also for an answer without the envelope, such as a proxy's page. */
export function codigoErroDoStatus(status: number): CodigoErro {
  switch (status) {
    case 400: return CodigoErro.DADOS_INVALIDOS;
    case 401: return CodigoErro.NAO_AUTENTICADO;
    case 403: return CodigoErro.SEM_PERMISSAO;
    case 404: return CodigoErro.NAO_ENCONTRADO;
    case 406: return CodigoErro.ESTADO_NAO_PERMITE;
    case 409: return CodigoErro.CONFLITO;
    case 413: return CodigoErro.CORPO_GRANDE_DEMAIS;
    case 429: return CodigoErro.MUITAS_REQUISICOES;
    case 503: return CodigoErro.INDISPONIVEL;
    case 422: return CodigoErro.IDEMPOTENCIA_CHAVE_REUTILIZADA;
    default: return status >= 500 ? CodigoErro.ERRO_INTERNO : CodigoErro.DADOS_INVALIDOS;
  }
}

/** Worth one more try. */
export const CODIGOS_FALHA_DO_SERVIDOR: readonly CodigoErro[] = [CodigoErro.ERRO_INTERNO, CodigoErro.INDISPONIVEL, CodigoErro.SOBRECARREGADO];

export function isCodigoErro(valor: unknown): valor is CodigoErro {
  return typeof valor === 'string' && (Object.values(CodigoErro) as string[]).includes(valor);
}
