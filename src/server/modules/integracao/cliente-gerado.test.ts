import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfComDigitos } from '../../../shared/cpf';
import type { AssinaturaWebhookCriada } from '../../../shared/schemas/integracao';
import { ESQUEMA_CLIENTE } from '../../plugins/contratos';
import { createTestApp, type TestApp } from '../../test/helpers';
import { novoClienteDeTeste, type ClienteDeTeste } from './integracao.fixtures';

/**
 * An agency's consumer written against types generated from the OpenAPI document the server serves (openapi-typescript
 * types, openapi-fetch calls, the standardwebhooks library): it must compile strictly, then obtain a token, page the
 * feed and verify a webhook's signature against a real listening server. Generated at each run, so the document and
 * the consumer can never drift apart unnoticed.
 */
const CONSUMIDOR = `
import createClient from 'openapi-fetch';
import { Webhook } from 'standardwebhooks';
import type { paths } from './rgp-api';

type PaginaEventos = paths['/api/integracao/eventos']['get']['responses'][200]['content']['application/json']['dados'];
export type Evento = PaginaEventos['eventos'][number];

/** OAuth 2.0 client credentials at the document's tokenUrl (client_secret_basic). */
export async function obterToken(tokenUrl: string, clientId: string, clientSecret: string): Promise<string> {
  const r = await fetch(tokenUrl, {
    method: 'POST',
    headers: { authorization: 'Basic ' + btoa(clientId + ':' + clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'integracao.eventos' }),
  });
  if (!r.ok) throw new Error('token: HTTP ' + r.status);
  const corpo: unknown = await r.json();
  if (typeof corpo !== 'object' || corpo === null || !('access_token' in corpo) || typeof corpo.access_token !== 'string') {
    throw new Error('token: resposta sem access_token');
  }
  return corpo.access_token;
}

/** Every event after \`cursor\`, page by page, and the cursor to keep for next time. */
export async function lerFeed(
  baseUrl: string, token: string, cursor: string | undefined, limite: number,
): Promise<{ eventos: Evento[]; cursor: string; paginas: number }> {
  const api = createClient<paths>({ baseUrl, headers: { Authorization: 'Bearer ' + token } });
  const eventos: Evento[] = [];
  let atual = cursor;
  for (let paginas = 1; ; paginas++) {
    const { data, error, response } = await api.GET('/api/integracao/eventos', {
      params: { query: atual === undefined ? { limite } : { limite, cursor: atual } },
    });
    if (!data) throw new Error('feed: HTTP ' + response.status + ' ' + (error ? error.mensagem : ''));
    eventos.push(...data.dados.eventos);
    atual = data.dados.proximoCursor;
    if (data.dados.fim) return { eventos, cursor: atual, paginas };
  }
}

/** The webhook's body, once its Standard Webhooks signature and timestamp are checked; throws otherwise. */
export function verificarWebhook(segredo: string, corpo: string, cabecalhos: Record<string, string>): { type: string; data: Evento } {
  return new Webhook(segredo).verify(corpo, cabecalhos) as { type: string; data: Evento };
}
`;

/** A consumer that names a path the document does not have: the generated types must refuse it. */
const CONSUMIDOR_ERRADO = `
import createClient from 'openapi-fetch';
import type { paths } from './rgp-api';
export const r = createClient<paths>({ baseUrl: 'http://x' }).GET('/api/integracao/eventoz', {});
export const l = createClient<paths>({ baseUrl: 'http://x' }).GET('/api/integracao/eventos', { params: { query: { limite: 'cem' } } });
`;

interface Consumidor {
  obterToken(tokenUrl: string, clientId: string, clientSecret: string): Promise<string>;
  lerFeed(baseUrl: string, token: string, cursor: string | undefined, limite: number): Promise<{ eventos: { id: string; tipo: string; cpf: string }[]; cursor: string; paginas: number }>;
  verificarWebhook(segredo: string, corpo: string, cabecalhos: Record<string, string>): { type: string; data: { id: string; tipo: string; cpf: string } };
}

