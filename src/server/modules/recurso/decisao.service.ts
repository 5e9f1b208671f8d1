import { SituacaoSolicitacao } from '../../../shared/enums';
import { formatarData } from '../../../shared/datas';
import {
  MENSAGENS_RECURSO, ResultadoRecurso, orgaoRecursoLabel, type DecisaoRecursoCorpo, type RecursoDetalhe,
} from '../../../shared/schemas/recurso';
import type { Executor } from '../../db/client';
import { doAtor } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { desfazerSancao, proverEmParte } from './efeitos';
import { somarDias } from './prazos';
import {
  detalheDe, exigirDecisor, hoje, lockOu404, mesmaJanela, notificar, orgaoSuperior, recusa, registrarDecisao, rotuloResultado,
  temProximaInstancia, type DepsRecurso,
} from './recurso-base';
import type { RecursoRow } from './recurso.repository';

export interface OpcoesDecisaoRecurso {
  tempoBloqueioMinutos: number;
}

const NA_RECONSIDERACAO: readonly number[] = [
  ResultadoRecurso.PROVIDO, ResultadoRecurso.PROVIDO_EM_PARTE, ResultadoRecurso.NAO_CONHECIDO, ResultadoRecurso.NAO_RECONSIDERADO,
];
const NAS_SUPERIORES: readonly number[] = [
  ResultadoRecurso.PROVIDO, ResultadoRecurso.PROVIDO_EM_PARTE, ResultadoRecurso.NAO_PROVIDO, ResultadoRecurso.NAO_CONHECIDO,
];

/**
 * Deciding appeals (decisions 0088–0090): the instance's analyst takes it (a lock), then decides with a
 * justification. Each instance has its clock, extendable once with a reason. Every action is audited.
 */
export class DecisaoRecursoService {
  constructor(private readonly deps: DepsRecurso, private readonly opts: OpcoesDecisaoRecurso) {}

  async bloquear(ator: AuthContext, id: number): Promise<RecursoDetalhe> {
    await this.deps.db.transaction(async (tx) => {
      const r = await this.pendente(ator, id, tx);
      if (r.analistaId !== null && r.analistaId !== ator.idUsuarioMapa && !this.expirado(r)) {
        throw recusa(MENSAGENS_RECURSO.bloqueadoPorOutro((await this.deps.repo.lido(id, tx))?.nomeAnalista ?? 'outro servidor'));
      }
      await this.deps.repo.atualizar(id, { analistaId: ator.idUsuarioMapa, bloqueadoEm: this.deps.now() }, tx);
      const lido = await this.deps.repo.lido(id, tx);
      if (lido!.situacaoSolicitacao !== SituacaoSolicitacao.EM_ANALISE) {
        await this.deps.solicitacoes.mudarSituacao({
          solicitacaoId: r.solicitacaoId, de: lido!.situacaoSolicitacao, para: SituacaoSolicitacao.EM_ANALISE, ator, motivo: MENSAGENS_RECURSO.analiseIniciada,
        }, tx);
      }
      await this.auditar(ator, 'RECURSO_ANALISE_INICIADA', r, null, tx);
    });
    return this.detalhe(ator, id);
  }

  async desbloquear(ator: AuthContext, id: number): Promise<RecursoDetalhe> {
    await this.deps.db.transaction(async (tx) => {
      const r = await this.pendente(ator, id, tx);
      if (r.analistaId !== ator.idUsuarioMapa) throw recusa(MENSAGENS_RECURSO.naoIniciado);
      await this.deps.repo.atualizar(id, { analistaId: null, bloqueadoEm: null }, tx);
      await this.deps.solicitacoes.mudarSituacao({
        solicitacaoId: r.solicitacaoId, de: SituacaoSolicitacao.EM_ANALISE, para: SituacaoSolicitacao.ENVIADA, ator, motivo: MENSAGENS_RECURSO.analiseCancelada,
      }, tx);
      await this.auditar(ator, 'RECURSO_ANALISE_CANCELADA', r, null, tx);
    });
    return this.detalhe(ator, id);
  }

