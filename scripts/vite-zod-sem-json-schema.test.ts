import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { MENSAGEM_SEM_JSON_SCHEMA, nomesExportados, zodSemJsonSchema } from './vite-zod-sem-json-schema';

const ZOD_CORE = path.resolve('node_modules/zod/v4/core');
const MODULOS = ['json-schema-processors.js', 'to-json-schema.js'];

// What a page does with zod: build schemas of every kind the contracts use, and parse.
const ENTRADA = `
import { z } from 'zod';
const schema = z.object({
  id: z.number().int(), nome: z.string().min(1).max(10), email: z.email().optional(), quando: z.iso.date(),
  tipo: z.enum(['A', 'B']), lista: z.array(z.union([z.literal(1), z.null()])), mapa: z.record(z.string(), z.boolean()),
}).refine((v) => v.id > 0, 'id');
export const lido = schema.safeParse({ id: 1, nome: 'Ana', quando: '2026-12-06', tipo: 'A', lista: [1, null], mapa: { a: true } });
export const recusado = schema.safeParse({ id: 0, nome: '', quando: 'x', tipo: 'C', lista: [2], mapa: { a: 1 } });
export const padrao = schema['~standard'].validate({ id: 1, nome: 'Ana', quando: '2026-12-06', tipo: 'B', lista: [], mapa: {} });
export function gerar() { return z.toJSONSchema(schema); }
`;

/** Builds ENTRADA for the browser (as the web build does), with or without the plugin; the bundle's text. */
async function empacotar(comPlugin: boolean): Promise<string> {
  // Inside the project, so that the entry resolves zod from its node_modules.
  fs.mkdirSync('.test-data', { recursive: true });
  const pasta = fs.mkdtempSync(path.resolve('.test-data', 'zod-'));
  const entrada = path.join(pasta, 'entrada.js');
  fs.writeFileSync(entrada, ENTRADA);
  try {
    const saida = (await build({
      configFile: false, logLevel: 'silent', root: process.cwd(),
      plugins: comPlugin ? [zodSemJsonSchema()] : [],
      build: { write: false, minify: false, lib: { entry: entrada, formats: ['es'], fileName: 'pacote' } },
    })) as Rollup.RollupOutput[];
    return saida[0]!.output.map((o) => (o.type === 'chunk' ? o.code : '')).join('\n');
  } finally {
    fs.rmSync(pasta, { recursive: true, force: true });
  }
}

async function carregar(codigo: string) {
  const arquivo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rgp-zod-')), 'pacote.mjs');
  fs.writeFileSync(arquivo, codigo);
  return (await import(pathToFileURL(arquivo).href)) as {
    lido: { success: boolean; data?: unknown }; recusado: { success: boolean; error?: { issues: unknown[] } };
    padrao: { value?: unknown; issues?: unknown }; gerar: () => unknown;
  };
}

describe('the web build leaves zod’s JSON Schema generator out (issue 33, point 1)', () => {
  it('finds every export of the generator’s modules, so the stand-in has them all', async () => {
    for (const modulo of MODULOS) {
      const arquivo = path.join(ZOD_CORE, modulo);
      const reais = Object.keys(await import(pathToFileURL(arquivo).href) as object).sort();
      expect(nomesExportados(fs.readFileSync(arquivo, 'utf8'))).toEqual(reais);
    }
  });

  it('parses as zod does, without the generator; only generating JSON Schema fails', async () => {
    const sem = await empacotar(true);
    const com = await empacotar(false);
    // The generator's text is in the bundle without the plugin, and not with it; the bundle is smaller.
    expect(com).toContain('draft-2020-12');
    expect(sem).not.toContain('draft-2020-12');
    expect(sem.length).toBeLessThan(com.length * 0.85);

    const [a, b] = [await carregar(sem), await carregar(com)];
    expect(a.lido).toEqual(b.lido);
    expect(a.lido.success).toBe(true);
    expect(a.recusado.success).toBe(false);
    expect(a.recusado.error!.issues).toEqual(b.recusado.error!.issues);
    expect(a.padrao).toEqual(b.padrao);
    expect(b.gerar()).toMatchObject({ type: 'object' });
    expect(() => a.gerar()).toThrow(MENSAGEM_SEM_JSON_SCHEMA);
  });
});