/**
 * Strict compilation of `arquivos` in one program (the project's own strict flags), the diagnostics per file. The
 * generated declarations are read, not checked as such (skipLibCheck); what uses them is.
 */
function compilar(arquivos: string[]): Map<string, string[]> {
  const programa = ts.createProgram(arquivos, {
    strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, noImplicitOverride: true,
    target: ts.ScriptTarget.ES2023, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], types: ['node'], noEmit: true, skipLibCheck: true, isolatedModules: true,
    verbatimModuleSyntax: true,
  });
  const porArquivo = new Map<string, string[]>(arquivos.map((a) => [a, []]));
  for (const d of ts.getPreEmitDiagnostics(programa)) {
    const arquivo = d.file?.fileName ?? '';
    const linha = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
    const texto = `${linha}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    const chave = arquivos.find((a) => resolve(a) === resolve(arquivo));
    if (chave) porArquivo.get(chave)!.push(texto);
    else porArquivo.set(arquivo, [...(porArquivo.get(arquivo) ?? []), texto]);
  }
  return porArquivo;
}

interface Recebido { corpo: string; cabecalhos: Record<string, string> }

let t: TestApp;
let cliente: ClienteDeTeste;
let base: string;
let dir: string;
let receptor: http.Server;
let urlReceptor: string;
const recebidos: Recebido[] = [];

beforeAll(async () => {
  t = await createTestApp();
  cliente = await novoClienteDeTeste(t.app, ['integracao.eventos']);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  receptor = http.createServer((req, res) => {
    let corpo = '';
    req.on('data', (c: Buffer) => { corpo += c.toString('utf8'); });
    req.on('end', () => {
      recebidos.push({ corpo, cabecalhos: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((ok) => receptor.listen(0, '127.0.0.1', ok));
  urlReceptor = `http://127.0.0.1:${(receptor.address() as AddressInfo).port}/rgp`;
  // Inside the checkout (git-ignored), so the consumer resolves openapi-fetch and standardwebhooks as an agency's would.
  mkdirSync(resolve('.test-data'), { recursive: true });
  dir = mkdtempSync(join(resolve('.test-data'), 'cliente-gerado-'));
}, 60_000);
afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((ok) => (receptor ? receptor.close(() => ok()) : ok()));
  await t?.close();
});

