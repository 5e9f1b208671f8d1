import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { CodigoErro } from '../../shared/codigos-erro';
import { erroCampo } from '../../shared/erros-campo';
import {
  CABECALHO_IDEMPOTENCIA, CABECALHO_RESPOSTA_REPETIDA, COTA_CHAVES_IDEMPOTENCIA, FORMATO_CHAVE_IDEMPOTENCIA, MENSAGENS_IDEMPOTENCIA,
  RETENCAO_CHAVE_IDEMPOTENCIA_HORAS,
} from '../../shared/idempotencia';
import { MENSAGENS_ARQUIVO } from '../../shared/regras/arquivos';
import type { Database } from '../db/client';
import { LIMITES_MULTIPART } from '../lib/arquivos-http';
import { AppError } from '../lib/errors';

/**
 * Idempotency keys (decision 0060): claimed in PostgreSQL with the request's fingerprint before the handler runs, so
 * the database decides every race. What is kept is little and sealed (decision 0068).
 */

declare module 'fastify' {
  interface FastifyInstance {
    idempotencia: preHandlerAsyncHookHandler;
  }
}

export type Reivindicacao =
  | { tipo: 'nova'; dono: string }
  | { tipo: 'concluida'; status: number; resposta: string | null; tipoConteudo: string | null }
  | { tipo: 'em-andamento' }
  | { tipo: 'outra-impressao' }
  | { tipo: 'cota'; segundos: number };

export interface PedidoIdempotente {
  titular: string;
  chave: string;
  impressao: string;
  rota: string;
}

export interface OpcoesChaves {
  /** A claim in progress this old may be taken over: its server died. */
  assumirAposSegundos?: number;
  retencaoHoras?: number;
  cota?: number;
  loteExpurgo?: number;
}

/** Decision 0068. */
export interface ChaveGuardada {
  chave: string;
  rota: string;
  status: number | null;
  criadaEm: Date;
  resposta: string | null;
}

const TAMANHO_IV = 12;
const TAMANHO_TAG = 16;

/** Keys derived from the token key: rotating JWT_SECRET forgets every kept key, as their expiry would. */
export class ChavesIdempotencia {
  readonly assumirAposSegundos: number;
  private readonly retencaoHoras: number;
  private readonly cota: number;
  private readonly loteExpurgo: number;
  private readonly chaveTitular: Buffer;
  private readonly chaveResposta: Buffer;

  constructor(private readonly db: Database, segredo: Uint8Array, opcoes: OpcoesChaves = {}) {
    this.assumirAposSegundos = opcoes.assumirAposSegundos ?? 60;
    this.retencaoHoras = opcoes.retencaoHoras ?? RETENCAO_CHAVE_IDEMPOTENCIA_HORAS;
    this.cota = opcoes.cota ?? COTA_CHAVES_IDEMPOTENCIA;
    this.loteExpurgo = opcoes.loteExpurgo ?? 5000;
    this.chaveTitular = Buffer.from(crypto.hkdfSync('sha256', segredo, 'rgp', 'rgp:idempotencia-titular:v1', 32));
    this.chaveResposta = Buffer.from(crypto.hkdfSync('sha256', segredo, 'rgp', 'rgp:idempotencia-resposta:v1', 32));
  }

  /** HMAC of the CPF: no caller meets another's key, and no CPF can be read back. */
  titular(cpf: string): string {
    return crypto.createHmac('sha256', this.chaveTitular).update(cpf).digest('hex');
  }

