import { CanalNotificacao, SituacaoEnvio } from '../../../shared/enums';
import { MENSAGENS_CANAIS } from '../../../shared/mensagens/notificacao-canais';
import { ROTA_HOME } from '../../../shared/rotas-web';
import type { EnviadorEmail } from '../../adapters/email/email';
import type { CanalMensagem } from '../../adapters/mensagem/mensagem';
import type { EnvioNotificacao, PreferenciasNotificacao, PreferenciasNotificacaoCorpo } from '../../../shared/schemas/notificacao';
import { MENSAGENS_PESCADOR } from '../../../shared/mensagens/pescador';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { auditarVisaoDoServidor, pescadorNoEscopo } from '../escopo';
import type { EnvioReservado, NotificacaoEnvioRepository } from './notificacao-envio.repository';

export interface OpcoesDrenagem {
  /** Rows claimed at a time per channel. */
  bloco?: number;
  /** Messages of one channel in flight at once. */
  paralelos?: number;
  /** Tries before a row is given up (situacao FALHOU). */
  maximoTentativas?: number;
  /** The first retry's wait; each next one doubles it, up to `esperaMaximaSegundos`. */
  esperaSegundos?: number;
  esperaMaximaSegundos?: number;
  /** How long a claimed row is kept from other runs (more than a block's worst time). */
  reservaSegundos?: number;
  now?: () => Date;
  /** Awaited before each block is claimed: the thread's drain waits there while the web's event loop is late. */
  antesDoBloco?: () => Promise<void>;
  /** Told of delivered rows whose origin has no listener here (the thread hands them to the main thread's). */
  aoEnviarSemOuvinte?: (origem: string, origemId: number, canal: CanalNotificacao, pescadorIds: number[]) => Promise<void>;
  /** The job's drain, run in a worker thread with a capped heap (NotificacaoEnvioService.drenar). */
  thread?: DrenagemEmThread;
}

/** A drain run elsewhere (decision 0245: a worker thread) and told of deliveries back through `aoEnviar`. */
export interface DrenagemEmThread {
  drenar(deslocamentoMs: number, aoEnviar: (origem: string, origemId: number, canal: CanalNotificacao, pescadorIds: number[]) => Promise<void>): Promise<Record<string, ResultadoCanal>>;
}

export interface ResultadoCanal { enviadas: number; falhas: number; canceladas: number }

/** Told of the rows of its origin just delivered (the REAP warning counts its e-mails). */
export type AoEnviar = (origemId: number, canal: CanalNotificacao, pescadorIds: number[]) => Promise<void>;

/** A Brazilian mobile number as the registry keeps it (as CELULAR_SQL). */
const CELULAR = /^[1-9][1-9]9\d{8}$/;

const NOME_CANAL: Record<CanalNotificacao, string> = { 1: 'email', 2: 'sms', 3: 'govbr' };

/**
 * Drains the outbox (decision 0150): each channel on its own, at once, so a dead one (its gateway down) only
 * reschedules its own rows with exponential backoff while the others deliver. A row is delivered at least once:
 * only a crash between the send and its mark repeats it.
 */
export class NotificacaoEnvioService {
  private readonly now: () => Date;
  private readonly ouvintes = new Map<string, AoEnviar>();

  constructor(
    private readonly repo: NotificacaoEnvioRepository,
    private readonly canais: { email: EnviadorEmail; sms: CanalMensagem; govbr: CanalMensagem },
    private readonly urlPublica: string,
    private readonly opts: OpcoesDrenagem = {},
  ) {
    this.now = opts.now ?? (() => new Date());
  }

  /** The signed-in fisher's channels, and which of them the registry can reach. */
  async preferencias(ator: AuthContext): Promise<PreferenciasNotificacao> {
    const id = ator.idPescador!;
    const [p, contato] = await Promise.all([this.repo.preferencias(id), this.repo.contato(id)]);
    return { ...p, temEmail: Boolean(contato?.email), temCelular: Boolean(contato?.telefone && CELULAR.test(contato.telefone)) };
  }