let proximo = 882_000_000;
/** A fisher activated then suspended: two committed events. */
async function suspenso(): Promise<string> {
  const cpf = cpfComDigitos(proximo++);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO pescador (cpf, nome, uf, municipio_id, categoria, forma_atuacao, situacao_registro, data_primeiro_rgp)
    VALUES (${cpf}, 'Pescador do Cliente Gerado', 'PA', 1501402, 2, 1, 1, '2015-03-10') RETURNING id`);
  await t.db.execute(sql`UPDATE pescador SET situacao_registro = 6 WHERE id = ${rows[0]!.id}`);
  return cpf;
}

describe('a client generated from the served OpenAPI document', () => {
  it('compiles strictly, obtains a token, pages the feed and verifies a webhook signature against a real server', async () => {
    const resDoc = await fetch(`${base}/api/docs/json`);
    expect(resDoc.status).toBe(200);
    const documento = (await resDoc.json()) as { components: { securitySchemes: Record<string, { flows?: { clientCredentials?: { tokenUrl: string } } }> } };
    writeFileSync(join(dir, 'rgp-api.d.ts'), astToString(await openapiTS(documento as Parameters<typeof openapiTS>[0])));
    writeFileSync(join(dir, 'consumidor.ts'), CONSUMIDOR);
    writeFileSync(join(dir, 'errado.ts'), CONSUMIDOR_ERRADO);

    const diagnosticos = compilar([join(dir, 'consumidor.ts'), join(dir, 'errado.ts')]);
    expect(diagnosticos.get(join(dir, 'consumidor.ts'))).toEqual([]);
    expect([...diagnosticos.keys()]).toEqual([join(dir, 'consumidor.ts'), join(dir, 'errado.ts')]);
    // The types bind: a path not in the document and a query of the wrong type do not compile.
    const erros = diagnosticos.get(join(dir, 'errado.ts'))!;
    expect(erros.some((e) => e.includes('"/api/integracao/eventoz"'))).toBe(true);
    expect(erros.some((e) => e.includes("'string' is not assignable to type 'number'"))).toBe(true);

    const c = (await import(/* @vite-ignore */ pathToFileURL(join(dir, 'consumidor.ts')).href)) as Consumidor;

    // The token, at the tokenUrl the document names.
    const tokenUrl = new URL(documento.components.securitySchemes[ESQUEMA_CLIENTE]!.flows!.clientCredentials!.tokenUrl, base).href;
    const token = await c.obterToken(tokenUrl, cliente.credencial.clientId, cliente.credencial.clientSecret!);
    expect(token.split('.')).toHaveLength(3);
    await expect(c.obterToken(tokenUrl, cliente.credencial.clientId, 'errado')).rejects.toThrow('HTTP 401');

    // The feed, two events a page: everything once, in order; the kept cursor resumes after it.
    const cpfs = [await suspenso(), await suspenso(), await suspenso()];
    const tudo = await c.lerFeed(base, token, undefined, 2);
    const meus = tudo.eventos.filter((e) => cpfs.includes(e.cpf));
    expect(meus.map((e) => [e.cpf, e.tipo])).toEqual(cpfs.flatMap((cpf) => [[cpf, 'registro.ativado'], [cpf, 'registro.suspenso']]));
    expect(new Set(tudo.eventos.map((e) => e.id)).size).toBe(tudo.eventos.length);
    expect(tudo.paginas).toBeGreaterThanOrEqual(3);
    const mais = await suspenso();
    const depois = await c.lerFeed(base, token, tudo.cursor, 2);
    expect(depois.eventos.map((e) => [e.cpf, e.tipo])).toEqual([[mais, 'registro.ativado'], [mais, 'registro.suspenso']]);

    // A webhook: ADMIN subscribes the local receiver, the registry delivers, the consumer verifies the signature.
    const res = await cliente.admin.navegador.request({
      method: 'POST', url: '/api/integracao/webhooks',
      headers: { authorization: `Bearer ${cliente.admin.token}`, 'x-xsrf-token': cliente.admin.navegador.xsrf },
      payload: { clienteId: cliente.credencial.cliente.id, url: urlReceptor, tipos: ['registro.suspenso'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { segredo } = res.json().dados as AssinaturaWebhookCriada;
    const alvo = await suspenso();
    await t.app.servicos.webhooks.executar();
    const entregue = recebidos.find((r) => r.corpo.includes(alvo));
    expect(entregue).toBeDefined();
    const verificado = c.verificarWebhook(segredo, entregue!.corpo, entregue!.cabecalhos);
    expect(verificado).toMatchObject({ type: 'registro.suspenso', data: { cpf: alvo, tipo: 'registro.suspenso' } });
    expect(entregue!.cabecalhos['webhook-id']).toBe(`msg_${verificado.data.id}`);
    // The same event as the feed's, and a tampered body or another secret is refused.
    const noFeed = (await c.lerFeed(base, token, depois.cursor, 100)).eventos.find((e) => e.cpf === alvo && e.tipo === 'registro.suspenso');
    expect(noFeed).toEqual(verificado.data);
    expect(() => c.verificarWebhook(segredo, entregue!.corpo.replace(alvo, cpfComDigitos(proximo++)), entregue!.cabecalhos)).toThrow();
    expect(() => c.verificarWebhook(`whsec_${Buffer.from('outro segredo qualquer').toString('base64')}`, entregue!.corpo, entregue!.cabecalhos)).toThrow();
  }, 120_000);
});
