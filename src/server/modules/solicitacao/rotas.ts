import type { FastifyRequest } from 'fastify';
import { Perfil } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { AppError } from '../../lib/errors';

/** Profiles that read requests and registries (CONSULTA_EXTERNO never does). */
export const LEITORES = [Perfil.INTERESSADO, Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN, Perfil.CONSULTA_INTERNO] as const;

/** What every route of the module declares in its schema. */
export const ESQUEMA_BASE = { tags: ['solicitacao'], security: [{ bearer: [] }] };

const MENSAGENS_DA_ESPECIFICACAO: readonly string[] = Object.values(MENSAGENS_SOLICITACAO);

/**
 * A body that fails its schema answers as a wizard step that fails: 400 with the first issue's message when it
 * is one of `preferidas` (the specification's messages by default), else 'Confira todos os campos obrigatórios
 * do formulário', and `campo: mensagem` per issue. Routes attach validation rather than throw it, so that
 * authentication (preValidation) answers first and the body of an unauthorised caller is never examined.
 */
export function exigirCorpoValido(req: FastifyRequest, preferidas: readonly string[] = MENSAGENS_DA_ESPECIFICACAO): void {
  const e = req.validationError as (Error & { validation?: { instancePath?: string; message?: string }[] }) | undefined;
  if (!e) return;
  const issues = (e.validation ?? []).map((v) => ({
    campo: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'corpo',
    mensagem: v.message ?? 'Valor inválido',
  }));
  const preferida = issues.find((i) => preferidas.includes(i.mensagem))?.mensagem;
  const erros = issues.map((i) => `${i.campo}: ${i.mensagem}`);
  throw new AppError(400, preferida ?? MENSAGENS_SOLICITACAO.confira, { erros: erros.length > 0 ? erros : [MENSAGENS_SOLICITACAO.confira] });
}
