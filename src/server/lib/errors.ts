import { CodigoErro, codigoErroDoStatus, statusDoCodigo } from '../../shared/codigos-erro';

export { codigoErroDoStatus };

/**
 * The one error type that services throw: the HTTP status (`codigo`), a machine-readable code (`codigoErro`,
 * src/shared/codigos-erro.ts; by default the status's own) and the user's message. The error handler turns it
 * into the specification's envelope `{codigo, mensagem, erros, codigoErro}` with the HTTP status equal to `codigo`.
 */
export class AppError extends Error {
  readonly codigo: number;
  readonly codigoErro: CodigoErro;
  readonly erros: string[];
  readonly dados: unknown;

  constructor(
    codigo: number,
    mensagem: string,
    opts: { erros?: string[]; dados?: unknown; cause?: unknown; codigoErro?: CodigoErro } = {},
  ) {
    super(mensagem, { cause: opts.cause });
    this.name = 'AppError';
    this.codigo = codigo;
    this.codigoErro = opts.codigoErro ?? codigoErroDoStatus(codigo);
    this.erros = opts.erros ?? [mensagem];
    this.dados = opts.dados;
  }

  static badRequest(mensagem: string, erros?: string[], codigoErro?: CodigoErro) {
    return new AppError(400, mensagem, { erros, codigoErro });
  }

  static unauthorized(mensagem: string, expirado = false) {
    return new AppError(401, mensagem, {
      dados: { expirado },
      codigoErro: expirado ? CodigoErro.TOKEN_EXPIRADO : CodigoErro.NAO_AUTENTICADO,
    });
  }

  static forbidden(mensagem = 'Você não tem permissão para acessar este recurso.', codigoErro?: CodigoErro) {
    return new AppError(403, mensagem, { codigoErro });
  }

  static notFound(mensagem = 'Registro não encontrado.', codigoErro?: CodigoErro) {
    return new AppError(404, mensagem, { codigoErro });
  }

  static notAcceptable(mensagem: string, codigoErro?: CodigoErro) {
    return new AppError(406, mensagem, { codigoErro });
  }

  /**
   * A domain refusal (src/shared/codigos-erro.ts): its code says which, its status is the status of the general
   * code it is a case of (REAP_JA_ENVIADA → 406), and `erros` defaults to the message.
   */
  static recusa(codigoErro: CodigoErro, mensagem: string, erros?: string[]) {
    return new AppError(statusDoCodigo(codigoErro), mensagem, { erros, codigoErro });
  }
}

export const MENSAGEM_ERRO_INTERNO = 'Erro interno no servidor, tente novamente mais tarde';
