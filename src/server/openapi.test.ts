import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODIGOS_DE_DOMINIO } from '../shared/codigos-erro';
import { NOMES_LISTAS_REFERENCIA } from '../shared/referencias';
import { construirAppSemBanco } from './app-sem-banco';

/**
 * The OpenAPI document the server serves (GET /api/docs/json) is correct for a generated client (issue 24, decision
 * 0058): Redocly's recommended rules find no error in it, and the points a client trips on hold on named routes.
 */

interface Midia { schema?: Esquema; example?: unknown }
interface Resposta { $ref?: string; description?: string; content?: Record<string, Midia> }
interface Operacao {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: Esquema }[];
  requestBody?: { required?: boolean; content: Record<string, Midia> };
  responses: Record<string, Resposta>;
  'x-codigos-erro'?: string[];
}
type Esquema = Record<string, unknown> & { type?: string; format?: string; properties?: Record<string, Esquema>; required?: string[] };
interface Documento {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operacao>>;
  components: { schemas: Record<string, Esquema>; responses: Record<string, Resposta> };
}

let app: FastifyInstance;
let fechar: () => Promise<void>;
let doc: Documento;

beforeAll(async () => {
  ({ app, fechar } = await construirAppSemBanco());
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Documento;
}, 60_000);
afterAll(async () => {
  await fechar?.();
});

function operacoes(): [string, Operacao][] {
  return Object.entries(doc.paths).flatMap(([caminho, ms]) => Object.entries(ms).map(([m, op]): [string, Operacao] => [`${m.toUpperCase()} ${caminho}`, op]));
}

function op(chave: string): Operacao {
  const [metodo, caminho] = chave.split(' ') as [string, string];
  const o = doc.paths[caminho]?.[metodo.toLowerCase()];
  expect(o, chave).toBeDefined();
  return o!;
}

/** Every schema object in the document (depth first). */
function esquemas(v: unknown, visto: Esquema[] = []): Esquema[] {
  if (Array.isArray(v)) v.forEach((x) => esquemas(x, visto));
  else if (v && typeof v === 'object') {
    visto.push(v as Esquema);
    Object.values(v).forEach((x) => esquemas(x, visto));
  }
  return visto;
}

const BINARIO = { type: 'string', format: 'binary' };

