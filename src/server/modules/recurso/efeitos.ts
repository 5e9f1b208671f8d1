import { SituacaoRegistro, SituacaoSolicitacao } from '../../../shared/enums';
import { MENSAGENS_RECURSO, ObjetoRecurso } from '../../../shared/schemas/recurso';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../auth/auth.service';
import { notificar, type DepsRecurso } from './recurso-base';
import type { RecursoLido } from './recurso.repository';

/**
 * What a provided appeal undoes (decision 0090), in the decision's transaction, with history lines and a notice:
 * a batch's suspension or cancellation puts the registry back to what it was (if the sanction still stands); a REAP
 * warning is withdrawn (the appeal's decision is its record) and the suspension that followed it for that year, if
 * any stands, is undone too; a refusal reopens the request for a new analysis. An appeal never suspends a sanction
 * before it is provided (art. 61).
 */
export async function desfazerSancao(deps: DepsRecurso, r: RecursoLido, ator: AuthContext | null, tx: Executor): Promise<void> {
  const protocolo = r.numeroProtocolo ?? String(r.id);
  const quem = { cpfAtor: ator?.cpf ?? null, perfilAtor: ator?.perfil ?? null };
  switch (r.objeto) {
    case ObjetoRecurso.SUSPENSAO:
    case ObjetoRecurso.CANCELAMENTO: {
      const linha = r.historicoSituacaoId !== null ? await deps.repo.historicoSituacao(r.historicoSituacaoId, tx) : undefined;
      if (linha) {
        await deps.pescadores.restaurarSituacao({
          pescadorId: r.pescadorId, de: linha.situacaoNova, para: linha.situacaoAnterior ?? SituacaoRegistro.ATIVO,
          atoNormativoId: r.atoNormativoId, ...quem, motivo: MENSAGENS_RECURSO.sancaoDesfeita(protocolo),
        }, tx);
      }
      await notificar(deps, r, MENSAGENS_RECURSO.sancaoDesfeita(protocolo), tx);
      return;
    }
    case ObjetoRecurso.AVISO_REAP: {
      const sancao = await deps.repo.sancaoVigente(r.pescadorId, tx);
      if (sancao && sancao.reapAnoReferencia === r.anoReferencia) {
        await deps.pescadores.restaurarSituacao({
          pescadorId: r.pescadorId, de: sancao.situacaoNova, para: sancao.situacaoAnterior ?? SituacaoRegistro.ATIVO,
          atoNormativoId: sancao.atoId, ...quem, motivo: MENSAGENS_RECURSO.sancaoDesfeita(protocolo),
        }, tx);
      }
      await notificar(deps, r, MENSAGENS_RECURSO.avisoRetirado(protocolo, r.anoReferencia ?? 0), tx);
      return;
    }
    case ObjetoRecurso.INDEFERIMENTO: {
      if (r.solicitacaoContestadaId === null) return;
      await deps.solicitacoes.mudarSituacao({
        solicitacaoId: r.solicitacaoContestadaId, de: SituacaoSolicitacao.FINALIZADA, para: SituacaoSolicitacao.ENVIADA,
        ator: ator ? { cpf: ator.cpf, perfil: ator.perfil } : null, motivo: MENSAGENS_RECURSO.solicitacaoReaberta(protocolo),
      }, tx);
      await deps.analises.abrir({ solicitacaoId: r.solicitacaoContestadaId, ufPescador: r.uf, instancia: r.orgao === 'SFPA' ? 'SFPA' : 'MPA' }, tx);
      await notificar(deps, r, MENSAGENS_RECURSO.solicitacaoReaberta(protocolo), tx);
      return;
    }
  }
}
