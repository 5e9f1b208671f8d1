import { z } from 'zod';

/**
 * The two primitives every request schema is built from, so that no text and no id a client sends can reach the
 * database in a form it refuses (a 500 instead of a 400): every free-text field of a body, a query or a path is a
 * `texto()`, every id is an `id()` (`idCoagido()` in a path or a query). A schema that needs more (a regex, a
 * length, a transform) chains it onto these; it never starts from a bare `z.string()` or `z.number()`.
 * The fuzzing test (src/server/seguranca/fuzz.test.ts) sends NUL, lone surrogates and out-of-range ids to every
 * route and fails on any 5xx.
 */

export const MENSAGEM_TEXTO_INVALIDO = 'Texto com caracteres inválidos';

/** The largest id a PostgreSQL `integer`/`serial` column holds (2^31 − 1). */
export const ID_MAXIMO = 2_147_483_647;

/** With the `u` flag a surrogate pair is one code point: only an unpaired half matches. */
const SURROGATE_SOLTO = /[\ud800-\udfff]/u;

/**
 * A text PostgreSQL can store: no U+0000 (refused by `text` and by `jsonb`) and no unpaired UTF-16 surrogate (not
 * a character: `jsonb` refuses its escape, UTF-8 cannot encode it).
 */
export function textoValido(v: string): boolean {
  return !v.includes('\u0000') && !SURROGATE_SOLTO.test(v);
}

/** A free text of a request: refuses NUL and lone surrogates with 'Texto com caracteres inválidos'. */
export function texto(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(textoValido, MENSAGEM_TEXTO_INVALIDO);
}

interface MensagensId {
  /** When the value is missing or not a number (zod-pt's default otherwise). */
  obrigatorio?: string;
  /** When it is a number but not a positive int32 (zod-pt's defaults otherwise). */
  invalido?: string;
}

/** An id in a JSON body: a positive integer that fits a PostgreSQL `integer` (1 … 2^31 − 1). */
export function id(m: MensagensId = {}) {
  return z.number(m.obrigatorio ? { error: m.obrigatorio } : undefined)
    .int(m.invalido).positive(m.invalido).max(ID_MAXIMO, m.invalido);
}

/** An id in a path, a query or a multipart field (text on the wire): the same range, coerced from its digits. */
export function idCoagido(m: MensagensId = {}) {
  return z.coerce.number(m.obrigatorio ? { error: m.obrigatorio } : undefined)
    .int(m.invalido).positive(m.invalido).max(ID_MAXIMO, m.invalido);
}

/** `{id}` in a path. */
export const idParam = z.object({ id: idCoagido() });