  private cifrar(p: Pick<PedidoIdempotente, 'titular' | 'chave'>, corpo: string): Buffer {
    const iv = crypto.randomBytes(TAMANHO_IV);
    const c = crypto.createCipheriv('aes-256-gcm', this.chaveResposta, iv);
    c.setAAD(Buffer.from(`${p.titular}\u0000${p.chave}`));
    const cifrado = Buffer.concat([c.update(corpo, 'utf8'), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), cifrado]);
  }

  private decifrar(p: Pick<PedidoIdempotente, 'titular' | 'chave'>, dados: Buffer): string {
    const d = crypto.createDecipheriv('aes-256-gcm', this.chaveResposta, dados.subarray(0, TAMANHO_IV));
    d.setAAD(Buffer.from(`${p.titular}\u0000${p.chave}`));
    d.setAuthTag(dados.subarray(TAMANHO_IV, TAMANHO_IV + TAMANHO_TAG));
    return Buffer.concat([d.update(dados.subarray(TAMANHO_IV + TAMANHO_TAG)), d.final()]).toString('utf8');
  }

  /**
   * Atomic on the primary key; a stale claim is taken over by one update only one request can win. A row past the
   * retention counts as absent. The quota may let through a few new keys sent at one instant.
   */
  async reivindicar(p: PedidoIdempotente): Promise<Reivindicacao> {
    const dono = crypto.randomUUID();
    // The row may vanish between the insert and the read (a failed request released it): try again.
    for (let tentativa = 0; tentativa < 3; tentativa++) {
      const inserida = await this.db.$client.query({
        name: 'chave_idempotencia_inserir',
        text: `INSERT INTO chave_idempotencia (titular, chave, impressao, rota, dono)
          SELECT $1, $2, $3, $4, $5
          WHERE (SELECT count(*) FROM chave_idempotencia
            WHERE titular = $1 AND criada_em > now() - make_interval(hours => $6)) < $7
          ON CONFLICT (titular, chave) DO UPDATE SET impressao = EXCLUDED.impressao, rota = EXCLUDED.rota,
            dono = EXCLUDED.dono, status = NULL, resposta_cifrada = NULL, tipo_conteudo = NULL, criada_em = now(),
            iniciada_em = now(), concluida_em = NULL
          WHERE chave_idempotencia.criada_em <= now() - make_interval(hours => $6)`,
        values: [p.titular, p.chave, p.impressao, p.rota, dono, this.retencaoHoras, this.cota],
      });
      if (inserida.rowCount === 1) return { tipo: 'nova', dono };
      const { rows } = await this.db.$client.query<{
        impressao: string; status: number | null; resposta_cifrada: Buffer | null; tipo_conteudo: string | null; assumida: boolean;
      }>({
        name: 'chave_idempotencia_ler',
        text: `WITH assumida AS (
            UPDATE chave_idempotencia SET dono = $4, iniciada_em = now()
            WHERE titular = $1 AND chave = $2 AND impressao = $3 AND status IS NULL
              AND iniciada_em < now() - make_interval(secs => $5)
              AND criada_em > now() - make_interval(hours => $6)
            RETURNING 1)
          SELECT impressao, status, resposta_cifrada, tipo_conteudo, EXISTS (SELECT 1 FROM assumida) AS assumida
          FROM chave_idempotencia WHERE titular = $1 AND chave = $2 AND criada_em > now() - make_interval(hours => $6)`,
        values: [p.titular, p.chave, p.impressao, dono, this.assumirAposSegundos, this.retencaoHoras],
      });
      const k = rows[0];
      if (!k) {
        const cota = await this.cotaEsgotada(p.titular);
        if (cota !== null) return { tipo: 'cota', segundos: cota };
        continue;
      }
      if (k.impressao !== p.impressao) return { tipo: 'outra-impressao' };
      if (k.assumida) return { tipo: 'nova', dono };
      if (k.status !== null) {
        const resposta = k.resposta_cifrada === null ? null : this.decifrar(p, k.resposta_cifrada);
        return { tipo: 'concluida', status: k.status, resposta, tipoConteudo: k.tipo_conteudo };
      }
      return { tipo: 'em-andamento' };
    }
    return { tipo: 'em-andamento' };
  }

  private async cotaEsgotada(titular: string): Promise<number | null> {
    const { rows } = await this.db.$client.query<{ n: number; segundos: number | null }>({
      name: 'chave_idempotencia_cota',
      text: `SELECT count(*)::int AS n,
          ceil(extract(epoch FROM min(criada_em) + make_interval(hours => $2) - now()))::int AS segundos
        FROM chave_idempotencia WHERE titular = $1 AND criada_em > now() - make_interval(hours => $2)`,
      values: [titular, this.retencaoHoras],
    });
    const r = rows[0]!;
    return r.n >= this.cota ? Math.max(1, r.segundos ?? 1) : null;
  }

  async doTitular(cpf: string): Promise<ChaveGuardada[]> {
    const titular = this.titular(cpf);
    const { rows } = await this.db.$client.query<{
      chave: string; rota: string; status: number | null; criada_em: Date; resposta_cifrada: Buffer | null;
    }>({
      name: 'chave_idempotencia_do_titular',
      text: `SELECT chave, rota, status, criada_em, resposta_cifrada FROM chave_idempotencia
        WHERE titular = $1 AND criada_em > now() - make_interval(hours => $2) ORDER BY criada_em, chave`,
      values: [titular, this.retencaoHoras],
    });
    return rows.map((r) => ({
      chave: r.chave, rota: r.rota, status: r.status, criadaEm: r.criada_em,
      resposta: r.resposta_cifrada === null ? null : this.decifrar({ titular, chave: r.chave }, r.resposta_cifrada),
    }));
  }

  /** Nothing when the claim was taken over meanwhile. */
  async concluir(
    p: Pick<PedidoIdempotente, 'titular' | 'chave'>, dono: string, resposta: { status: number; corpo: string | null; tipoConteudo: string | null },
  ): Promise<void> {
    await this.db.$client.query({
      name: 'chave_idempotencia_concluir',
      text: `UPDATE chave_idempotencia SET status = $4, resposta_cifrada = $5, tipo_conteudo = $6, concluida_em = now()
        WHERE titular = $1 AND chave = $2 AND dono = $3 AND status IS NULL`,
      values: [p.titular, p.chave, dono, resposta.status, resposta.corpo === null ? null : this.cifrar(p, resposta.corpo), resposta.tipoConteudo],
    });
  }

  async liberar(p: Pick<PedidoIdempotente, 'titular' | 'chave'>, dono: string): Promise<void> {
    await this.db.$client.query({
      name: 'chave_idempotencia_liberar',
      text: 'DELETE FROM chave_idempotencia WHERE titular = $1 AND chave = $2 AND dono = $3 AND status IS NULL',
      values: [p.titular, p.chave, dono],
    });
  }

  /** In batches, so each statement is short. */
  async expurgar(): Promise<number> {
    let total = 0;
    for (;;) {
      const r = await this.db.$client.query({
        name: 'chave_idempotencia_expurgar',
        text: `DELETE FROM chave_idempotencia WHERE ctid = ANY (ARRAY(
            SELECT ctid FROM chave_idempotencia WHERE criada_em <= now() - make_interval(hours => $1) LIMIT $2))`,
        values: [this.retencaoHoras, this.loteExpurgo],
      });
      total += r.rowCount ?? 0;
      if ((r.rowCount ?? 0) < this.loteExpurgo) return total;
    }
  }
}

