import { z } from 'zod';

/**
 * Forms validated by the schema of their endpoint's body (issue 24): the form's rules are the server's, with the
 * server's messages. A form whose values have the body's shape uses the body's schema (or one derived with
 * `.extend`/`.pick`); one whose values differ in shape (strings in inputs, masks, nested objects shown flat) builds
 * the body from its values and validates that (`formularioDoCorpo`, `problemasDoCorpo`).
 */

/** A broken rule at a field: the field's path (as the body names it) and the message the user reads. */
export interface ProblemaDeCampo {
  path: readonly PropertyKey[];
  message: string;
}

/** A body's rules across fields: the function its schema's refinement calls, on the body as sent (possibly invalid). */
export type RegrasDoCorpo<B> = (corpo: B) => readonly ProblemaDeCampo[];

const mesmoProblema = (a: ProblemaDeCampo, b: ProblemaDeCampo) =>
  a.message === b.message && a.path.length === b.path.length && a.path.every((p, i) => p === b.path[i]);

/**
 * Every problem the schema of an endpoint finds in the body a form would send: its issues, and its rules across
 * fields (`regras`) that zod skipped because a field was missing or of the wrong type — the server would report
 * those on the next try; the form shows them at once. None when the body is valid.
 */
export function problemasDoCorpo<B>(schema: z.ZodType, corpo: B, regras?: RegrasDoCorpo<B>): ProblemaDeCampo[] {
  const resultado = schema.safeParse(corpo);
  if (resultado.success) return [];
  const problemas: ProblemaDeCampo[] = resultado.error.issues.map((i) => ({ path: i.path, message: i.message }));
  for (const p of regras?.(corpo) ?? []) if (!problemas.some((q) => mesmoProblema(p, q))) problemas.push(p);
  return problemas;
}

export interface FormularioDoCorpo<F, B> {
  /** The body the form would send, from its values ('' as absent, the options' strings as numbers …). */
  paraCorpo: (valores: F) => B;
  /** The form's field that shows a problem of the body (the body's path by default). */
  campo?: (path: readonly PropertyKey[]) => readonly PropertyKey[];
  /** The body's rules across fields (see `problemasDoCorpo`). */
  regras?: RegrasDoCorpo<B>;
}

/**
 * A form's schema derived from the schema of its endpoint's body, for react-hook-form's zod resolver: the form's
 * values become the body (`paraCorpo`), the body's schema validates it and each problem goes back to the field
 * that shows it (`campo`). Its output is the body as the server's schema reads it: what the form sends.
 */
export function formularioDoCorpo<F, B, C extends z.ZodType>(corpo: C, opcoes: FormularioDoCorpo<F, B>): z.ZodType<z.output<C>, F> {
  const campo = opcoes.campo ?? ((path) => path);
  return z.custom<F>().transform((valores, ctx) => {
    const montado = opcoes.paraCorpo(valores);
    const resultado = corpo.safeParse(montado);
    if (resultado.success) return resultado.data as z.output<C>;
    for (const p of problemasDoCorpo(corpo, montado, opcoes.regras)) {
      ctx.addIssue({ code: 'custom', message: p.message, path: [...campo(p.path)] });
    }
    return z.NEVER;
  });
}

/** A text input's schema from a body field's: the empty input is the field not given (the body's own message). */
export function vazioAusente<S extends z.ZodType>(campo: S) {
  return z.preprocess((v: string) => (v === '' ? undefined : v), campo);
}
