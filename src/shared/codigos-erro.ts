/**
 * Machine-readable codes of failures, beside the HTTP status: the envelope's `codigoErro` on an error answer
 * (`{codigo, mensagem, erros, codigoErro}`), so that the web branches on a code and never on message text. The
 * server's AppError carries one; the error handler writes it. Add a code here when a client must tell one
 * failure from another of the same status.
 */
export const CodigoErro = {
  /** 400: the body, query or params failed validation; `erros` lists `campo: mensagem`. */
  DADOS_INVALIDOS: 'DADOS_INVALIDOS',
  /** 401: the token expired (the client refreshes once and replays). */
  TOKEN_EXPIRADO: 'TOKEN_EXPIRADO',
  /** 401: no token, or a token that is not valid. */
  NAO_AUTENTICADO: 'NAO_AUTENTICADO',
  /** 403: the caller may not do this, or the record is outside their scope. */
  SEM_PERMISSAO: 'SEM_PERMISSAO',
  /** 403: a staff user outside their access window (blocked, past their validity, or outside their hours). */
  FORA_DO_HORARIO: 'FORA_DO_HORARIO',
  /** 404: nothing with that id or address. */
  NAO_ENCONTRADO: 'NAO_ENCONTRADO',
  /** 406: the record's state does not allow the action now. */
  ESTADO_NAO_PERMITE: 'ESTADO_NAO_PERMITE',
  /** 409: the record is referenced by another and cannot be removed. */
  CONFLITO: 'CONFLITO',
  /** 413: the body is larger than allowed. */
  CORPO_GRANDE_DEMAIS: 'CORPO_GRANDE_DEMAIS',
  /** 429: too many calls; wait. */
  MUITAS_REQUISICOES: 'MUITAS_REQUISICOES',
  /** 403: the captcha token of a public lookup is missing, invalid or used. */
  CAPTCHA_INVALIDO: 'CAPTCHA_INVALIDO',
  /** 500: anything unexpected; the message is the generic one. */
  ERRO_INTERNO: 'ERRO_INTERNO',
  /** 503: a service the product needs (the database) is unavailable. */
  INDISPONIVEL: 'INDISPONIVEL',
  /** 503: the server is overloaded and sheds the request; retry after the `Retry-After` header's seconds. */
  SOBRECARREGADO: 'SOBRECARREGADO',

  // Domain refusals: a screen tells them from the other failures of their status.

  /**
   * 404: applying an agency's access hours to its servers found nothing to apply — no hours configured for the
   * agency, or no server of it to update (spec point 7: the screen tells it, as information).
   */
  HORARIO_NADA_A_APLICAR: 'HORARIO_NADA_A_APLICAR',
  /** 406: the REAP was already sent (from this phone or another); it can no longer be changed. */
  REAP_JA_ENVIADA: 'REAP_JA_ENVIADA',
  /** 406: the REAP's filling window is closed (not open yet, or past its deadline). */
  REAP_FORA_DO_PRAZO: 'REAP_FORA_DO_PRAZO',
  /** 406: there is no pending REAP to generate for the fisher. */
  REAP_SEM_PENDENCIAS: 'REAP_SEM_PENDENCIAS',
  /** 406: the request is no longer a draft or under update: it was sent, analysed or closed elsewhere. */
  SOLICITACAO_NAO_EDITAVEL: 'SOLICITACAO_NAO_EDITAVEL',
  /** 406: another request of the same kind is already open (a draft, or one sent and awaiting analysis). */
  SOLICITACAO_EM_ANDAMENTO: 'SOLICITACAO_EM_ANDAMENTO',
  /** 406: the fisher's registry does not allow this kind of request now (no active RGP, no granted origin…). */
  SOLICITACAO_INDISPONIVEL: 'SOLICITACAO_INDISPONIVEL',
  /** 406: a REAP cannot be sent until the fisher's registry declares the CIN as identity document. */
  CIN_EXIGIDA: 'CIN_EXIGIDA',
  /**
   * 400: the uploaded file is refused: too large, of a format not allowed, unreadable, a PDF with active content, or one
   * file more than the request or REAP may hold.
   */
  ARQUIVO_INVALIDO: 'ARQUIVO_INVALIDO',
  /** 406: the analysis is concluded, or taken by another analyst, or not started by the caller. */
  ANALISE_INDISPONIVEL: 'ANALISE_INDISPONIVEL',
  /** 406: the appeal's state does not allow it now (sent, decided, at another instance, taken by another analyst). */
  RECURSO_INDISPONIVEL: 'RECURSO_INDISPONIVEL',
  /** 409: a staff user with that CPF already exists. */
  USUARIO_JA_CADASTRADO: 'USUARIO_JA_CADASTRADO',
  /** 409: the action would leave no active GESTOR. */
  ULTIMO_GESTOR: 'ULTIMO_GESTOR',
  /** 406: the REAP defaulters of that year were already warned or suspended by a batch. */
  INADIMPLENCIA_JA_EXECUTADA: 'INADIMPLENCIA_JA_EXECUTADA',
  /**
   * 400: a REAP window cites an act that already set a window of that year (decision 0071: an extension is a new
   * act); the message is at `idAtoNormativo`.
   */
  PRAZO_REAP_ATO_REPETIDO: 'PRAZO_REAP_ATO_REPETIDO',
  /** 409: an upload's part would leave a gap; the client asks how much arrived and goes on from there. */
  ENVIO_FORA_DE_ORDEM: 'ENVIO_FORA_DE_ORDEM',
  /** 409: an upload concluded before all of its bytes arrived. */
  ENVIO_INCOMPLETO: 'ENVIO_INCOMPLETO',
  /**
   * 409: a save or send with the same Idempotency-Key is still being processed (a duplicate sent at the same time);
   * retry after the `Retry-After` header's seconds (decision 0060).
   */
  IDEMPOTENCIA_EM_ANDAMENTO: 'IDEMPOTENCIA_EM_ANDAMENTO',
  /** 422: the Idempotency-Key was already used for a request with other data; nothing was done (decision 0060). */
  IDEMPOTENCIA_CHAVE_REUTILIZADA: 'IDEMPOTENCIA_CHAVE_REUTILIZADA',
} as const;
export type CodigoErro = (typeof CodigoErro)[keyof typeof CodigoErro];

