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
} as const;
export type CodigoErro = (typeof CodigoErro)[keyof typeof CodigoErro];
