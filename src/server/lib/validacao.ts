import type { FastifyRequest } from 'fastify';
import type { CodigoErro } from '../../shared/codigos-erro';
import { erroCampo, errosDeIssues } from '../../shared/erros-campo';
import { MENSAGENS_SOLICITACAO } from '../../shared/schemas/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../shared/schemas/solicitacao-api';
import { AppError } from './errors';

/** The specification's messages: the one an answer leads with when an issue carries it. */
const MENSAGENS_DA_ESPECIFICACAO: readonly string[] = Object.values(MENSAGENS_SOLICITACAO);

/** An issue of a schema: where (the path of the field) and what. */
export interface Problema {
  path: readonly PropertyKey[];
  message: string;
}

/** The first issue's message when it is one of `preferidas`, else the generic one; `erros` lists every issue. */
export function erroDeValidacao(issues: readonly Problema[], preferidas: readonly string[] = MENSAGENS_DA_ESPECIFICACAO): AppError {
  const preferida = issues.find((i) => preferidas.includes(i.message))?.message;
  const erros = errosDeIssues(issues);
  return new AppError(400, preferida ?? MENSAGENS_SOLICITACAO.confira, { erros: erros.length > 0 ? erros : [MENSAGENS_SOLICITACAO.confira] });
}

export function erroDeCampos(erros: string[], codigoErro?: CodigoErro): AppError {
  return new AppError(400, MENSAGENS_SOLICITACAO.confira, { erros, ...(codigoErro ? { codigoErro } : {}) });
}

/** 400 'Confira…' for one field. */
export function erroDeCampo(campo: string, mensagem: string): AppError {
  return erroDeCampos([erroCampo(campo, mensagem)]);
}

/** Routes attach validation rather than throw it, so authentication answers first and an unauthorised body is never examined. */
export function exigirCorpoValido(req: FastifyRequest, preferidas?: readonly string[]): void {
  const e = req.validationError as (Error & { validation?: { instancePath?: string; message?: string }[] }) | undefined;
  if (!e) return;
  const issues = (e.validation ?? []).map((v) => ({
    path: (v.instancePath ?? '').replace(/^\//, '').split('/'),
    message: v.message ?? MENSAGENS_SOLICITACAO_API.valorInvalido,
  }));
  throw erroDeValidacao(issues, preferidas);
}