  async decidir(ator: AuthContext, id: number, corpo: DecisaoRecursoCorpo): Promise<{ detalhe: RecursoDetalhe; mensagem: string }> {
    const dia = hoje(this.deps);
    const mensagem = await this.deps.db.transaction(async (tx) => {
      const r = await this.pendente(ator, id, tx);
      if (r.analistaId !== ator.idUsuarioMapa) throw recusa(MENSAGENS_RECURSO.naoIniciado);
      const reconsideracao = r.instancia === 1;
      if (reconsideracao && !NA_RECONSIDERACAO.includes(corpo.resultado)) throw recusa(MENSAGENS_RECURSO.resultadoInvalidoReconsideracao);
      if (!reconsideracao && !NAS_SUPERIORES.includes(corpo.resultado)) throw recusa(MENSAGENS_RECURSO.resultadoInvalidoInstancia);
      if (corpo.resultado === ResultadoRecurso.PROVIDO_EM_PARTE) {
        const recusada = await proverEmParte(this.deps, (await this.deps.repo.lido(id, tx))!, corpo.suspensoAte, dia, ator, tx);
        if (recusada) throw recusa(recusada);
      }
      await registrarDecisao(this.deps, r, corpo.resultado as ResultadoRecurso, corpo.justificativa, ator, tx);
      await this.auditar(ator, 'RECURSO_DECIDIDO', r, { resultado: corpo.resultado, instancia: r.instancia }, tx);
      const protocolo = (await this.deps.repo.lido(id, tx))?.numeroProtocolo ?? String(id);

      if (corpo.resultado === ResultadoRecurso.NAO_RECONSIDERADO) {
        const superior = orgaoSuperior(r.orgao);
        if (!superior) throw recusa(MENSAGENS_RECURSO.semProximaInstancia);
        await this.deps.repo.atualizar(id, {
          instancia: 2, orgao: superior, recebidoEm: dia, prazoInstancia: somarDias(dia, r.prazoDecisaoDias), analistaId: null, bloqueadoEm: null,
        }, tx);
        await this.deps.solicitacoes.mudarSituacao({
          solicitacaoId: r.solicitacaoId, de: SituacaoSolicitacao.EM_ANALISE, para: SituacaoSolicitacao.ENVIADA, ator,
          motivo: `${rotuloResultado(ResultadoRecurso.NAO_RECONSIDERADO)}: ${orgaoRecursoLabel[superior]}`,
        }, tx);
        await notificar(this.deps, r, MENSAGENS_RECURSO.notificacaoEncaminhado(protocolo), tx);
        return MENSAGENS_RECURSO.encaminhado;
      }

      const provido = corpo.resultado === ResultadoRecurso.PROVIDO || corpo.resultado === ResultadoRecurso.PROVIDO_EM_PARTE;
      const naoProvido = corpo.resultado === ResultadoRecurso.NAO_PROVIDO;
      await this.deps.repo.atualizar(id, {
        resultado: corpo.resultado, analistaId: null, bloqueadoEm: null,
        ultimoDiaProximaInstancia: naoProvido && temProximaInstancia(r) ? somarDias(dia, mesmaJanela(r)) : null,
      }, tx);
      await this.deps.solicitacoes.mudarSituacao({
        solicitacaoId: r.solicitacaoId, de: SituacaoSolicitacao.EM_ANALISE, para: provido ? SituacaoSolicitacao.DEFERIDA : SituacaoSolicitacao.FINALIZADA,
        ator, motivo: `${MENSAGENS_RECURSO.historicoDecisao(r.instancia, rotuloResultado(corpo.resultado))}: ${corpo.justificativa}`,
      }, tx);
      await notificar(this.deps, r, MENSAGENS_RECURSO.notificacaoDecidido(protocolo, rotuloResultado(corpo.resultado)), tx);
      // Provided in full, the sanction is undone; in part, it was shortened above (decision 0101).
      if (corpo.resultado === ResultadoRecurso.PROVIDO) await desfazerSancao(this.deps, (await this.deps.repo.lido(id, tx))!, ator, tx);
      return MENSAGENS_RECURSO.decidido;
    });
    return { detalhe: await this.detalhe(ator, id), mensagem };
  }

  /** Art. 59 §2; not the 5 days to reconsider. */
  async prorrogar(ator: AuthContext, id: number, justificativa: string): Promise<RecursoDetalhe> {
    await this.deps.db.transaction(async (tx) => {
      const r = await this.pendente(ator, id, tx);
      if (r.prorrogado || r.instancia === 1) throw recusa(MENSAGENS_RECURSO.jaProrrogado);
      await this.deps.repo.atualizar(id, {
        prorrogado: true, justificativaProrrogacao: justificativa, prazoInstancia: somarDias(r.prazoInstancia!, r.prazoDecisaoDias),
      }, tx);
      await this.auditar(ator, 'RECURSO_PRORROGADO', r, { ate: somarDias(r.prazoInstancia!, r.prazoDecisaoDias) }, tx);
      await notificar(this.deps, r, `Prazo de decisão do seu recurso prorrogado até ${formatarData(somarDias(r.prazoInstancia!, r.prazoDecisaoDias))}: ${justificativa}`, tx);
    });
    return this.detalhe(ator, id);
  }

  private async pendente(ator: AuthContext, id: number, tx: Executor): Promise<RecursoRow> {
    const r = await lockOu404(this.deps, id, tx);
    exigirDecisor(ator, r);
    if (r.tempestivo === null || r.resultado !== null || r.prazoInstancia === null) throw recusa(MENSAGENS_RECURSO.naoPendente);
    return r;
  }

  private expirado(r: RecursoRow): boolean {
    return r.bloqueadoEm === null || this.deps.now().getTime() - r.bloqueadoEm.getTime() > this.opts.tempoBloqueioMinutos * 60_000;
  }

  private async auditar(ator: AuthContext, acao: string, r: RecursoRow, detalhes: Record<string, unknown> | null, tx: Executor): Promise<void> {
    await this.deps.auditoria.registrar({ acao, ...doAtor(ator), recurso: 'recurso', recursoId: r.id, pescadorId: r.pescadorId, detalhes }, tx);
  }

  private async detalhe(ator: AuthContext, id: number): Promise<RecursoDetalhe> {
    return detalheDe((await this.deps.repo.lido(id))!, await this.deps.repo.decisoes(id), ator, hoje(this.deps));
  }
}
