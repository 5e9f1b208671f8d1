import {
  MENSAGENS_NOTIFICACAO, novaNotificacaoSchema, type Notificacao, type NovaNotificacao,
} from '../../../shared/schemas/notificacao';
import type { NotificacaoExportada } from '../../../shared/schemas/auditoria';
import { CodigoErro } from '../../../shared/codigos-erro';
import { TipoNotificacao } from '../../../shared/enums';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import type { Executor } from '../../db/client';
import type { FilaDeJobs } from '../../jobs/job';
import type { NotificacaoRepository, OpcoesEnvio } from './notificacao.repository';
import { drenarNotificacoesJob } from './notificacao-envio.jobs';

/** System notifications to fishers. Other modules create them with `criar` only, in their own transaction. */
export class NotificacaoService {
  private readonly now: () => Date;
  private readonly fila: FilaDeJobs | undefined;

  constructor(
    private readonly repo: NotificacaoRepository,
    opts: { now?: () => Date; fila?: FilaDeJobs } = {},
  ) {
    this.fila = opts.fila;
    this.now = opts.now ?? (() => new Date());
  }

  /** Committed with the change it reports, or not at all, with its outbox rows (decision 0150). */
  async criar(nova: NovaNotificacao, ex?: Executor, envio?: OpcoesEnvio): Promise<{ id: number }> {
    const n = novaNotificacaoSchema.parse(nova);
    const r = await this.repo.inserir({
      pescadorId: n.pescadorId,
      tipo: n.tipo,
      conteudo: n.conteudo,
      urlRedirecionamento: n.urlRedirecionamento ?? null,
      criadaEm: this.now(),
    }, envio, ex);
    await this.drenarEmSeguida(ex);
    return r;
  }

  /** The outbox is drained by the minute job anyway; this starts it within seconds of the commit. */
  private async drenarEmSeguida(ex: Executor | undefined): Promise<void> {
    if (this.fila && ex) await this.fila.enfileirar(ex, drenarNotificacoesJob, {});
  }

  /** A batch's chunk of thousands in one statement. */
  async criarParaVarios(pescadorIds: number[], nova: Omit<NovaNotificacao, 'pescadorId'>, ex?: Executor, envio?: OpcoesEnvio): Promise<number> {
    if (pescadorIds.length === 0) return 0;
    const n = novaNotificacaoSchema.parse({ ...nova, pescadorId: pescadorIds[0] });
    const criadas = await this.repo.inserirVarios(pescadorIds, {
      tipo: n.tipo, conteudo: n.conteudo, urlRedirecionamento: n.urlRedirecionamento ?? null, criadaEm: this.now(),
    }, envio, ex);
    await this.drenarEmSeguida(ex);
    return criadas;
  }

  /** Many of one tipo, each with its own text and address (a batch decision), in one statement. */
  async criarVarias(novas: NovaNotificacao[], ex?: Executor): Promise<number> {
    if (novas.length === 0) return 0;
    const ns = novas.map((n) => novaNotificacaoSchema.parse(n));
    if (ns.some((n) => n.tipo !== ns[0]!.tipo)) throw new Error('criarVarias: one tipo per call');
    const criadas = await this.repo.inserirLista(ns[0]!.tipo, ns.map((n) => ({
      pescadorId: n.pescadorId, conteudo: n.conteudo, urlRedirecionamento: n.urlRedirecionamento ?? null,
    })), this.now(), {}, ex);
    await this.drenarEmSeguida(ex);
    return criadas;
  }

  /**
   * Reminders of deadlines, each once per fisher and key (decision 0157): the key taken and the notice written in
   * the caller's transaction, so a run killed half-way and run again writes only those not done.
   */
  async lembrarUmaVez(
    tipo: TipoNotificacao, lembretes: { chave: string; pescadorId: number; prazo: string; conteudo: string; urlRedirecionamento: string | null }[],
    tx: Executor,
  ): Promise<number> {
    const tomados = await this.repo.tomarLembretes(lembretes, tx);
    return this.criarVarias(lembretes.filter((l) => tomados.has(`${l.chave}|${l.pescadorId}`)).map((l) => ({
      tipo, pescadorId: l.pescadorId, conteudo: l.conteudo, urlRedirecionamento: l.urlRedirecionamento,
    })), tx);
  }

  async naoLidas(ator: AuthContext): Promise<Notificacao[]> {
    if (ator.idPescador === null) return [];
    const rows = await this.repo.naoLidas(ator.idPescador);
    return rows.map((n) => ({ id: n.id, tipo: n.tipo, conteudo: n.conteudo, urlRedirecionamento: n.urlRedirecionamento }));
  }

  /** Their data export, LGPD art. 18. */
  async todasDoPescador(ator: AuthContext): Promise<NotificacaoExportada[]> {
    if (ator.idPescador === null) return [];
    const rows = await this.repo.todas(ator.idPescador);
    return rows.map((n) => ({
      id: n.id, tipo: n.tipo, conteudo: n.conteudo, criadaEm: n.criadaEm.toISOString(), lidaEm: n.lidaEm?.toISOString() ?? null,
    }));
  }

  /** Repeating it changes nothing. */
  async confirmarLeitura(ator: AuthContext, id: number): Promise<{ id: number; dataLeitura: string }> {
    const n = await this.repo.findById(id);
    if (!n) throw AppError.notFound(MENSAGENS_NOTIFICACAO.naoEncontrada);
    if (ator.idPescador === null || n.pescadorId !== ator.idPescador) throw AppError.forbidden(MENSAGENS_NOTIFICACAO.deOutroPescador);
    // What an entity did for the fisher stays unread until the fisher sees it (decision 0110).
    if (ator.representacao && n.tipo === TipoNotificacao.REPRESENTACAO) {
      throw AppError.forbidden(MENSAGENS_NOTIFICACAO.representacaoSoDoPescador, CodigoErro.REPRESENTACAO_RECUSADA);
    }
    const lidaEm = n.lidaEm ?? await this.repo.marcarLida(id, this.now());
    return { id, dataLeitura: lidaEm.toISOString() };
  }
}