  /** Honoured from the next drain on: rows already written for a channel turned off are cancelled, not sent. */
  async salvarPreferencias(ator: AuthContext, c: PreferenciasNotificacaoCorpo): Promise<PreferenciasNotificacao> {
    await this.repo.salvarPreferencias(ator.idPescador!, c);
    return this.preferencias(ator);
  }

  /** Staff on the fisher's page: in scope (403 before 404), audited as a view of the fisher. */
  async doPescador(ator: AuthContext, pescadorId: number, auditoria: AuditoriaService): Promise<EnvioNotificacao[]> {
    await pescadorNoEscopo(ator, pescadorId, (i) => this.repo.contato(i), MENSAGENS_PESCADOR.naoEncontrado);
    const rows = await this.repo.doPescador(pescadorId, 50);
    await auditarVisaoDoServidor(auditoria, ator, 'notificacao-envio', pescadorId, pescadorId, { envios: rows.length });
    return rows.map((r) => ({
      id: r.id, tipo: r.tipo, canal: r.canal, situacao: r.situacao, tentativas: r.tentativas, ultimoErro: r.ultimoErro,
      criadaEm: r.criadaEm.toISOString(), enviadaEm: r.enviadaEm?.toISOString() ?? null,
      proximaTentativaEm: r.situacao === SituacaoEnvio.PENDENTE ? r.proximaEm.toISOString() : null,
    }));
  }

  aoEnviar(origem: string, f: AoEnviar): void {
    this.ouvintes.set(origem, f);
  }

  /**
   * `emThread` (the job): in the worker thread when one is configured, so neither the web's heap nor its event loop
   * carries a wave of millions (decision 0245); the thread keeps this clock by its offset from the system's.
   */
  async drenar(opcoes: { emThread?: boolean } = {}): Promise<Record<string, ResultadoCanal>> {
    if (opcoes.emThread && this.opts.thread) {
      return this.opts.thread.drenar(this.now().getTime() - Date.now(), async (origem, origemId, canal, pescadores) => {
        await this.ouvintes.get(origem)?.(origemId, canal, pescadores);
      });
    }
    const canais = Object.values(CanalNotificacao);
    const r = await Promise.allSettled(canais.map((c) => this.drenarCanal(c)));
    const saida: Record<string, ResultadoCanal> = {};
    r.forEach((x, i) => {
      // A failure here is the database's, not the channel's: the rows stay leased and are tried again.
      saida[NOME_CANAL[canais[i]!]] = x.status === 'fulfilled' ? x.value : { enviadas: 0, falhas: 0, canceladas: 0 };
    });
    const erro = r.find((x): x is PromiseRejectedResult => x.status === 'rejected');
    if (erro) throw erro.reason;
    return saida;
  }

  /** Block after block until none is due, or until a whole block failed (the channel is down: it waits its backoff). */
  async drenarCanal(canal: CanalNotificacao): Promise<ResultadoCanal> {
    const total: ResultadoCanal = { enviadas: 0, falhas: 0, canceladas: 0 };
    for (;;) {
      await this.opts.antesDoBloco?.();
      const agora = this.now();
      const reservados = await this.repo.reservar(
        canal, this.opts.bloco ?? 200, agora, new Date(agora.getTime() + (this.opts.reservaSegundos ?? 600) * 1000),
      );
      if (reservados.length === 0) return total;
      const r = await this.entregarBloco(canal, reservados);
      total.enviadas += r.enviadas;
      total.falhas += r.falhas;
      total.canceladas += r.canceladas;
      if (r.enviadas === 0 && r.falhas > 0) return total;
    }
  }

