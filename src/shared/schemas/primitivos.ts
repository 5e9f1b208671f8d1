import { z } from 'zod';
import { MENSAGEM_TEXTO_INVALIDO, textoValido } from '../texto-valido';

export { MENSAGEM_TEXTO_INVALIDO, textoValido };

/**
 * Free text is a `texto()` and an id an `id()`, so nothing reaches the database in a form it refuses (a 500 instead of
 * a 400); src/server/seguranca/fuzz.test.ts checks every route.
 */

export const ID_MAXIMO = 2_147_483_647;

export function texto(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(textoValido, MENSAGEM_TEXTO_INVALIDO);
}

interface MensagensId {
  /** Missing or not a number. */
  obrigatorio?: string;
  /** Not a positive int32. */
  invalido?: string;
}

export function id(m: MensagensId = {}) {
  return z.number(m.obrigatorio ? { error: m.obrigatorio } : undefined)
    .int(m.invalido).positive(m.invalido).max(ID_MAXIMO, m.invalido);
}

export function idCoagido(m: MensagensId = {}) {
  return z.coerce.number(m.obrigatorio ? { error: m.obrigatorio } : undefined)
    .int(m.invalido).positive(m.invalido).max(ID_MAXIMO, m.invalido);
}

/** A YYYY-MM-DD that is a day of the calendar (no 2026-02-30), as PostgreSQL's date accepts it. */
export function diaExiste(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const idParam = z.object({ id: idCoagido() });
