import type { z } from 'zod';
import type { CodigoDeDominio } from './codigos-erro';
import type { Permissao } from './permissoes';

/** One contract per endpoint, read by the server's routes, the web's calls and the OpenAPI document (decision 0059). */

export type Metodo = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Besides those the route's shape implies. */
export type StatusDeErroExtra = 401 | 403 | 404 | 406 | 409 | 429 | 503;

/** The first content type is the usual one. */
export interface RespostaArquivo {
  arquivo: readonly string[];
  descricao: string;
}

export interface RespostaVazia {
  vazia: string;
}

/** The envelope's `dados` schema, a file, or no body. */
export type Resposta = z.ZodType | RespostaArquivo | RespostaVazia;

/** The file field is `arquivos` unless said. */
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
  /** Parameters in braces: `/api/pescador/{id}`. */
  caminho: string;
  permissao: Permissao;
  tag: string | readonly string[];
  resumo: string;
  descricao?: string;
  params?: P;
  /** May normalise what it read (`.transform`: the report's filters). */
  query?: Q;
  corpo?: C;
  /** Read by the handler itself. */
  formulario?: Formulario;
  cabecalhos?: z.ZodObject;
  resposta: R;
  /** A public route that reads the token when there is one (the logout). */
  tokenOpcional?: true;
  /** A 409 of an already registered record, a GET's 406. */
  outrosErros?: readonly StatusDeErroExtra[];
  /** Tests fail on one answered but not listed (docs/decisions/0080). */
  codigos?: readonly CodigoDeDominio[];
  /**
   * A phone may replay after a lost answer (docs/decisions/0060); per caller. `'envios'`: a draft save ignores the
   * key, so autosaves do not fill the quota (docs/decisions/0068).
   */
  idempotente?: true | 'envios';
}

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

/** `GET /api/pescador/{id}`, as the OpenAPI document and the authorisation matrix name it. */
export function chaveDoContrato(c: Pick<Contrato, 'metodo' | 'caminho'>): string {
  return `${c.metodo} ${c.caminho}`;
}

export function caminhoCom(caminho: string, params: Record<string, string | number> | undefined): string {
  return caminho.replace(/\{(\w+)\}/g, (_, nome: string) => {
    const valor = params?.[nome];
    if (valor === undefined) throw new Error(`parâmetro ${nome} ausente em ${caminho}`);
    return encodeURIComponent(String(valor));
  });
}

/** An array repeats its key; empty values are left out. */
export function queryStringDe(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [chave, valor] of Object.entries(query ?? {})) {
    for (const v of Array.isArray(valor) ? valor : [valor]) {
      if (v === undefined || v === null) continue;
      // An object here would go as "[object Object]" and its filter be lost without a word.
      if (typeof v === 'object' && !(v instanceof Date)) throw new Error(`query ${chave}: valor não textual`);
      const texto = v instanceof Date ? v.toISOString() : String(v).trim();
      if (texto === '') continue;
      params.append(chave, texto);
    }
  }
  return params.toString();
}

/** As its schema parses it: what a screen keeps as its filters. */
export type QueryDe<C> = C extends Contrato<infer _P, infer Q> ? (Q extends z.ZodType ? z.output<Q> : never) : never;
export type CorpoDe<C> = C extends Contrato<infer _P, infer _Q, infer B> ? (B extends z.ZodType ? z.input<B> : never) : never;
