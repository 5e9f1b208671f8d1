import { hojeSaoPaulo } from '../../../shared/datas';
import { ANO_REAP_EXCECAO, MOTIVOS_REAP } from '../../../shared/regras/reap';
import type { Database, Executor } from '../../db/client';
import type { FilaDeJobs } from '../../jobs/job';
import { CHAVE_VERIFICACAO, verificarInadimplenciaJob } from './inadimplencia.jobs';
import { gerarObrigacoesAnoJob, gerarObrigacoesPescadorJob } from './reap.jobs';
import type { ReapRepository } from './reap.repository';

export interface ReapGeracaoOptions {
  tamanhoBlocoObrigacoes?: number;
  retomarAposSegundos?: number;
  now?: () => Date;
}

const chaveGeracao = (ano: number) => `reap-obrigacoes-${ano}`;

/** Decision 0051: a block per transaction; nothing is created twice. */
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

  private anosAbertos(): Promise<number[]> {
    const hoje = hojeSaoPaulo(this.now());
    return this.repo.anosAbertos(hoje, Number(hoje.slice(0, 4)) - 1, ANO_REAP_EXCECAO);
  }

  async gerarObrigacoesDoAno(ano: number): Promise<{ aberto: boolean; criadas: number }> {
    if (!(await this.anosAbertos()).includes(ano)) return { aberto: false, criadas: 0 };
    let criadas = 0;
    for (;;) {
      const r = await this.gerarObrigacoesBloco(ano);
      criadas += r.criadas;
      if (r.fim) return { aberto: true, criadas };
    }
  }

  /** A completed creation does nothing (decision 0071): a duplicate start-up job never walks the fishers again. */
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

  /** Decision 0055. */
  async retomarGeracoesInterrompidas(): Promise<number[]> {
    const anos = await this.repo.geracoesInterrompidas(this.opts.retomarAposSegundos ?? 120);
    for (const ano of anos) await this.gerarObrigacoesDoAno(ano);
    return anos;
  }

  async gerarObrigacoesDoPescador(pescadorId: number): Promise<{ criadas: number }> {
    const anos = await this.anosAbertos();
    const criadas = await this.db.transaction((tx) => this.repo.criarObrigacoes(anos, pescadorId - 1, pescadorId, MOTIVOS_REAP.geradaPeloSistema, tx));
    return { criadas };
  }

  async agendarObrigacoesDoAno(ano: number, ex: Executor): Promise<void> {
    await this.fila.enfileirar(ex, gerarObrigacoesAnoJob, { anoReferencia: ano }, { chaveUnica: chaveGeracao(ano) });
  }

  async agendarObrigacoesDoPescador(pescadorId: number, tx: Executor): Promise<void> {
    await this.fila.enfileirar(tx, gerarObrigacoesPescadorJob, { idPescador: pescadorId });
  }

  async abrirPrazos(): Promise<number[]> {
    const anos = await this.repo.anosSemGeracaoConcluida(await this.anosAbertos());
    for (const ano of anos) await this.agendarObrigacoesDoAno(ano, this.db);
    return anos;
  }
}