describe('the OpenAPI document', () => {
  it("has no error under Redocly's recommended rules", async () => {
    const problemas = await lintFromString({
      source: JSON.stringify(doc), absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }),
    });
    const erros = problemas.filter((p) => p.severity === 'error');
    const avisos = problemas.filter((p) => p.severity === 'warn');
    const porRegra: Record<string, number> = {};
    for (const p of avisos) porRegra[p.ruleId] = (porRegra[p.ruleId] ?? 0) + 1;
    // eslint-disable-next-line no-console -- the counts decision 0058 reports
    console.log(`redocly (recommended): ${operacoes().length} operations, ${erros.length} errors, ${avisos.length} warnings ${JSON.stringify(porRegra)}`);
    expect(erros.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`)).toEqual([]);
  }, 60_000);

  it('declares file answers with their real content type, as binary', () => {
    const arquivos: Record<string, string[]> = {
      'GET /api/reap/{id}/comprovante': ['application/pdf'],
      'GET /api/pescador/{id}/imprimir-carteira': ['application/pdf'],
      'GET /api/pescador/{id}/imprimir-protocolo': ['application/pdf'],
      'GET /api/arquivos/{chave}': ['application/pdf', 'image/jpeg', 'image/png'],
      'GET /api/reap/consultar-obrigacoes/csv': ['text/csv'],
      'GET /api/estatisticas/csv': ['text/csv'],
      'GET /api/pescador/lote/{id}/resultado': ['text/csv'],
      'GET /api/pescador/relatorio/arquivo/{id}': ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    };
    for (const [chave, tipos] of Object.entries(arquivos)) {
      const conteudo = op(chave).responses['200']?.content ?? {};
      expect(Object.keys(conteudo), chave).toEqual(tipos);
      for (const t of tipos) expect(conteudo[t]?.schema, `${chave} ${t}`).toMatchObject(BINARIO);
    }
    // No other answer is a bare string declared as JSON (a file route that forgot `produces`).
    const textosComoJson = operacoes().filter(([, o]) => Object.entries(o.responses)
      .some(([s, r]) => s.startsWith('2') && r.content?.['application/json']?.schema?.type === 'string')).map(([k]) => k);
    expect(textosComoJson).toEqual([]);
  });

  it('declares the multipart body of every upload: its fields and the file as binary', () => {
    // [text fields, the file's field]
    const envios: Record<string, [string[], string?]> = {
      'POST /api/documentos': [['idSolicitacao', 'tipo']],
      'PUT /api/documentos/envios/{id}/partes': [['inicio'], 'parte'],
      'POST /api/documentos/parecer': [['idAnaliseSolicitacao']],
      'POST /api/documentos/reap': [['idQuestionarioBasico', 'tipo']],
      'POST /api/documentos/reap-industrial': [['idReapIndustrial', 'tipo']],
      'POST /api/representacao/termos': [['cpfPescador', 'nomePescador', 'uf', 'servicos', 'fim']],
      'POST /api/representacao/termos/{id}/identidade': [[]],
      'POST /api/lote-pescador/automatico': [['atoNormativo', 'tipo', 'orgaoSolicitante', 'justificativa', 'dataLimiteSuspensao']],
    };
    for (const [chave, [campos, arquivo = 'arquivos']] of Object.entries(envios)) {
      const corpo = op(chave).requestBody;
      expect(Object.keys(corpo?.content ?? {}), chave).toEqual(['multipart/form-data']);
      const esquema = corpo!.content['multipart/form-data']!.schema!;
      expect(Object.keys(esquema.properties ?? {}), chave).toEqual(expect.arrayContaining([...campos, arquivo]));
      expect(esquema.properties![arquivo], chave).toMatchObject(BINARIO);
      expect(esquema.required, chave).toContain(arquivo);
    }
    // Every operation that consumes a form declares it (the list above is all of them).
    const comFormulario = operacoes().filter(([, o]) => o.requestBody?.content['multipart/form-data']).map(([k]) => k);
    expect(comFormulario.sort()).toEqual(Object.keys(envios).sort());
  });

  it('declares no body on a 204', () => {
    const sem = operacoes().filter(([, o]) => o.responses['204']).map(([k, o]) => [k, o.responses['204']!.content] as const);
    expect(sem.map(([k]) => k)).toEqual(expect.arrayContaining([
      'DELETE /api/documentos/{id}', 'DELETE /api/documentos/parecer/documento/{id}',
      'DELETE /api/documentos/reap/{idReap}/documento/{id}', 'DELETE /api/documentos/reap-industrial/{idReap}/documento/{id}',
    ]));
    for (const [k, conteudo] of sem) expect(conteudo, k).toBeUndefined();
  });

  it('documents the error envelope as a shared schema, and the error answers of each operation', () => {
    expect(doc.components.schemas.Erro).toMatchObject({
      type: 'object',
      properties: { codigo: { type: 'integer' }, mensagem: { type: 'string' }, erros: { type: 'array', items: { type: 'string' } } },
      required: ['codigo', 'mensagem', 'erros'],
    });
    for (const nome of ['DadosInvalidos', 'NaoAutenticado', 'SemPermissao', 'NaoEncontrado', 'EstadoNaoPermite', 'Conflito', 'MuitasRequisicoes', 'Indisponivel', 'Erro']) {
      expect(doc.components.responses[nome]?.content?.['application/json']?.schema, nome).toEqual({ $ref: '#/components/schemas/Erro' });
    }
    const ref = (nome: string) => ({ $ref: `#/components/responses/${nome}` });
    // A fisher's save: validated body, signed in, refused by profile or state.
    expect(op('POST /api/solicitacao').responses).toMatchObject({
      400: ref('DadosInvalidos'), 401: ref('NaoAutenticado'), 403: ref('SemPermissao'), 406: ref('EstadoNaoPermite'), default: ref('Erro'),
    });
    // A public check: validated path, rate limited, never 401.
    const verificar = op('GET /api/reap/verificar/{token}').responses;
    expect(verificar).toMatchObject({ 400: ref('DadosInvalidos'), 404: ref('NaoEncontrado'), 429: ref('MuitasRequisicoes'), 503: ref('Indisponivel') });
    expect(verificar['401']).toBeUndefined();
    // A refusal the route declares itself.
    expect(op('DELETE /api/ato-normativo/{id}').responses['409']).toEqual(ref('Conflito'));
    expect(op('GET /api/pescador/{id}/imprimir-carteira').responses['406']).toEqual(ref('EstadoNaoPermite'));
    // The liveness probe is never shed: no 503.
    expect(op('GET /api/health/vivo').responses['503']).toBeUndefined();
    for (const [k, o] of operacoes()) {
      expect(o.responses.default, k).toEqual(ref('Erro'));
      const bearer = (o.security ?? []).length > 0 && o.security!.every((s) => 'bearer' in s);
      if (bearer) expect([k, o.responses['401'], o.responses['403']]).toEqual([k, ref('NaoAutenticado'), ref('SemPermissao')]);
      if (o.requestBody || (o.parameters ?? []).length > 0) expect([k, o.responses['400']]).toEqual([k, ref('DadosInvalidos')]);
    }
  });

  it("prints the domain refusals each contract lists (x-codigos-erro), their statuses among the answers, and every one is some route's", () => {
    const ref = (nome: string) => ({ $ref: `#/components/responses/${nome}` });
    const salvar = op('POST /api/reap/questionario-basico');
    expect(salvar['x-codigos-erro']).toEqual(['REAP_JA_ENVIADA', 'REAP_FORA_DO_PRAZO', 'CIN_EXIGIDA']);
    expect(salvar.responses['406']).toEqual(ref('EstadoNaoPermite'));
    const usuario = op('POST /api/usuario-mapa');
    expect(usuario['x-codigos-erro']).toEqual(['USUARIO_JA_CADASTRADO', 'ULTIMO_GESTOR']);
    expect(usuario.responses['409']).toEqual(ref('Conflito'));
    // A refusal of a 404 family on a route whose shape implies no 404.
    expect(op('PATCH /api/configuracao-horario-acesso/usuario-unidade-trabalho').responses['404']).toEqual(ref('NaoEncontrado'));
    expect(op('GET /api/pescador/{id}')['x-codigos-erro']).toBeUndefined();
    const listados = new Set(operacoes().flatMap(([, o]) => o['x-codigos-erro'] ?? []));
    expect(CODIGOS_DE_DOMINIO.filter((c) => !listados.has(c))).toEqual([]);
  });

  it('names every operation with a unique operationId, from its method and path', () => {
    const ids = operacoes().map(([k, o]) => [k, o.operationId] as const);
    expect(ids.filter(([, id]) => !id).map(([k]) => k)).toEqual([]);
    const repetidos = ids.filter(([, id], i) => ids.findIndex(([, outro]) => outro === id) !== i);
    expect(repetidos).toEqual([]);
    expect(op('GET /api/reap/{id}/comprovante').operationId).toBe('getReapPorIdComprovante');
    expect(op('POST /api/solicitacao').operationId).toBe('postSolicitacao');
    expect(op('DELETE /api/documentos/reap/{idReap}/documento/{id}').operationId).toBe('deleteDocumentosReapPorIdReapDocumentoPorId');
  });

  it('says `security: []` on public operations and the bearer where the route requires a session', () => {
    for (const chave of [
      'GET /api/health', 'POST /api/auth/login', 'GET /api/referencia/{lista}', 'GET /api/estatisticas/csv',
      'GET /api/carteira-profissional/consulta-publica', 'GET /api/reap/verificar/{token}', 'GET /api/arquivos/{chave}',
    ]) {
      expect([chave, op(chave).security]).toEqual([chave, []]);
    }
    for (const chave of ['GET /api/pescador/{id}', 'POST /api/auth/refresh', 'GET /api/pescador/relatorio/arquivo/{id}', 'POST /api/documentos']) {
      expect([chave, op(chave).security]).toEqual([chave, [{ bearer: [] }]]);
    }
    // Logging out takes the token when there is one, and answers the same without it.
    expect(op('GET /api/auth/logout').security).toEqual([{ bearer: [] }, {}]);
    expect(operacoes().filter(([, o]) => !Array.isArray(o.security)).map(([k]) => k)).toEqual([]);
  });

  it('lists the valid names of a reference list as an enumeration (issue 33)', () => {
    const lista = op('GET /api/referencia/{lista}').parameters?.find((p) => p.in === 'path' && p.name === 'lista');
    expect(lista?.schema).toMatchObject({ type: 'string', enum: [...NOMES_LISTAS_REFERENCIA] });
    expect(NOMES_LISTAS_REFERENCIA).toContain('escolaridades');
    expect(NOMES_LISTAS_REFERENCIA).toContain('ufs');
  });

  it('writes no `nullable` without a `type` beside it (OpenAPI 3.0)', () => {
    expect(esquemas(doc).filter((s) => s.nullable === true && !('type' in s))).toEqual([]);
    const tipo = op('POST /api/reap/questionario-basico/industrial').requestBody!.content['application/json']!.schema!.properties!.tipoPrestacaoServico;
    expect(tipo).toEqual({ type: 'number', nullable: true, enum: [4, 5, null] });
  });
});
