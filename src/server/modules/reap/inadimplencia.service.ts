import { CodigoErro } from '../../../shared/codigos-erro';
import { hojeSaoPaulo } from '../../../shared/datas';
import { TipoNotificacao } from '../../../shared/enums';
import { erroCampo } from '../../../shared/erros-campo';
import { ROTA_REAP } from '../../../shared/rotas-web';
import { MENSAGENS_INADIMPLENCIA_REAP, type InadimplentesReap, type SuspensaoReapCorpo } from '../../../shared/schemas/reap-inadimplencia';
import type { EnviadorEmail } from '../../adapters/email/email';
import type { Database, Executor } from '../../db/client';
import type { FilaDeJobs } from '../../jobs/job';
import { AppError } from '../../lib/errors';
import { erroDeCampos } from '../../lib/validacao';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { LoteService } from '../lote/lote.service';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { InadimplenciaRepository } from './inadimplencia.repository';
import { avisarInadimplentesJob, CHAVE_VERIFICACAO, emailAvisoReapJob, verificarInadimplenciaJob } from './inadimplencia.jobs';
import type { ReapRepository } from './reap.repository';

export interface InadimplenciaServiceOptions {
  /** Fishers (by id range) per transaction of a warning round; `REAP_BLOCO_OBRIGACOES`, as the obligations'. */
  tamanhoBloco?: number;
  /** A round with no block committed for this long was interrupted (its process died): the minute job resumes it. */
  retomarAposSegundos?: number;
  now?: () => Date;
}

/**
 * The REAP defaulters (issue 22, points 3 and 4; decision 0055).
 *
 * - **The warning.** When a reference year's window in force closes, every fisher who still owes that year gets a
 *   notification (tipo 4, pendência) and, where the registry has one, an e-mail: a round per year and closed end,
 *   walked a block of fishers per transaction like the obligations (decision 0051), each block recording whom it
 *   reached with their notification, so a run killed mid-way resumes after its last block and warns nobody twice.
 * - **The suspension.** GESTOR or ADMIN schedules, citing the act, the date on which the year's defaulters are
 *   suspended; on that date the check creates the batch that suspends them (LoteService), and the batch machinery
 *   does the rest. A fisher it suspended may send that year late (ReapQuestionarioService) and then ask for regularisation.
 */
