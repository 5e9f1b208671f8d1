import { CodigoErro } from '../../../../shared/codigos-erro';
import { SituacaoRegistro, TipoSolicitacao } from '../../../../shared/enums';
import { schemaDoPasso } from '../../../../shared/schemas/solicitacao';
import { MENSAGENS_SOLICITACAO_API } from '../../../../shared/schemas/solicitacao-api';
import type { Executor } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { DadosDeclarados, PescadorRow } from '../../pescador/pescador.service';
import { SITUACOES_ABERTAS } from '../situacoes';
import type { SolicitacaoRepository } from '../solicitacao.repository';
import { tipoDoAssistente } from './assistente';
import { devolverParaAtualizacao } from './decisao';
import type { ContextoAbertura, ContextoDecisao } from './tipo';

/** Keys of an answer or of an old record that are not step fields. */
const CHAVES_NAO_PASSO = new Set([
  'id', 'tipo', 'tipoDescricao', 'passo', 'declaraCiencia', 'situacao', 'situacaoDescricao', 'idPescador', 'dataCriacao',
  'dataEnvio', 'numeroProtocolo', 'idSolicitacaoOrigem', 'inativa', 'rgp', 'justificativaDeclaracaoSolicitacaoCancelamento',
]);

/** Why the fisher may not open a registry edit: no active registry, or another edit open; null when they may. */
export async function motivoSemEdicao(repo: SolicitacaoRepository, p: PescadorRow, ex?: Executor): Promise<string | null> {
  if (p.situacaoRegistro !== SituacaoRegistro.ATIVO) return MENSAGENS_SOLICITACAO_API.edicaoRegistroSemRegistroAtivo;
  if ((await repo.findAbertas(p.id, [TipoSolicitacao.EDICAO_REGISTRO], SITUACOES_ABERTAS, ex)).length > 0) {
    return MENSAGENS_SOLICITACAO_API.edicaoRegistroEmAndamento;
  }
  return null;
}

/**
 * A registry edit's starting data: the record without answer-only keys, the CPF of the fisher, and every step
 * that validates replaced by its normalised form. `passo` is the highest step that validates with all steps
 * before it; the wizard asks the fisher for the rest.
 */
export function prepararEdicao(bruto: Record<string, unknown>, cpf: string): { dados: Record<string, unknown>; passo: number } {
  let dados: Record<string, unknown> = Object.fromEntries(Object.entries(bruto).filter(([k]) => !CHAVES_NAO_PASSO.has(k)));
  dados.cpf = cpf;
  let passo = 0;
  for (const n of [1, 2, 3, 4] as const) {
    const r = schemaDoPasso(n, TipoSolicitacao.EDICAO_REGISTRO).safeParse(dados);
    if (!r.success) break;
    dados = { ...dados, ...r.data };
    passo = n;
  }
  return { dados, passo };
}

/**
 * Registry edit (type 8), filled in the wizard: opened by an ATIVO fisher with no other edit open, through the
 * wizard or by cloning a deferred request or the registry itself (EdicaoService.editarAPartirDe and
 * editarRegistroAtivo, with `prepararEdicao`). Its documents include those already analysed. Approval writes its
 * data into the fisher's record and makes it the active request, with a new card.
 */
export const edicaoRegistro = tipoDoAssistente({
  tipo: TipoSolicitacao.EDICAO_REGISTRO,
  documentosHerdados: true,

  async exigirAbertura({ pescador, recursos, tx }: ContextoAbertura) {
    const motivo = await motivoSemEdicao(recursos.repo, pescador, tx);
    if (motivo) throw AppError.recusa(CodigoErro.SOLICITACAO_INDISPONIVEL, motivo);
  },

  analise: {
    async aoDeferir({ solicitacao, pescador, recursos, tx }: ContextoDecisao) {
      await recursos.pescadores.aplicarDadosDeclarados(pescador.id, solicitacao.dados as DadosDeclarados, tx);
      await recursos.pescadores.atualizarRegistro(pescador.id, { idSolicitacaoAtiva: solicitacao.id, emitirCarteira: true }, tx);
      return undefined;
    },

    aoIndeferir: devolverParaAtualizacao,
  },
});
