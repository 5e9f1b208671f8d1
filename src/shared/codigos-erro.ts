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
} as const;
export type CodigoErro = (typeof CodigoErro)[keyof typeof CodigoErro];

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
    default: return status >= 500 ? CodigoErro.ERRO_INTERNO : CodigoErro.DADOS_INVALIDOS;
  }
}

/** The codes of a failure of the server (5xx): worth one more try. */
export const CODIGOS_FALHA_DO_SERVIDOR: readonly CodigoErro[] = [CodigoErro.ERRO_INTERNO, CodigoErro.INDISPONIVEL, CodigoErro.SOBRECARREGADO];

/** Whether a text is one of the codes (the web reads it from an answer's body). */
export function isCodigoErro(valor: unknown): valor is CodigoErro {
  return typeof valor === 'string' && (Object.values(CodigoErro) as string[]).includes(valor);
}
