import { CodigoErro } from '../../../../shared/codigos-erro';
import { SituacaoSolicitacao as S, tipoDocumentoLabel, type TipoDocumento } from '../../../../shared/enums';
import { errosDeIssues } from '../../../../shared/erros-campo';
import {
  documentosFaltantes, documentosObrigatorios, MENSAGENS_SOLICITACAO, schemaDoPasso,
} from '../../../../shared/schemas/solicitacao';
import type { Executor } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { DadosDeclarados, PescadorRow } from '../../pescador/pescador.service';
import { SITUACOES_EM_ANDAMENTO } from '../situacoes';
import type { SolicitacaoRepository, SolicitacaoRow } from '../solicitacao.repository';
import type { ContextoEnvio, TipoAssistenteDef } from './tipo';

/**
 * The required documents (documentosObrigatorios for the request's type, nationality and entity) present on the
 * request and, for a type with `documentosHerdados`, on the requests it was cloned from and among the fisher's
 * migrated documents (attached to no request). 400 with the missing ones' names.
 */
export async function exigirDocumentos(
  def: TipoAssistenteDef, repo: SolicitacaoRepository, s: SolicitacaoRow, p: PescadorRow, dados: DadosDeclarados, ex?: Executor,
): Promise<void> {
  const obrigatorios = documentosObrigatorios({
    tipo: s.tipo,
    nacionalidadeBrasileira: dados.nacionalidadeBrasileira,
    possuiEntidade: Boolean(dados.entidadeRepresentante),
  });
  const ids = def.documentosHerdados ? await repo.cadeiaDeOrigem(s.id, ex) : [s.id];
  const presentes = await repo.tiposDocumentoPresentes(ids, def.documentosHerdados ? p.id : undefined, ex);
  const faltantes = documentosFaltantes(obrigatorios, presentes);
  if (faltantes.length > 0) {
    throw new AppError(400, MENSAGENS_SOLICITACAO.documentos, {
      erros: faltantes.map((g) => tipoDocumentoLabel[g[0] as TipoDocumento]),
    });
  }
}

/** A type of the wizard: its own rules of opening and decision, and the sending rules all wizard types share. */
export function tipoDoAssistente(
  def: Omit<TipoAssistenteDef, 'abertura' | 'situacaoEnviada' | 'exigirEnvio'>,
): TipoAssistenteDef {
  const tipo: TipoAssistenteDef = {
    ...def,
    abertura: 'assistente',
    situacaoEnviada: S.ENVIADA,
    /**
     * Sent from step 5: all four steps saved and valid for the type, the required documents present, and no other
     * request of the fisher sent or under analysis.
     */
    async exigirEnvio({ solicitacao: s, pescador: p, recursos, tx }: ContextoEnvio): Promise<void> {
      if (s.passo < 4) throw AppError.badRequest(MENSAGENS_SOLICITACAO.passosIncompletos);
      const dados = s.dados as DadosDeclarados;
      const issues = ([1, 2, 3, 4] as const).flatMap((n) => {
        const r = schemaDoPasso(n, s.tipo).safeParse(dados);
        return r.success ? [] : r.error.issues;
      });
      if (issues.length > 0) throw new AppError(400, MENSAGENS_SOLICITACAO.passosIncompletos, { erros: errosDeIssues(issues) });
      await exigirDocumentos(tipo, recursos.repo, s, p, dados, tx);
      if (await recursos.repo.countOutrasEmAndamento(p.id, SITUACOES_EM_ANDAMENTO, s.id, tx) > 0) {
        throw AppError.recusa(CodigoErro.SOLICITACAO_EM_ANDAMENTO, MENSAGENS_SOLICITACAO.jaExisteEnviada);
      }
    },
  };
  return tipo;
}
