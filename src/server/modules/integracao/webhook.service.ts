import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { CodigoErro } from '../../../shared/codigos-erro';
import {
  ENDERECOS_LOCAIS_WEBHOOK, EstadoEntregaWebhook, MENSAGENS_INTEGRACAO, MENSAGENS_WEBHOOK, type AssinaturaWebhook, type AssinaturaWebhookCriacao,
  type AssinaturaWebhookCriada, type EntregaWebhook,
} from '../../../shared/schemas/integracao';
import type { EnviadorEmail } from '../../adapters/email/email';
import { AppError } from '../../lib/errors';
import { erroDeCampo } from '../../lib/validacao';
import { doAtor, type AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import type { ClienteIntegracaoRepository } from './cliente.repository';
import { eventoDaLinha } from './integracao.service';
import type { EntregaDevida, LinhaAssinatura, LinhaEntrega, WebhookRepository } from './webhook.repository';

export interface OpcoesWebhook {
  /** The server secret: the signing secrets are kept encrypted under a key derived from it. */
  segredoServidor: Uint8Array;
  agora?: () => Date;
  /** `http://localhost` endpoints, for development and tests only; production takes HTTPS alone. */
  permitirHttpLocal?: boolean;
  /** Failed attempts in a row, with no success between, that disable an endpoint. */
  limiteFalhasSeguidas?: number;
  tempoLimiteMs?: number;
  /** Attempts in flight per endpoint. */
  paralelismo?: number;
  /** A run stops taking after this long (real time); the next, a minute after this one began, continues. */
  orcamentoMs?: number;
}

type Tentativa = Parameters<WebhookRepository['registrarTentativas']>[2][number];

/** First retry after 30 s, doubling, at most 6 h apart; a day after its round began, a delivery parks. */
const ESPERA_INICIAL_S = 30;
const ESPERA_MAXIMA_S = 6 * 3600;
const JANELA_TENTATIVAS_MS = 24 * 3600 * 1000;
const LOTE_DISTRIBUICAO = 5_000;
/** Deliveries taken, audited and recorded per statement. */
const LOTE_ENTREGAS = 32;

export function esperaAposFalha(tentativas: number): number {
  return Math.min(ESPERA_INICIAL_S * 2 ** Math.max(0, tentativas - 1), ESPERA_MAXIMA_S) * 1000;
}

/** Standard Webhooks' own format: `whsec_` and 32 random bytes in base64. */
function novoSegredo(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

function assinaturaDaLinha(r: LinhaAssinatura): AssinaturaWebhook {
  return {
    id: r.id, clienteId: r.clienteId, cliente: `${r.cliente} (${r.orgao})`, url: r.url, tipos: r.tipos, falhasSeguidas: r.falhasSeguidas,
    desativadaEm: r.desativadaEm?.toISOString() ?? null, motivoDesativacao: r.motivoDesativacao,
    pendentes: r.pendentes, entregues: r.entregues, estacionadas: r.estacionadas, criadoEm: r.criadoEm.toISOString(),
  };
}

function entregaDaLinha(r: LinhaEntrega): EntregaWebhook {
  return {
    id: r.id, eventoId: String(r.eventoId), tipo: r.tipo, estado: r.estado as EntregaWebhook['estado'], tentativas: r.tentativas,
    ultimoStatus: r.ultimoStatus, ultimoErro: r.ultimoErro,
    proximaTentativaEm: r.estado === EstadoEntregaWebhook.PENDENTE ? r.proximaTentativaEm.toISOString() : null,
    entregueEm: r.entregueEm?.toISOString() ?? null, criadoEm: r.criadoEm.toISOString(),
  };
}

/**
 * Webhooks (decision 0122): each feed event a subscription wants is POSTed to its endpoint, signed per Standard
 * Webhooks by the `standardwebhooks` library, retried with backoff for a day, then parked; an endpoint failing again
 * and again is disabled and ADMIN told. Runs in a job, never in a request, and each endpoint on its own: a dead one
 * costs one round of timeouts per run and delays no one else.
 */
export class WebhookService {
  readonly #chave: Buffer;
  readonly #o: Required<Omit<OpcoesWebhook, 'segredoServidor' | 'agora'>>;

  constructor(
    private readonly repo: WebhookRepository,
    private readonly clientes: ClienteIntegracaoRepository,
    private readonly auditoria: AuditoriaService,
    private readonly email: EnviadorEmail,
    private readonly opcoes: OpcoesWebhook,
  ) {
    this.#chave = Buffer.from(crypto.hkdfSync('sha256', opcoes.segredoServidor, 'rgp', 'rgp:webhook-segredo:v1', 32));
    this.#o = {
      permitirHttpLocal: opcoes.permitirHttpLocal ?? false, limiteFalhasSeguidas: opcoes.limiteFalhasSeguidas ?? 50,
      tempoLimiteMs: opcoes.tempoLimiteMs ?? 5_000, paralelismo: opcoes.paralelismo ?? 8, orcamentoMs: opcoes.orcamentoMs ?? 55_000,
    };
  }

  private agora(): Date {
    return this.opcoes.agora?.() ?? new Date();
  }

  async listar(): Promise<AssinaturaWebhook[]> {
    return (await this.repo.listar()).map(assinaturaDaLinha);
  }

  async criar(ator: AuthContext, c: AssinaturaWebhookCriacao): Promise<AssinaturaWebhookCriada> {
    const cliente = await this.clientes.porId(c.clienteId);
    if (!cliente) throw erroDeCampo('clienteId', MENSAGENS_INTEGRACAO.clienteNaoEncontrado);
    if (cliente.revogadoEm) throw AppError.recusa(CodigoErro.CLIENTE_REVOGADO, MENSAGENS_INTEGRACAO.clienteRevogado);
    if (!cliente.escopos.includes('integracao.eventos')) throw erroDeCampo('clienteId', MENSAGENS_WEBHOOK.clienteSemEventos);
    if (!this.urlAceita(c.url)) throw erroDeCampo('url', MENSAGENS_WEBHOOK.urlInvalida);
    const segredo = novoSegredo();
    const row = await this.repo.criar({
      clienteId: cliente.id, url: c.url, tipos: [...new Set(c.tipos)], segredoCifrado: this.cifrar(segredo), cpfCriador: ator.cpf,
    });
    await this.auditoria.registrar({
      acao: 'WEBHOOK_ASSINATURA_CRIADA', ...doAtor(ator), recurso: 'assinatura-webhook', recursoId: row.id,
      detalhes: { clienteId: cliente.id, url: row.url, tipos: row.tipos },
    });
    return { assinatura: await this.exigir(row.id), segredo };
  }

  async desativar(ator: AuthContext, id: number): Promise<AssinaturaWebhook> {
    await this.exigir(id);
    if (await this.repo.desativar(id, 'Desativada pela administração')) {
      await this.auditoria.registrar({ acao: 'WEBHOOK_ASSINATURA_DESATIVADA', ...doAtor(ator), recurso: 'assinatura-webhook', recursoId: id });
    }
    return this.exigir(id);
  }

  async reativar(ator: AuthContext, id: number): Promise<AssinaturaWebhook> {
    const [linha] = await this.repo.listar(id);
    if (!linha) throw AppError.notFound(MENSAGENS_WEBHOOK.assinaturaNaoEncontrada);
    if (linha.clienteRevogadoEm) throw AppError.recusa(CodigoErro.CLIENTE_REVOGADO, MENSAGENS_INTEGRACAO.clienteRevogado);
    await this.repo.reativar(id, this.agora());
    await this.auditoria.registrar({ acao: 'WEBHOOK_ASSINATURA_REATIVADA', ...doAtor(ator), recurso: 'assinatura-webhook', recursoId: id });
    return this.exigir(id);
  }

  async entregas(id: number): Promise<EntregaWebhook[]> {
    await this.exigir(id);
    return (await this.repo.entregas(id)).map(entregaDaLinha);
  }

  async reenviar(ator: AuthContext, id: number, entregaId: number): Promise<EntregaWebhook> {
    await this.exigir(id);
    const row = await this.repo.reenviar(id, entregaId, this.agora());
    if (!row) throw AppError.notFound(MENSAGENS_WEBHOOK.entregaNaoEncontrada);
    await this.auditoria.registrar({
      acao: 'WEBHOOK_ENTREGA_REENVIADA', ...doAtor(ator), recurso: 'assinatura-webhook', recursoId: id, detalhes: { entregaId },
    });
    return entregaDaLinha(row);
  }

  /**
   * One run of the job: every live endpoint, in parallel, fans out the new outbox events it wants and attempts its
   * due deliveries, until nothing is due or the run's budget is spent.
   */
  async executar(): Promise<{ entregues: number; falhas: number }> {
    const inicio = Date.now();
    const total = { entregues: 0, falhas: 0 };
    const vivas = (await this.repo.listar()).filter((a) => !a.desativadaEm && !a.clienteRevogadoEm && a.clienteValidoAte > this.agora());
    await Promise.all(vivas.map((a) => this.executarEndpoint(a, inicio, total)));
    return total;
  }

  /**
   * One endpoint's run, a sliding window: up to `paralelismo` attempts in flight, a new one starting as soon as one
   * ends, so a slow receiver's pipe stays full instead of each round waiting for its slowest answer. Each failure
   * since the last success narrows the window by one, a success opens it again: a dead endpoint costs one window of
   * timeouts per run and then nothing. Deliveries are taken, audited and recorded a batch at a time (decision 0240).
   */
  private async executarEndpoint(a: LinhaAssinatura, inicio: number, total: { entregues: number; falhas: number }): Promise<void> {
    const webhook = new Webhook(this.decifrar(a.segredoCifrado));
    // One keep-alive agent per endpoint and run, its sockets closed when the run ends (nothing kept between runs).
    const url = new URL(a.url);
    const agente = new (url.protocol === 'https:' ? https.Agent : http.Agent)({ keepAlive: true, maxSockets: this.#o.paralelismo });
    try {
      await this.janelaDoEndpoint(a, webhook, url, agente, inicio, total);
    } finally {
      agente.destroy();
    }
  }

  private async janelaDoEndpoint(
    a: LinhaAssinatura, webhook: Webhook, url: URL, agente: http.Agent, inicio: number, total: { entregues: number; falhas: number },
  ): Promise<void> {
    const fila: { d: EntregaDevida; agora: Date }[] = [];
    // Ended and not yet recorded, in the order they ended, so that the run of failures counts those after the last success.
    const feitas: Tentativa[] = [];
    const emVoo = new Set<Promise<void>>();
    let falhasDesdeSucesso = 0;
    // The outbox is fanned out when the run starts and again only once nothing is due (decision 0205).
    let distribuido = false;
    let esgotado = false;
    let desativada = false;
    const janela = () => Math.max(0, this.#o.paralelismo - falhasDesdeSucesso);
    const registrar = async () => {
      const lote = feitas.splice(0);
      const entregues = lote.filter((r) => r.estado === EstadoEntregaWebhook.ENTREGUE).length;
      const ultimoSucesso = lote.findLastIndex((r) => r.estado === EstadoEntregaWebhook.ENTREGUE);
      const { falhasSeguidas } = await this.repo.registrarTentativas(a.id, this.agora(), lote, {
        aposUltimoSucesso: ultimoSucesso < 0 ? null : lote.length - 1 - ultimoSucesso, total: lote.length - entregues,
      });
      total.entregues += entregues;
      total.falhas += lote.length - entregues;
      if (falhasSeguidas >= this.#o.limiteFalhasSeguidas) desativada = await this.desativarPorFalhas(a, falhasSeguidas);
    };
    const tomar = async () => {
      const agora = this.agora();
      if (!distribuido) await this.distribuirTudo(a.id, agora, inicio);
      let devidas = await this.repo.tomarDevidas(a.id, agora, LOTE_ENTREGAS);
      if (devidas.length === 0 && distribuido) {
        await this.distribuirTudo(a.id, agora, inicio);
        devidas = await this.repo.tomarDevidas(a.id, agora, LOTE_ENTREGAS);
      }
      distribuido = true;
      if (devidas.length === 0) {
        esgotado = true;
        return;
      }
      // Audited as read before it is sent: what left the registry is on record even if the receiver failed.
      await this.auditoria.visualizacoesDeCliente(
        { id: a.clienteId, clientId: a.clientIdentificador, orgao: a.orgao, ip: null }, 'integracao-webhook',
        [...new Set(devidas.map((d) => d.pescador_id))], { assinatura: a.id },
      );
      for (const d of devidas) fila.push({ d, agora });
    };
    for (;;) {
      const podeTomar = !esgotado && !desativada && janela() > 0 && Date.now() - inicio < this.#o.orcamentoMs;
      // The next batch is taken while the window still has a batch's worth queued, so it never runs dry waiting.
      if (podeTomar && fila.length < this.#o.paralelismo) await tomar();
      while (!desativada && emVoo.size < janela() && fila.length > 0) {
        const { d, agora } = fila.shift()!;
        const p: Promise<void> = this.tentar(webhook, url, agente, d, agora).then((r) => {
          emVoo.delete(p);
          feitas.push(r);
          if (r.estado === EstadoEntregaWebhook.ENTREGUE) falhasDesdeSucesso = 0;
          else falhasDesdeSucesso++;
        });
        emVoo.add(p);
      }
      if (feitas.length >= LOTE_ENTREGAS || (emVoo.size === 0 && feitas.length > 0)) await registrar();
      if (emVoo.size > 0) await Promise.race(emVoo);
      else if (fila.length === 0 || desativada || janela() === 0) break;
    }
    // Attempts that ended while the last batch was being recorded: their outcome is written too, never left pending.
    while (feitas.length > 0) await registrar();
    // Taken but not attempted (the endpoint stopped answering or was disabled): due again at once, not after the hold.
    if (fila.length > 0) await this.repo.devolver(a.id, fila.map(({ d }) => Number(d.entrega_id)), this.agora());
  }

  /** Fans out the events past the subscription's cursor, a batch at a time, while batches come full and time is left. */
  private async distribuirTudo(id: number, agora: Date, inicio: number): Promise<void> {
    let lidos: number;
    do ({ lidos } = await this.repo.distribuir(id, agora, LOTE_DISTRIBUICAO));
    while (lidos === LOTE_DISTRIBUICAO && Date.now() - inicio < this.#o.orcamentoMs);
  }

  /** One attempt; its record is written with its round's. */
  private async tentar(webhook: Webhook, url: URL, agente: http.Agent, d: EntregaDevida, agora: Date): Promise<Tentativa> {
    const evento = eventoDaLinha(d);
    const corpo = JSON.stringify({ type: evento.tipo, timestamp: evento.ocorridoEm, data: evento });
    const msgId = `msg_${evento.id}`;
    const t0 = performance.now();
    let statusHttp: number | null = null;
    let erro: string | null = null;
    try {
      statusHttp = await this.postar(url, agente, corpo, {
        'content-type': 'application/json', 'user-agent': 'RGP-Webhooks/1',
        'webhook-id': msgId, 'webhook-timestamp': String(Math.floor(agora.getTime() / 1000)),
        'webhook-signature': webhook.sign(msgId, agora, corpo),
      });
      if (statusHttp < 200 || statusHttp >= 300) erro = `HTTP ${statusHttp}`;
    } catch (err) {
      const causa = (err as { cause?: unknown }).cause;
      const tempo = err instanceof Error && (err.name === 'TimeoutError' || (causa instanceof Error && causa.name === 'TimeoutError'));
      erro = tempo ? 'Tempo esgotado' : 'Falha de conexão';
    }
    const duracaoMs = Math.round(performance.now() - t0);
    const entregue = erro === null;
    const tentativas = d.tentativas + 1;
    const parar = !entregue && agora.getTime() - new Date(d.inicio_em).getTime() >= JANELA_TENTATIVAS_MS;
    const estado = entregue ? EstadoEntregaWebhook.ENTREGUE : parar ? EstadoEntregaWebhook.ESTACIONADA : EstadoEntregaWebhook.PENDENTE;
    return {
      entregaId: Number(d.entrega_id), statusHttp, erro, duracaoMs, estado,
      proxima: estado === EstadoEntregaWebhook.PENDENTE ? new Date(agora.getTime() + esperaAposFalha(tentativas)) : null,
    };
  }

  /**
   * One POST by node:http(s) on the endpoint's keep-alive agent, not `fetch`: a third of the CPU per delivery, and
   * far less garbage (decision 0240). Redirects are never followed; the answer's body is drained unread.
   */
  private postar(url: URL, agente: http.Agent, corpo: string, cabecalhos: Record<string, string>): Promise<number> {
    return new Promise((ok, falha) => {
      const req = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST', agent: agente, signal: AbortSignal.timeout(this.#o.tempoLimiteMs),
        headers: { ...cabecalhos, 'content-length': Buffer.byteLength(corpo) },
      }, (res) => {
        res.on('error', () => undefined);
        res.resume();
        ok(res.statusCode ?? 0);
      });
      req.on('error', falha);
      req.end(corpo);
    });
  }

  /** Disabled, on record, and every ADMIN with an e-mail told; its deliveries wait for a reactivation. */
  private async desativarPorFalhas(a: LinhaAssinatura, falhas: number): Promise<boolean> {
    if (!(await this.repo.desativar(a.id, `Desativada após ${falhas} falhas seguidas`))) return true;
    await this.auditoria.registrar({
      acao: 'WEBHOOK_ASSINATURA_DESATIVADA_POR_FALHAS', recurso: 'assinatura-webhook', recursoId: a.id, sucesso: false,
      detalhes: { clienteId: a.clienteId, url: a.url, falhas },
    });
    for (const para of await this.repo.emailsDosAdmins()) {
      await this.email.enviar({
        para,
        assunto: `RGP: webhook de ${a.cliente} desativado`,
        texto: `O endpoint ${a.url}, do cliente ${a.cliente} (${a.orgao}), falhou ${falhas} vezes seguidas e foi desativado.\n`
          + 'As entregas ficam guardadas. Depois de corrigido o endpoint, reative-o em Administração > Clientes de integração.',
      }).catch(() => undefined);
    }
    return true;
  }

  private urlAceita(url: string): boolean {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return false;
    }
    if (u.username || u.password) return false;
    return u.protocol === 'https:' || (this.#o.permitirHttpLocal && u.protocol === 'http:' && ENDERECOS_LOCAIS_WEBHOOK.has(u.hostname));
  }

  private cifrar(segredo: string): string {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', this.#chave, iv);
    const cifrado = Buffer.concat([c.update(segredo, 'utf8'), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), cifrado]).toString('base64');
  }

  private decifrar(texto: string): string {
    const dados = Buffer.from(texto, 'base64');
    const d = crypto.createDecipheriv('aes-256-gcm', this.#chave, dados.subarray(0, 12));
    d.setAuthTag(dados.subarray(12, 28));
    return Buffer.concat([d.update(dados.subarray(28)), d.final()]).toString('utf8');
  }

  private async exigir(id: number): Promise<AssinaturaWebhook> {
    const [row] = await this.repo.listar(id);
    if (!row) throw AppError.notFound(MENSAGENS_WEBHOOK.assinaturaNaoEncontrada);
    return assinaturaDaLinha(row);
  }
}
