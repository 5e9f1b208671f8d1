import { hojeSaoPaulo } from '../../../shared/datas';
import { ANO_REAP_EXCECAO, MOTIVOS_REAP } from '../../../shared/regras/reap';
import type { Database, Executor } from '../../db/client';
import type { FilaDeJobs } from '../../jobs/job';
import { CHAVE_VERIFICACAO, verificarInadimplenciaJob } from './inadimplencia.jobs';
import { gerarObrigacoesAnoJob, gerarObrigacoesPescadorJob } from './reap.jobs';
import type { ReapRepository } from './reap.repository';

export interface ReapGeracaoOptions {
  /** Fishers per block (one transaction each) when a year's obligations are created for every fisher; 10,000 by default. */
  tamanhoBlocoObrigacoes?: number;
  /** A creation with no block committed for this long was interrupted (its process died): the minute job resumes it. */
  retomarAposSegundos?: number;
  now?: () => Date;
}

/** One queued creation per year at a time (pg-boss singleton key). */
const chaveGeracao = (ano: number) => `reap-obrigacoes-${ano}`;

/**
 * The obligations of every fisher (decision 0051), created by jobs: a year's for every fisher with an RGP once its
 * window opens, a block of fishers per transaction, and a fisher's of every open year once their registry becomes
 * active. Nothing is created twice (one obligation per fisher and year).
 */
export class ReapGeracaoService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    private readonly repo: ReapRepository,
    private readonly fila: FilaDeJobs,
    private readonly opts: ReapGeracaoOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** The years whose obligations exist for every fisher today: window started (or 2025), up to the last closed year. */
  private anosAbertos(): Promise<number[]> {
    const hoje = hojeSaoPaulo(this.now());
    return this.repo.anosAbertos(hoje, Number(hoje.slice(0, 4)) - 1, ANO_REAP_EXCECAO);
  }

  /**
   * The job of a year whose window opened: creates the year's missing obligations for every fisher with an RGP,
   * a block of fishers (by id) per transaction, resuming after the last committed block when a run was killed.
   * Nothing is created twice (one obligation per fisher and year). A year not open (no window started, or not
   * closed yet) creates nothing.
   */
  async gerarObrigacoesDoAno(ano: number): Promise<{ aberto: boolean; criadas: number }> {
    if (!(await this.anosAbertos()).includes(ano)) return { aberto: false, criadas: 0 };
    let criadas = 0;
    for (;;) {
      const r = await this.gerarObrigacoesBloco(ano);
      criadas += r.criadas;
      if (r.fim) return { aberto: true, criadas };
    }
  }

  /**
   * One block of a year's creation, in one transaction: the progress row locked (one block of a year at a time),
   * the next fishers' obligations created, the progress advanced. A completed creation does nothing (decision 0071):
   * a duplicate job (two instances starting together queue the start-up run twice) never walks the fishers again.
   */
  async gerarObrigacoesBloco(ano: number): Promise<{ fim: boolean; criadas: number }> {
    const bloco = this.opts.tamanhoBlocoObrigacoes ?? 10_000;
    return this.db.transaction(async (tx) => {
      const g = await this.repo.travarGeracao(ano, tx);
      if (g.concluida) return { fim: true, criadas: 0 };
      const de = g.ultimoPescadorId;
      const ate = de + bloco;
      const criadas = await this.repo.criarObrigacoes([ano], de, ate, MOTIVOS_REAP.geradaPeloSistema, tx);
      const fim = ate >= (await this.repo.maiorPescadorId(tx));
      await this.repo.avancarGeracao(ano, ate, criadas, fim, tx);
      // Complete: a window that already closed has its defaulters warned now (decision 0055).
      if (fim) await this.fila.enfileirar(tx, verificarInadimplenciaJob, {}, { chaveUnica: CHAVE_VERIFICACAO });
      return { fim, criadas };
    });
  }

  /**
   * The minute job's half (decision 0055): the creations with no block committed for a while (their process died)
   * are run to the end here. Answers the years resumed.
   */
  async retomarGeracoesInterrompidas(): Promise<number[]> {
    const anos = await this.repo.geracoesInterrompidas(this.opts.retomarAposSegundos ?? 120);
    for (const ano of anos) await this.gerarObrigacoesDoAno(ano);
    return anos;
  }

  /** The job of a fisher whose registry became active: their missing obligations of every open year. */
  async gerarObrigacoesDoPescador(pescadorId: number): Promise<{ criadas: number }> {
    const anos = await this.anosAbertos();
    const criadas = await this.db.transaction((tx) => this.repo.criarObrigacoes(anos, pescadorId - 1, pescadorId, MOTIVOS_REAP.geradaPeloSistema, tx));
    return { criadas };
  }

  /** Enqueues, in the caller's transaction, the creation of a year's obligations for every fisher (one queued at a time). */
  async agendarObrigacoesDoAno(ano: number, ex: Executor): Promise<void> {
    await this.fila.enfileirar(ex, gerarObrigacoesAnoJob, { anoReferencia: ano }, { chaveUnica: chaveGeracao(ano) });
  }

  /** Enqueues, in the caller's transaction, the creation of a fisher's obligations (their registry became active). */
  async agendarObrigacoesDoPescador(pescadorId: number, tx: Executor): Promise<void> {
    await this.fila.enfileirar(tx, gerarObrigacoesPescadorJob, { idPescador: pescadorId });
  }

  /**
   * The daily job: every open year whose creation of obligations is not complete (a window whose start arrived,
   * or a run that died past its retries) gets its job. Answers those years.
   */
  async abrirPrazos(): Promise<number[]> {
    const anos = await this.repo.anosSemGeracaoConcluida(await this.anosAbertos());
    for (const ano of anos) await this.agendarObrigacoesDoAno(ano, this.db);
    return anos;
  }
}
