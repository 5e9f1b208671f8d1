import { CodigoErro } from '../../../shared/codigos-erro';
import { SituacaoSolicitacao as S } from '../../../shared/enums';
import { AppError } from '../../lib/errors';
import type { PescadorRow } from '../pescador/pescador.service';
import { enviar } from './envio';
import { SITUACOES_ABERTAS, SITUACOES_DEVOLVIDAS } from './situacoes';
import type { SolicitacaoRow } from './solicitacao.repository';
import type { ContextoAbertura, Pedido, TipoPedidoDef, TipoSolicitacaoDef } from './tipos';

export interface Rascunho {
  passo: number;
  dados: Record<string, unknown>;
  solicitacaoOrigemId?: number | null;
  motivo: string;
}

/** `exigirAbertura` passed, in the same transaction. */
export async function criarRascunho(ctx: ContextoAbertura, def: TipoSolicitacaoDef, r: Rascunho): Promise<SolicitacaoRow> {
  const { pescador, ator, recursos, tx } = ctx;
  const s = await recursos.repo.insertSolicitacao({
    pescadorId: pescador.id, tipo: def.tipo, situacao: S.RASCUNHO, passo: r.passo, dados: r.dados,
    ...(r.solicitacaoOrigemId !== undefined ? { solicitacaoOrigemId: r.solicitacaoOrigemId } : {}),
  }, tx);
  await recursos.repo.insertHistorico({
    solicitacaoId: s.id, situacaoAnterior: null, situacaoNova: S.RASCUNHO, cpfAtor: ator.cpf, perfilAtor: ator.perfil, motivo: r.motivo,
    entidadeId: ator.representacao?.idEntidade ?? null,
  }, tx);
  return s;
}

/**
 * Filing again is how the fisher answers the rejection of a request that has no wizard: it resubmits the one returned
 * for update. With the fisher's row locked.
 */
export async function protocolar<C>(
  ctx: ContextoAbertura, def: TipoPedidoDef<C>, pedido: Pedido,
): Promise<{ enviada: SolicitacaoRow; pescador: PescadorRow }> {
  const { pescador, recursos, tx } = ctx;
  await def.exigirAbertura(ctx);
  const abertas = await recursos.repo.findAbertas(pescador.id, [def.tipo], SITUACOES_ABERTAS, tx);
  const devolvida = abertas.find((s) => SITUACOES_DEVOLVIDAS.includes(s.situacao));
  if (abertas.some((s) => s !== devolvida)) throw AppError.recusa(CodigoErro.SOLICITACAO_EM_ANDAMENTO, def.mensagemEmAndamento);

  const solicitacao = devolvida
    ? await recursos.repo.updateSolicitacao(devolvida.id, {
      dados: pedido.dados,
      ...(pedido.justificativaCancelamento !== undefined ? { justificativaCancelamento: pedido.justificativaCancelamento } : {}),
    }, tx)
    : await recursos.repo.insertSolicitacao({
      pescadorId: pescador.id,
      tipo: def.tipo,
      situacao: def.situacaoEnviada,
      declaraCiencia: true,
      dados: pedido.dados,
      justificativaCancelamento: pedido.justificativaCancelamento ?? null,
    }, tx);
  return enviar({ ...ctx, solicitacao }, def, devolvida ? { situacao: devolvida.situacao } : { situacao: null, motivo: pedido.motivo });
}
