import { CodigoErro } from '../../../shared/codigos-erro';
import { SituacaoSolicitacao, TipoNotificacao } from '../../../shared/enums';
import {
  MENSAGENS_RECURSO, ResultadoRecurso, type DecisaoEmLoteCorpo, type ResultadoDecisaoEmLote,
} from '../../../shared/schemas/recurso';
import { rotaRecurso } from '../../../shared/rotas-web';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { doAtor } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { ufsDoEscopo } from '../escopo';
import { DecisaoLoteRepository } from './decisao-lote.repository';
import { desfazerSancoes } from './efeitos';
import { somarDias } from './prazos';
import { exigirDecisor, hoje, mesmaJanela, rotuloResultado, temProximaInstancia, type DepsRecurso } from './recurso-base';
import type { RecursoEmLote } from './recurso.repository';

/** Appeals per transaction: a chunk's locks are short, a failure loses only its chunk, and memory stays flat. */
const BLOCO = 2_000;
/** Refusals per page when a batch decision is read. */
const RECUSAS_POR_PAGINA = 100;

/** What a chunk needs of the request: the act, the result and the justification. */
type Pedido = Pick<DecisaoEmLoteCorpo, 'ato' | 'resultado' | 'justificativa'>;

/** Enqueues the job that decides a batch decision (recurso.jobs.ts); given by the module, so no import cycle. */
export type EnfileirarDecisaoLote = (tx: Executor, id: number) => Promise<unknown>;

/**
 * A wave's batch decision (decisions 0100 and 0103): the national management decides many appeals of one act with
 * one result and one justification, chosen by id or by the queue's filter on the server. The request only records
 * which appeals (one INSERT … SELECT) and enqueues a job; the job decides them in chunks, each appeal by the rules
 * of a single decision (its instance, pending, the result its instance allows, not under another analyst's lock)
 * with its own decision row, history line, notification and audit record, and writes each one's result, which the
 * manager reads page by page while it runs and afterwards.
 */
export class DecisaoEmLoteRecursoService {
  private readonly lotes: DecisaoLoteRepository;

  constructor(
    private readonly deps: DepsRecurso,
    private readonly opts: { tempoBloqueioMinutos: number; enfileirar: EnfileirarDecisaoLote },
  ) {
    this.lotes = new DecisaoLoteRepository(deps.db);
  }

  async iniciar(ator: AuthContext, corpo: DecisaoEmLoteCorpo): Promise<{ id: number; total: number }> {
    return this.deps.db.transaction(async (tx) => {
      const id = await this.lotes.criar({
        ato: corpo.ato, resultado: corpo.resultado, justificativa: corpo.justificativa, filtro: corpo.filtro ?? null, ator, cpfAtor: ator.cpf,
      }, tx);
      const total = corpo.filtro
        ? await this.lotes.itensPorFiltro(id, corpo.ato, corpo.filtro, { ufs: ufsDoEscopo(ator) }, hoje(this.deps), tx)
        : await this.lotes.itensPorIds(id, corpo.ids ?? [], tx);
      // The manager confirmed a count: another one means the queue moved under them; nothing is decided.
      if (corpo.filtro && total !== corpo.totalConfirmado) throw AppError.recusa(CodigoErro.RECURSO_INDISPONIVEL, MENSAGENS_RECURSO.selecaoMudou(total));
      await this.deps.auditoria.registrar({
        acao: 'RECURSO_DECISAO_EM_LOTE_INICIADA', ...doAtor(ator), recurso: 'recurso_decisao_lote', recursoId: id,
        detalhes: { ato: corpo.ato, resultado: corpo.resultado, total, porFiltro: corpo.filtro !== undefined },
      }, tx);
      await this.opts.enfileirar(tx, id);
      return { id, total };
    });
  }

  /** The job: chunk after chunk until none is left; a retried or resumed job goes on where the last chunk ended. */
  async processar(id: number): Promise<{ concluida: boolean }> {
    for (;;) {
      const fim = await this.deps.db.transaction(async (tx) => {
        const cab = await this.lotes.travar(id, tx);
        if (!cab || cab.concluidoEm) return true;
        const bloco = await this.lotes.proximos(id, BLOCO, tx);
        if (bloco.length === 0) {
          await this.lotes.concluir(id, tx);
          return true;
        }
        const ator = cab.ator as AuthContext;
        const pedido: Pedido = { ato: cab.atoNormativoId, resultado: cab.resultado, justificativa: cab.justificativa };
        const linhas = await this.deps.repo.lockVarios(bloco, tx);
        const recusas = new Map<number, string>();
        const achados = new Set(linhas.map((r) => r.id));
        for (const r of bloco) if (!achados.has(r)) recusas.set(r, MENSAGENS_RECURSO.naoEncontrado);
        const aceitos: RecursoEmLote[] = [];
        for (const r of linhas) {
          const motivo = this.recusa(ator, r, pedido);
          if (motivo) recusas.set(r.id, motivo);
          else aceitos.push(r);
        }
        await this.aplicar(ator, aceitos, pedido, tx);
        await this.lotes.registrar(id, aceitos.map((r) => r.id), recusas, tx);
        return false;
      });
      if (fim) return { concluida: true };
    }
  }

