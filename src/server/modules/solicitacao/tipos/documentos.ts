import { tipoDocumentoLabel, type TipoDocumento } from '../../../../shared/enums';
import { documentosFaltantes, MENSAGENS_SOLICITACAO } from '../../../../shared/schemas/solicitacao';
import { AppError } from '../../../lib/errors';
import type { ContextoEnvio } from './tipo';

/**
 * 400 'Insira todos os documentos obrigatórios', naming the missing ones, while a group of `obrigatorios` has no
 * document on the request (a type's `exigirEnvio`).
 */
export async function exigirDocumentosDoTipo(ctx: ContextoEnvio, obrigatorios: number[][]): Promise<void> {
  const presentes = await ctx.recursos.repo.tiposDocumentoPresentes([ctx.solicitacao.id], undefined, ctx.tx);
  const faltantes = documentosFaltantes(obrigatorios, presentes);
  if (faltantes.length > 0) {
    throw new AppError(400, MENSAGENS_SOLICITACAO.documentos, {
      erros: faltantes.map((g) => tipoDocumentoLabel[g[0] as TipoDocumento]),
    });
  }
}
