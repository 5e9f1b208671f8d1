/**
 * The one error type that services throw. The error handler turns it into the specification's envelope
 * `{codigo, mensagem, erros}` with the HTTP status equal to `codigo`.
 */
export class AppError extends Error {
  readonly codigo: number;
  readonly erros: string[];
  readonly dados: unknown;

  constructor(codigo: number, mensagem: string, opts: { erros?: string[]; dados?: unknown; cause?: unknown } = {}) {
    super(mensagem, { cause: opts.cause });
    this.name = 'AppError';
    this.codigo = codigo;
    this.erros = opts.erros ?? [mensagem];
    this.dados = opts.dados;
  }

  static badRequest(mensagem: string, erros?: string[]) {
    return new AppError(400, mensagem, { erros });
  }

  static unauthorized(mensagem: string, expirado = false) {
    return new AppError(401, mensagem, { dados: { expirado } });
  }

  static forbidden(mensagem = 'Você não tem permissão para acessar este recurso.') {
    return new AppError(403, mensagem);
  }

  static notFound(mensagem = 'Registro não encontrado.') {
    return new AppError(404, mensagem);
  }

  static notAcceptable(mensagem: string) {
    return new AppError(406, mensagem);
  }
}

export const MENSAGEM_ERRO_INTERNO = 'Erro interno no servidor, tente novamente mais tarde';
