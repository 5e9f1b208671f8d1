import type { z } from 'zod';
import type { CodigoDeDominio } from './codigos-erro';
import type { Permissao } from './permissoes';

/**
 * One contract per endpoint (decision 0059): what the server registers (src/server/plugins/contratos.ts), what the
 * web calls through (src/web/lib/contrato.ts) and what the OpenAPI document prints, written once. The contracts of
 * a module are the exports of src/shared/contratos/<module>.ts, imported as a namespace (`import * as c from
 * '…/contratos/usuario-mapa'`, then `c.listar`); src/shared/contratos/index.ts lists them all.
 */

export type Metodo = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Error statuses a route may answer besides those its shape implies (src/server/plugins/openapi.ts). */
export type StatusDeErroExtra = 401 | 403 | 404 | 406 | 409 | 429 | 503;

/** A file answer: its content types (the first is the usual one) and what it is. */
export interface RespostaArquivo {
  arquivo: readonly string[];
  descricao: string;
}

/** An answer without a body (204). */
export interface RespostaVazia {
  vazia: string;
}

/** The answer: the envelope's `dados` schema (200 `{codigo, mensagem, erros, dados}`), a file, or no body. */
export type Resposta = z.ZodType | RespostaArquivo | RespostaVazia;

/** A multipart/form-data body: its text fields and the name of its file field (`arquivos` unless said). */
export interface Formulario {
  campos: z.ZodObject;
  arquivo?: string;
}

export interface Contrato<
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  C extends z.ZodType | undefined = z.ZodType | undefined,
  R extends Resposta = Resposta,
> {
  metodo: Metodo;
  /** The path as the specification writes it, parameters in braces: `/api/pescador/{id}`. */
  caminho: string;
  /** Who may call it: a name of the permission table (src/shared/permissoes.ts). */
  permissao: Permissao;
  /** The OpenAPI tag (the module; a list when the route belongs to two) and summary. */
  tag: string | readonly string[];
  resumo: string;
  /** A longer description, where the summary is not enough. */
  descricao?: string;
  params?: P;
  /** The query: an object schema, or one that normalises what it read (`.transform`: the report's filters). */
  query?: Q;
  /** A JSON body. */
  corpo?: C;
  /** A multipart body, read by the handler itself (documentation and the web's FormData). */
  formulario?: Formulario;
  /** Request headers the route reads (the public lookups' captcha token). */
  cabecalhos?: z.ZodObject;
  resposta: R;
  /**
   * A public route that reads the caller's token when there is one (the logout): the document says the bearer is
   * optional. Only with a public permission.
   */
  tokenOpcional?: true;
  /** Refusals the route's shape does not imply (a 409 of an already registered record, a GET's 406). */
  outrosErros?: readonly StatusDeErroExtra[];
  /**
   * The domain refusals (src/shared/codigos-erro.ts, `CODIGOS_DE_DOMINIO`) the route may answer, which a screen tells
   * apart: the document prints them, and the tests fail on a refusal the route answers but does not list (decision 0080).
   */
  codigos?: readonly CodigoDeDominio[];
  /**
   * A save or send a phone may replay after a lost answer (decision 0060): the route takes an optional
   * `Idempotency-Key` header (src/shared/idempotencia.ts) and answers a replay with the kept answer, running once.
   * Only on a route that needs a session (the key is kept per caller). `'envios'`: only a send takes a key; a save
   * whose body says `enviada: false` is a draft of the whole form, harmless to repeat, and runs as if it had no key
   * (neither kept nor counted in the caller's quota: a fisher's autosave makes hundreds, decision 0068).
   */
  idempotente?: true | 'envios';
}

/** Declares a contract, keeping its schemas' types for the server's handler and the web's call. */
export function contrato<
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  C extends z.ZodType | undefined = undefined,
  R extends Resposta = Resposta,
>(c: Contrato<P, Q, C, R>): Contrato<P, Q, C, R> {
  return c;
}

export function ehRespostaArquivo(r: Resposta): r is RespostaArquivo {
  return typeof r === 'object' && r !== null && 'arquivo' in r && Array.isArray((r as RespostaArquivo).arquivo);
}

export function ehRespostaVazia(r: Resposta): r is RespostaVazia {
  return typeof r === 'object' && r !== null && 'vazia' in r && typeof (r as RespostaVazia).vazia === 'string';
}

/** The contract's key as the OpenAPI document and the authorisation matrix name it: `GET /api/pescador/{id}`. */
export function chaveDoContrato(c: Pick<Contrato, 'metodo' | 'caminho'>): string {
  return `${c.metodo} ${c.caminho}`;
}

/** The path with its parameters filled in (each encoded): `/api/pescador/{id}` with `{id: 7}` → `/api/pescador/7`. */
export function caminhoCom(caminho: string, params: Record<string, string | number> | undefined): string {
  return caminho.replace(/\{(\w+)\}/g, (_, nome: string) => {
    const valor = params?.[nome];
    if (valor === undefined) throw new Error(`parâmetro ${nome} ausente em ${caminho}`);
    return encodeURIComponent(String(valor));
  });
}

/** The query string of a contract's query (no `?`): text is trimmed and empty values left out; an array repeats its key. */
export function queryStringDe(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [chave, valor] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(valor) ? valor : [valor]) {
      if (v === undefined || v === null) continue;
      // A query is text: an object here would go as "[object Object]" and its filter be lost without a word.
      if (typeof v === 'object' && !(v instanceof Date)) throw new Error(`query ${chave}: valor não textual`);
      const texto = v instanceof Date ? v.toISOString() : String(v).trim();
      if (texto === '') continue;
      params.append(chave, texto);
    }
  }
  return params.toString();
}

/**
 * Contract `C`'s query as its schema parses it (numbers, booleans): what a screen keeps as its filters. A call
 * sends it as text (queryStringDe), which the schema parses back to the same values.
 */
export type QueryDe<C> = C extends Contrato<infer _P, infer Q> ? (Q extends z.ZodType ? z.output<Q> : never) : never;
/** What the caller sends as contract `C`'s JSON body (its schema's input). */
export type CorpoDe<C> = C extends Contrato<infer _P, infer _Q, infer B> ? (B extends z.ZodType ? z.input<B> : never) : never;