/**
 * The domain refusals a service throws: each contract lists those it may answer (`codigos`, src/shared/contrato.ts),
 * the OpenAPI document prints them, and under NODE_ENV=test a code its contract does not list answers 500
 * (src/server/plugins/envelope.ts), so the tests catch a contract that forgot one (decision 0080). The codes of the
 * plugins (a token, the access hours, a captcha, an idempotency key, the load) are the route's shape's, not listed.
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
  CodigoErro.USUARIO_JA_CADASTRADO,
  CodigoErro.ULTIMO_GESTOR,
  CodigoErro.INADIMPLENCIA_JA_EXECUTADA,
  CodigoErro.PRAZO_REAP_ATO_REPETIDO,
  CodigoErro.ENVIO_FORA_DE_ORDEM,
  CodigoErro.ENVIO_INCOMPLETO,
] as const;
export type CodigoDeDominio = (typeof CODIGOS_DE_DOMINIO)[number];

export function ehCodigoDeDominio(codigo: CodigoErro): codigo is CodigoDeDominio {
  return (CODIGOS_DE_DOMINIO as readonly CodigoErro[]).includes(codigo);
}

/**
 * Each domain refusal is a case of one general code: a screen that handles every refusal of a state
 * (`ESTADO_NAO_PERMITE`, the specification's "406 → home") handles the domain's too, and a screen that needs the
 * case (a conflict the fisher must be told about) reads the domain code. The general codes are cases of themselves.
 */
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

/** The general code a code is a case of (a general code is its own). */
export function codigoGeral(codigo: CodigoErro): CodigoErro {
  return CASO_DE[codigo] ?? codigo;
}

/** Whether a failure's code is `geral` or one of its cases; undefined (nothing answered) is no code's case. */
export function ehCasoDe(codigo: CodigoErro | undefined, geral: CodigoErro): boolean {
  return codigo !== undefined && (codigo === geral || codigoGeral(codigo) === geral);
}

/** The HTTP status of a code: the status of its general code. */
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

/** The code of a status when the thrower names none (and of an answer without the envelope, such as a proxy's page). */
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

/** The codes of a failure of the server (5xx): worth one more try. */
export const CODIGOS_FALHA_DO_SERVIDOR: readonly CodigoErro[] = [CodigoErro.ERRO_INTERNO, CodigoErro.INDISPONIVEL, CodigoErro.SOBRECARREGADO];

/** Whether a text is one of the codes (the web reads it from an answer's body). */
export function isCodigoErro(valor: unknown): valor is CodigoErro {
  return typeof valor === 'string' && (Object.values(CodigoErro) as string[]).includes(valor);
}
