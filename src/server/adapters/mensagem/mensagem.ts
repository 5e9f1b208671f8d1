import path from 'node:path';
import { PastaDeSaida } from '../../lib/arquivo-de-saida';

/** One short message of a channel other than e-mail: an SMS (to a mobile number) or a gov.br mailbox item (to a CPF). */
export interface Mensagem {
  destino: string;
  titulo: string;
  texto: string;
}

/** The outside system that delivers one channel. Implementations: an HTTP API, or files under DATA_DIR (the default). */
export interface CanalMensagem {
  enviar(m: Mensagem): Promise<void>;
}

/** Each message a JSON file in a folder a developer opens; nothing leaves the machine. */
export class PastaDeMensagens implements CanalMensagem {
  private readonly saida: PastaDeSaida;

  constructor(pasta: string) {
    this.saida = new PastaDeSaida(pasta, 0o700);
  }

  async enviar(m: Mensagem): Promise<void> {
    await this.saida.gravar('json', `${JSON.stringify(m, null, 2)}\n`);
  }
}

/**
 * A provider's HTTP API: one POST of JSON per message, bearer token, a bounded wait. Anything but 2xx throws, and
 * the outbox retries it later; the error names the status only (the body may echo the recipient).
 */
export class GatewayHttp implements CanalMensagem {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly corpo: (m: Mensagem) => Record<string, string>,
    private readonly buscar: typeof fetch = fetch,
    private readonly tempoLimiteMs = 15_000,
  ) {}

  async enviar(m: Mensagem): Promise<void> {
    const res = await this.buscar(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify(this.corpo(m)),
      signal: AbortSignal.timeout(this.tempoLimiteMs),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`gateway respondeu HTTP ${res.status}`);
  }
}

/** SMS: a gateway when configured (`{ para, texto }`), else DATA_DIR/sms-saida. */
export function criarCanalSms(config: { url: string; token: string | undefined } | undefined, dataDir: string): CanalMensagem {
  if (config) return new GatewayHttp(config.url, config.token, (m) => ({ para: m.destino, texto: m.texto }));
  return new PastaDeMensagens(path.join(dataDir, 'sms-saida'));
}

/** The gov.br mailbox: its API when configured (`{ cpf, titulo, conteudo }`), else DATA_DIR/govbr-caixa. */
export function criarCanalGovbr(config: { url: string; token: string | undefined } | undefined, dataDir: string): CanalMensagem {
  if (config) return new GatewayHttp(config.url, config.token, (m) => ({ cpf: m.destino, titulo: m.titulo, conteudo: m.texto }));
  return new PastaDeMensagens(path.join(dataDir, 'govbr-caixa'));
}