export function jsonCanonico(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (v instanceof Date) return JSON.stringify(v.toISOString());
  if (Array.isArray(v)) return `[${v.map(jsonCanonico).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${jsonCanonico(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** A browser draws a new boundary per FormData: the same fields must give the same fingerprint. */
export function resumoMultipart(corpo: Buffer, contentType: string): string {
  const h = crypto.createHash('sha256');
  const fronteira = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const nome = fronteira?.[1] ?? fronteira?.[2];
  if (!nome) return h.update(corpo).digest('hex');
  const delimitador = Buffer.from(`--${nome}`, 'latin1');
  let pos = 0;
  for (let i = corpo.indexOf(delimitador, pos); i >= 0; i = corpo.indexOf(delimitador, pos)) {
    h.update(corpo.subarray(pos, i)).update('\u0000--\u0000');
    pos = i + delimitador.length;
  }
  return h.update(corpo.subarray(pos)).digest('hex');
}

function impressaoDe(req: FastifyRequest, resumoCorpo: string): string {
  return crypto.createHash('sha256')
    .update([req.method, req.routeOptions.url ?? '', jsonCanonico(req.params), jsonCanonico(req.query), resumoCorpo].join('\u0000'))
    .digest('hex');
}

/** Hands the bytes back to busboy, which pipes `req.raw`. */
async function lerCorpoMultipart(raw: IncomingMessage, limite: number): Promise<Buffer | null> {
  const partes: Buffer[] = [];
  let total = 0;
  // Iterating to the end leaves a complete request (and its socket) usable for the answer.
  for await (const pedaco of raw as AsyncIterable<Buffer>) {
    total += pedaco.length;
    if (total <= limite) partes.push(pedaco);
  }
  if (total > limite) return null;
  const corpo = Buffer.concat(partes);
  Object.defineProperty(raw, 'pipe', {
    configurable: true,
    value: <T extends NodeJS.WritableStream>(destino: T, opcoes?: { end?: boolean }) => Readable.from([corpo]).pipe(destino, opcoes),
  });
  return corpo;
}

const ESPERA_DUPLICATA_SEGUNDOS = 2;

/**
 * Whose key it is: the caller's CPF, or, for an agent acting for a fisher (decision 0110), the agent and that fisher
 * together, so a key replayed for fisher A never answers a request for fisher B (decision 0111).
 */
export function dadorDaChave(auth: { cpf: string; idPescador: number | null; representacao?: unknown }): string {
  return auth.representacao ? `${auth.cpf}:representado:${auth.idPescador}` : auth.cpf;
}

const LIMITE_MULTIPART_BYTES = LIMITES_MULTIPART.fileSize + LIMITES_MULTIPART.fields * LIMITES_MULTIPART.fieldSize + 64 * 1024;

interface Reivindicada {
  pedido: PedidoIdempotente;
  dono: string;
}

export const idempotenciaPlugin = fp(async (app: FastifyInstance, { chaves }: { chaves: ChavesIdempotencia }) => {
  const reivindicadas = new WeakMap<FastifyRequest, Reivindicada>();

  app.decorate('idempotencia', async (req: FastifyRequest, reply: FastifyReply) => {
    const cabecalho = req.headers[CABECALHO_IDEMPOTENCIA.toLowerCase()];
    if (cabecalho === undefined) return;
    const chave = Array.isArray(cabecalho) ? undefined : cabecalho;
    if (chave === undefined || !FORMATO_CHAVE_IDEMPOTENCIA.test(chave)) {
      throw AppError.badRequest(MENSAGENS_IDEMPOTENCIA.formato, [erroCampo(CABECALHO_IDEMPOTENCIA, MENSAGENS_IDEMPOTENCIA.formato)]);
    }
    // `rota` refuses an idempotent public contract: the key belongs to its caller.
    if (!req.auth) return;

    let resumoCorpo: string;
    const tipo = String(req.headers['content-type'] ?? '');
    if (/^multipart\/form-data\b/i.test(tipo) && req.body === undefined) {
      const corpo = await lerCorpoMultipart(req.raw, LIMITE_MULTIPART_BYTES);
      if (!corpo) throw AppError.badRequest(MENSAGENS_ARQUIVO.tamanho);
      resumoCorpo = `multipart:${resumoMultipart(corpo, tipo)}`;
    } else {
      resumoCorpo = `json:${jsonCanonico(req.body)}`;
    }
    const pedido: PedidoIdempotente = {
      titular: chaves.titular(dadorDaChave(req.auth)), chave, impressao: impressaoDe(req, resumoCorpo), rota: `${req.method} ${req.routeOptions.url ?? ''}`,
    };
    const r = await chaves.reivindicar(pedido);
    switch (r.tipo) {
      case 'nova':
        reivindicadas.set(req, { pedido, dono: r.dono });
        return;
      case 'concluida':
        reply.code(r.status).header(CABECALHO_RESPOSTA_REPETIDA, 'true');
        if (r.tipoConteudo) reply.header('content-type', r.tipoConteudo);
        return reply.send(r.resposta ?? undefined);
      case 'em-andamento':
        reply.header('retry-after', String(ESPERA_DUPLICATA_SEGUNDOS));
        throw new AppError(409, MENSAGENS_IDEMPOTENCIA.emAndamento, { codigoErro: CodigoErro.IDEMPOTENCIA_EM_ANDAMENTO });
      case 'outra-impressao':
        throw new AppError(422, MENSAGENS_IDEMPOTENCIA.reutilizada, { codigoErro: CodigoErro.IDEMPOTENCIA_CHAVE_REUTILIZADA });
      case 'cota':
        reply.header('retry-after', String(r.segundos));
        throw new AppError(429, MENSAGENS_IDEMPOTENCIA.cota, { codigoErro: CodigoErro.MUITAS_REQUISICOES });
    }
  });

  // Before the compression's onSend. A 5xx releases the key, so a retry runs again.
  app.addHook('onSend', async (req, reply, payload) => {
    const minha = reivindicadas.get(req);
    if (!minha) return payload;
    reivindicadas.delete(req);
    const corpo = payload === null || payload === undefined ? null
      : typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    try {
      if (reply.statusCode >= 500 || corpo === undefined) {
        await chaves.liberar(minha.pedido, minha.dono);
      } else {
        const tipoConteudo = reply.getHeader('content-type');
        await chaves.concluir(minha.pedido, minha.dono, {
          status: reply.statusCode, corpo: corpo === '' ? null : corpo, tipoConteudo: tipoConteudo === undefined ? null : String(tipoConteudo),
        });
      }
    } catch (err) {
      // The answer still goes out; the claim stays in progress until it may be taken over (decision 0060).
      req.log.error({ err, rota: minha.pedido.rota }, 'idempotency key: the answer could not be kept');
    }
    return payload;
  });
});
