import { z } from 'zod';

/** Forms are validated by their endpoint's body schema: the form's rules and messages are the server's. */

export interface ProblemaDeCampo {
  path: readonly PropertyKey[];
  message: string;
}

/** Called on the body as sent, possibly invalid. */
export type RegrasDoCorpo<B> = (corpo: B) => readonly ProblemaDeCampo[];

/** Problems at one field are one; those of the whole body (no field) are one when their words are. */
const repetido = (a: ProblemaDeCampo, b: ProblemaDeCampo) => (a.path.length === 0
  ? b.path.length === 0 && a.message === b.message
  : a.path.length === b.path.length && a.path.every((p, i) => p === b.path[i]));

/**
 * Also the rules across fields that zod skipped for a missing field: the form shows them at once. One problem per
 * field, its first: zod 4 runs a field's later checks after the first fails (an empty date is also "Data inválida"
 * twice), and the field shows only the first, so the summary would list words no field shows.
 */
export function problemasDoCorpo<B>(schema: z.ZodType, corpo: B, regras?: RegrasDoCorpo<B>): ProblemaDeCampo[] {
  const resultado = schema.safeParse(corpo);
  if (resultado.success) return [];
  const problemas: ProblemaDeCampo[] = [];
  for (const p of [...resultado.error.issues, ...(regras?.(corpo) ?? [])]) {
    if (!problemas.some((q) => repetido(p, q))) problemas.push({ path: p.path, message: p.message });
  }
  return problemas;
}

export interface FormularioDoCorpo<F, B> {
  paraCorpo: (valores: F) => B;
  campo?: (path: readonly PropertyKey[]) => readonly PropertyKey[];
  regras?: RegrasDoCorpo<B>;
}

/** Values to body, the body's schema, each problem back to its field. */
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

/** The empty input is the field not given. */
export function vazioAusente<S extends z.ZodType>(campo: S) {
  return z.preprocess((v: string) => (v === '' ? undefined : v), campo);
}