  /** Progress and a page of refusals; any manager who may decide in batch reads it (the act is national). */
  async ler(id: number, apos = 0): Promise<ResultadoDecisaoEmLote> {
    const cab = await this.lotes.ler(id);
    if (!cab) throw AppError.notFound(MENSAGENS_RECURSO.decisaoEmLoteNaoEncontrada);
    const recusas = await this.lotes.recusas(id, apos, RECUSAS_POR_PAGINA);
    return {
      id, total: cab.total, processados: cab.decididos + cab.recusados, decididos: cab.decididos, recusados: cab.recusados,
      concluida: cab.concluidoEm !== null, recusas, proximo: recusas.length === RECUSAS_POR_PAGINA ? recusas.at(-1)!.id : null,
    };
  }

  /** Why this appeal may not be decided so, or null: the rules of `DecisaoRecursoService.decidir`. */
  private recusa(ator: AuthContext, r: RecursoEmLote, corpo: Pedido): string | null {
    try {
      exigirDecisor(ator, r);
    } catch (e) {
      if (e instanceof AppError) return e.codigo === 403 ? MENSAGENS_RECURSO.foraDoEscopoLote : e.message;
      throw e;
    }
    if (r.atoNormativoId !== corpo.ato) return MENSAGENS_RECURSO.outroAto;
    if (r.tempestivo === null || r.resultado !== null || !r.temPrazoInstancia) return MENSAGENS_RECURSO.naoPendente;
    const travado = r.analistaId !== null && r.analistaId !== ator.idUsuarioMapa && r.bloqueadoEm !== null
      && this.deps.now().getTime() - r.bloqueadoEm.getTime() <= this.opts.tempoBloqueioMinutos * 60_000;
    if (travado) return MENSAGENS_RECURSO.emAnaliseIndividual;
    if (r.instancia === 1 && corpo.resultado === ResultadoRecurso.NAO_PROVIDO) return MENSAGENS_RECURSO.resultadoInvalidoReconsideracao;
    return null;
  }

  private async aplicar(ator: AuthContext, rs: RecursoEmLote[], corpo: Pedido, tx: Executor): Promise<void> {
    if (rs.length === 0) return;
    const dia = hoje(this.deps);
    const rotulo = rotuloResultado(corpo.resultado);
    const naoProvido = corpo.resultado === ResultadoRecurso.NAO_PROVIDO;
    const provido = corpo.resultado === ResultadoRecurso.PROVIDO;
    const quem = { cpf: ator.cpf, perfil: ator.perfil };
    await this.deps.repo.inserirDecisoes(rs.map((r) => ({ recursoId: r.id, instancia: r.instancia, orgao: r.orgao })), corpo.resultado, corpo.justificativa, quem, tx);
    await this.deps.repo.decidirVarios(rs.map((r) => ({
      id: r.id, ultimoDiaProximaInstancia: naoProvido && temProximaInstancia(r) ? somarDias(dia, mesmaJanela(r)) : null,
    })), corpo.resultado, tx);
    // One history text per instance, shared by the chunk's rows (not 2,000 copies of the justification).
    const motivos = new Map<number, string>();
    const motivo = (instancia: number) => motivos.get(instancia)
      ?? motivos.set(instancia, `${MENSAGENS_RECURSO.historicoDecisao(instancia, rotulo)}: ${corpo.justificativa}`).get(instancia)!;
    await this.deps.solicitacoes.mudarSituacoes(rs.map((r) => ({
      solicitacaoId: r.solicitacaoId, de: r.situacaoSolicitacao, para: provido ? SituacaoSolicitacao.DEFERIDA : SituacaoSolicitacao.FINALIZADA,
      ator: quem, motivo: motivo(r.instancia),
    })), tx);
    await this.deps.notificacoes.criarVarias(rs.map((r) => ({
      pescadorId: r.pescadorId, tipo: TipoNotificacao.RECURSO, urlRedirecionamento: rotaRecurso(r.id),
      conteudo: MENSAGENS_RECURSO.notificacaoDecidido(r.numeroProtocolo ?? String(r.id), rotulo),
    })), tx);
    await this.deps.auditoria.registrarVarios(rs.map((r) => ({
      acao: 'RECURSO_DECIDIDO', ...doAtor(ator), recurso: 'recurso', recursoId: r.id, pescadorId: r.pescadorId,
      detalhes: { resultado: corpo.resultado, instancia: r.instancia, emLote: true, ato: corpo.ato },
    })), tx);
    if (provido) await desfazerSancoes(this.deps, rs, ator, tx);
  }
}