  private async entregarBloco(canal: CanalNotificacao, reservados: EnvioReservado[]): Promise<ResultadoCanal> {
    const enviadas: EnvioReservado[] = [];
    const falhas: { id: number; proximaEm: Date | null; erro: string }[] = [];
    const semCanal: number[] = [];
    const desligado: number[] = [];
    const fila = [...reservados];
    const trabalhar = async () => {
      for (let e = fila.shift(); e; e = fila.shift()) {
        if (!e.ativo) { desligado.push(e.id); continue; }
        const destino = this.destino(canal, e);
        if (!destino) { semCanal.push(e.id); continue; }
        try {
          await this.entregar(canal, e, destino);
          enviadas.push(e);
        } catch (err) {
          falhas.push({ id: e.id, proximaEm: this.proximaTentativa(e.tentativas), erro: motivo(err) });
        }
      }
    };
    await Promise.all(Array.from({ length: this.opts.paralelos ?? 8 }, trabalhar));
    await this.repo.marcarEnviadas(enviadas.map((e) => e.id), this.now());
    await this.repo.marcarFalhas(falhas);
    await this.repo.cancelar(desligado, 'canal desligado pelo pescador');
    await this.repo.cancelar(semCanal, 'sem endereço no registro');
    await this.avisarOrigens(canal, enviadas);
    return { enviadas: enviadas.length, falhas: falhas.length, canceladas: desligado.length + semCanal.length };
  }

  private destino(canal: CanalNotificacao, e: EnvioReservado): string | null {
    if (canal === CanalNotificacao.EMAIL) return e.email || null;
    if (canal === CanalNotificacao.SMS) return e.telefone && CELULAR.test(e.telefone) ? `+55${e.telefone}` : null;
    return e.cpf;
  }

  private async entregar(canal: CanalNotificacao, e: EnvioReservado, destino: string): Promise<void> {
    const link = `${this.urlPublica}${e.url ?? ROTA_HOME}`;
    if (canal === CanalNotificacao.EMAIL) {
      await this.canais.email.enviar({ para: destino, assunto: e.assunto ?? MENSAGENS_CANAIS.assuntoEmail(e.tipo), texto: MENSAGENS_CANAIS.corpo(e.conteudo, link) });
    } else if (canal === CanalNotificacao.SMS) {
      await this.canais.sms.enviar({ destino, titulo: 'RGP', texto: MENSAGENS_CANAIS.sms(e.tipo, link) });
    } else {
      await this.canais.govbr.enviar({ destino, titulo: MENSAGENS_CANAIS.tituloGovbr(e.tipo), texto: MENSAGENS_CANAIS.corpo(e.conteudo, link) });
    }
  }

  /** null once the tries are spent. */
  private proximaTentativa(tentativas: number): Date | null {
    if (tentativas >= (this.opts.maximoTentativas ?? 8)) return null;
    const espera = Math.min((this.opts.esperaSegundos ?? 60) * 2 ** (tentativas - 1), this.opts.esperaMaximaSegundos ?? 6 * 3600);
    return new Date(this.now().getTime() + espera * 1000);
  }

  private async avisarOrigens(canal: CanalNotificacao, enviadas: EnvioReservado[]): Promise<void> {
    const porOrigem = new Map<string, { nome: string; id: number; pescadores: number[] }>();
    for (const e of enviadas) {
      if (!e.origem || e.origemId === null) continue;
      const k = `${e.origem}:${e.origemId}`;
      const g = porOrigem.get(k) ?? { nome: e.origem, id: e.origemId, pescadores: [] };
      g.pescadores.push(e.pescadorId);
      porOrigem.set(k, g);
    }
    for (const g of porOrigem.values()) {
      const ouvinte = this.ouvintes.get(g.nome);
      if (ouvinte) await ouvinte(g.id, canal, g.pescadores);
      else await this.opts.aoEnviarSemOuvinte?.(g.nome, g.id, canal, g.pescadores);
    }
  }
}

/** The reason kept on the row and shown to staff: an SMTP server's may quote the address, so addresses and long numbers go. */
function motivo(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  return m.replace(/[^\s@<>]+@[^\s@<>]+/g, '[e-mail]').replace(/\d{8,}/g, '[número]').slice(0, 300);
}