export class InadimplenciaService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: InadimplenciaRepository,
    private readonly reap: ReapRepository,
    private readonly notificacoes: NotificacaoService,
    private readonly lote: LoteService,
    private readonly auditoria: AuditoriaService,
    private readonly fila: FilaDeJobs,
    private readonly email: EnviadorEmail,
    private readonly opts: InadimplenciaServiceOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  private hoje(): string {
    return hojeSaoPaulo(this.now());
  }

  /**
   * The check (daily, and whenever a window is saved closed, a year's obligations are complete or a suspension is
   * scheduled for today): a round for every window that closed without one, and the suspensions due run. Answers
   * what it started.
   */
  async verificar(): Promise<{ avisos: number[]; lotes: number[] }> {
    const avisos: number[] = [];
    for (const p of await this.repo.prazosEncerradosSemAviso(this.hoje())) {
      avisos.push(await this.db.transaction(async (tx) => {
        const id = await this.repo.criarAviso(p.anoReferencia, p.fimPreenchimento, tx);
        await this.agendarAviso(id, tx);
        return id;
      }));
    }
    const lotes: number[] = [];
    for (const ano of await this.repo.suspensoesDevidas(this.hoje())) {
      const id = await this.executarSuspensao(ano);
      if (id !== null) lotes.push(id);
    }
    return { avisos, lotes };
  }

  private agendarAviso(id: number, ex: Executor) {
    return this.fila.enfileirar(ex, avisarInadimplentesJob, { idAviso: id }, { chaveUnica: `reap-aviso-${id}` });
  }

  /** Enqueues the check, in the caller's transaction (a window saved closed, obligations complete, a suspension for today). */
  async agendarVerificacao(ex: Executor = this.db): Promise<void> {
    await this.fila.enfileirar(ex, verificarInadimplenciaJob, {}, { chaveUnica: CHAVE_VERIFICACAO });
  }

  /**
   * GET /api/reap/prazos/{ano}/inadimplentes (decision 0071): whom a warning or a suspension of the year would reach
   * today, and whether saving the window with the end `fim` (the one in force's by default) warns them at once: the
   * end is past and no round exists for it, the check's own rule (`prazosEncerradosSemAviso`).
   */
  async inadimplentes(ano: number, fim?: string): Promise<InadimplentesReap> {
    const fimPreenchimento = fim ?? (await this.reap.fimDosPrazos([ano])).get(ano) ?? null;
    const r = await this.repo.contarInadimplentes(ano, fimPreenchimento);
    return {
      anoReferencia: ano, inadimplentes: r.inadimplentes, obrigacoesCompletas: r.completas,
      avisaAoSalvar: fimPreenchimento !== null && fimPreenchimento < this.hoje() && !r.avisado,
    };
  }

  // ---------------------------------------------------------------- the warning

  /**
   * The minute job's half: the rounds with no block committed for a while (their process died, and pg-boss would
   * retry its job only when it expires) are run to the end here. Blocks lock their round, so a resume racing a live
   * run does no block twice. Answers the rounds resumed.
   */
  async retomarInterrompidos(): Promise<number[]> {
    const ids = await this.repo.avisosInterrompidos(this.opts.retomarAposSegundos ?? 120);
    for (const id of ids) await this.avisar(id);
    return ids;
  }

  /** A round to the end, a block per transaction; resumes after the last committed block. */
  async avisar(idAviso: number): Promise<{ avisados: number }> {
    let avisados = 0;
    for (;;) {
      const r = await this.avisarBloco(idAviso);
      avisados += r.avisados;
      if (r.fim) return { avisados };
    }
  }

  /**
   * One block of a round, in one transaction: the round locked (one block at a time), the block's defaulters
   * recorded as reached and notified, their e-mails enqueued, the progress advanced. The text names the year, the
   * end that passed and, read now, a new deadline (the window extended since) and the scheduled suspension.
   */
  async avisarBloco(idAviso: number): Promise<{ fim: boolean; avisados: number }> {
    const bloco = this.opts.tamanhoBloco ?? 10_000;
    return this.db.transaction(async (tx) => {
      const a = await this.repo.travarAviso(idAviso, tx);
      if (!a || a.concluido) return { fim: true, avisados: 0 };
      const de = a.ultimoPescadorId;
      const ate = de + bloco;
      const ids = await this.repo.registrarAvisados(a.id, a.anoReferencia, de, ate, tx);
      if (ids.length > 0) {
        await this.notificacoes.criarParaVarios(ids, {
          tipo: TipoNotificacao.PENDENCIA, conteudo: await this.textoAviso(a.anoReferencia, a.fimPreenchimento, tx), urlRedirecionamento: ROTA_REAP,
        }, tx);
        await this.fila.enfileirar(tx, emailAvisoReapJob, { idAviso: a.id, deId: de, ateId: ate });
      }
      const fim = ate >= (await this.reap.maiorPescadorId(tx));
      await this.repo.avancarAviso(a.id, ate, ids.length, fim, tx);
      return { fim, avisados: ids.length };
    });
  }

  private async textoAviso(ano: number, fim: string, ex: Executor): Promise<string> {
    const prazo = await this.reap.prazo(ano, ex);
    const s = await this.repo.suspensao(ano, ex);
    const hoje = this.hoje();
    return MENSAGENS_INADIMPLENCIA_REAP.aviso({
      ano,
      fim,
      novoFim: prazo && prazo.fimPreenchimento > fim && prazo.fimPreenchimento >= hoje ? prazo.fimPreenchimento : null,
      suspensao: s && s.loteId === null && s.dataSuspensao >= hoje ? { data: s.dataSuspensao, ato: s.nomeAtoNormativo } : null,
    });
  }

  /**
   * The e-mails of one block of a round, to the fishers who have an address, each marked as it goes out: a job
   * retried after a crash sends only those not marked (at most the one in flight could go twice).
   */
  async enviarEmailsAviso(idAviso: number, deId: number, ateId: number): Promise<{ enviados: number }> {
    const a = await this.repo.aviso(idAviso);
    if (!a) return { enviados: 0 };
    const pendentes = await this.repo.emailsPendentes(idAviso, deId, ateId);
    if (pendentes.length === 0) return { enviados: 0 };
    const texto = await this.textoAviso(a.anoReferencia, a.fimPreenchimento, this.db);
    for (const p of pendentes) {
      await this.email.enviar({ para: p.email, assunto: MENSAGENS_INADIMPLENCIA_REAP.assuntoAviso(a.anoReferencia), texto });
      await this.repo.marcarEmailEnviado(idAviso, p.pescadorId);
    }
    return { enviados: pendentes.length };
  }

  // ---------------------------------------------------------------- the suspension

  /**
   * PUT /api/reap/prazos/{ano}/suspensao (GESTOR, ADMIN): schedules, or moves while it has not run, the suspension
   * of the year's defaulters, citing the act in force that sets it; after the window's end, not before today.
   * Audited; a date of today runs it now.
   */
  async agendarSuspensao(ator: AuthContext, ano: number, c: SuspensaoReapCorpo): Promise<void> {
    const hoje = this.hoje();
    await this.db.transaction(async (tx) => {
      const prazo = await this.reap.prazo(ano, tx);
      if (!prazo) throw AppError.notAcceptable(MENSAGENS_INADIMPLENCIA_REAP.semPrazo);
      const antes = await this.repo.suspensao(ano, tx, true);
      if (antes?.loteId) throw AppError.recusa(CodigoErro.INADIMPLENCIA_JA_EXECUTADA, MENSAGENS_INADIMPLENCIA_REAP.jaExecutada(antes.loteId));
      const ato = await this.repo.ato(c.idAtoNormativo, tx);
      if (!ato) throw erroDeCampos([erroCampo('idAtoNormativo', MENSAGENS_INADIMPLENCIA_REAP.atoNaoEncontrado)]);
      if (ato.inicio > hoje || (ato.fim !== null && ato.fim < hoje)) {
        throw erroDeCampos([erroCampo('idAtoNormativo', MENSAGENS_INADIMPLENCIA_REAP.atoForaDeVigencia)]);
      }
      if (c.dataSuspensao <= prazo.fimPreenchimento) {
        throw erroDeCampos([erroCampo('dataSuspensao', MENSAGENS_INADIMPLENCIA_REAP.dataAntesDoFim(prazo.fimPreenchimento))]);
      }
      if (c.dataSuspensao < hoje) throw erroDeCampos([erroCampo('dataSuspensao', MENSAGENS_INADIMPLENCIA_REAP.dataPassada)]);
      await this.repo.salvarSuspensao({ ano, atoNormativoId: c.idAtoNormativo, data: c.dataSuspensao, cpf: ator.cpf, perfil: ator.perfil }, tx);
      await this.auditoria.registrar({
        acao: 'REAP_SUSPENSAO_AGENDADA', ...doAtor(ator),
        recurso: 'reap/suspensao', recursoId: ano, detalhes: {
          dataSuspensao: c.dataSuspensao, idAtoNormativo: c.idAtoNormativo,
          ...(antes ? { antes: { dataSuspensao: antes.dataSuspensao, idAtoNormativo: antes.atoNormativoId } } : {}),
        },
      }, tx);
      if (c.dataSuspensao === hoje) await this.agendarVerificacao(tx);
    });
  }

  /** DELETE /api/reap/prazos/{ano}/suspensao (GESTOR, ADMIN): cancels a scheduled suspension that has not run; audited. */
  async cancelarSuspensao(ator: AuthContext, ano: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const s = await this.repo.suspensao(ano, tx, true);
      if (!s) throw AppError.notFound(MENSAGENS_INADIMPLENCIA_REAP.naoAgendada);
      if (s.loteId) throw AppError.recusa(CodigoErro.INADIMPLENCIA_JA_EXECUTADA, MENSAGENS_INADIMPLENCIA_REAP.jaExecutada(s.loteId));
      await this.repo.excluirSuspensao(ano, tx);
      await this.auditoria.registrar({
        acao: 'REAP_SUSPENSAO_CANCELADA', ...doAtor(ator),
        recurso: 'reap/suspensao', recursoId: ano,
        detalhes: { dataSuspensao: s.dataSuspensao, idAtoNormativo: s.atoNormativoId },
      }, tx);
    });
  }

  /**
   * A due suspension, run once: the schedule locked, the batch created (with its lines and its job) and recorded on
   * the schedule, in one transaction. A second run finds the batch and does nothing. Answers the batch's id.
   */
  async executarSuspensao(ano: number): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const s = await this.repo.suspensao(ano, tx, true);
      if (!s || s.loteId !== null || s.dataSuspensao > this.hoje()) return null;
      const prazo = await this.reap.prazo(ano, tx);
      const loteId = await this.lote.criarSuspensaoReap({
        anoReferencia: ano, fimPreenchimento: prazo!.fimPreenchimento, atoNormativoId: s.atoNormativoId,
        cpfSolicitante: s.cpfAtor, perfilSolicitante: s.perfilAtor,
      }, tx);
      await this.repo.marcarLote(ano, loteId, tx);
      return loteId;
    });
  }
}
