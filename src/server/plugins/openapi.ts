import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CodigoErro, statusDoCodigo, type CodigoDeDominio } from '../../shared/codigos-erro';
import { erroEnvelope } from '../../shared/schemas/envelope';
import { erroCampo } from '../../shared/erros-campo';
import {
  CABECALHO_IDEMPOTENCIA, CABECALHO_RESPOSTA_REPETIDA, FORMATO_CHAVE_IDEMPOTENCIA, MENSAGENS_IDEMPOTENCIA,
  COTA_CHAVES_IDEMPOTENCIA, RETENCAO_CHAVE_IDEMPOTENCIA_HORAS,
} from '../../shared/idempotencia';
import { texto } from '../../shared/schemas/primitivos';
import { MENSAGENS_AUTH } from '../modules/auth/auth.service';
import { CAMINHO_TOKEN_CLIENTE, DESCRICAO_ESCOPOS, DURACAO_TOKEN_CLIENTE_S } from '../../shared/schemas/integracao';
import { MENSAGEM_PERFIL_SEM_PERMISSAO, perfisDoGancho } from './auth';
import { ESQUEMA_CLIENTE } from './contratos';
import { MENSAGEM_DADOS_INVALIDOS, MENSAGEM_INDISPONIVEL } from './envelope';
import { ROTAS_NUNCA_RECUSADAS } from './sobrecarga';

/** Made fit for a generated client in one place (decision 0058). */

declare module 'fastify' {
  interface FastifySchema {
    /** Documentation only: the handler reads the multipart body itself. */
    formulario?: { campos: z.ZodObject; arquivo?: string };
    outrosErros?: readonly StatusDeErro[];
    codigosErro?: readonly CodigoDeDominio[];
    /** Decisions 0060, 0068; its preHandler checks the header, not this schema. */
    idempotente?: true;
  }
}

const RESPOSTAS_DE_ERRO = {
  400: {
    nome: 'DadosInvalidos',
    descricao: 'Dados inválidos: o corpo, os parâmetros ou o formulário não passaram na validação; `erros` lista `campo: mensagem`.',
    exemplo: { mensagem: MENSAGEM_DADOS_INVALIDOS, erros: [erroCampo('cpf', 'CPF inválido')], codigoErro: CodigoErro.DADOS_INVALIDOS },
  },
  401: {
    nome: 'NaoAutenticado',
    descricao: 'Sem token de acesso, ou token inválido ou expirado (`codigoErro` TOKEN_EXPIRADO: renove a sessão e repita).',
    exemplo: { mensagem: MENSAGENS_AUTH.tokenInvalido, codigoErro: CodigoErro.NAO_AUTENTICADO, dados: { expirado: false } },
  },
  403: {
    nome: 'SemPermissao',
    descricao: 'O perfil não pode fazer isto, o registro está fora do escopo do usuário, o usuário está fora do seu horário '
      + 'de acesso, ou (POST, PUT, PATCH, DELETE) faltou o cabeçalho X-XSRF-TOKEN com o valor do cookie XSRF-TOKEN.',
    exemplo: { mensagem: MENSAGEM_PERFIL_SEM_PERMISSAO, codigoErro: CodigoErro.SEM_PERMISSAO },
  },
  404: {
    nome: 'NaoEncontrado',
    descricao: 'O registro nomeado não existe.',
    exemplo: { mensagem: 'Registro não encontrado.', codigoErro: CodigoErro.NAO_ENCONTRADO },
  },
  406: {
    nome: 'EstadoNaoPermite',
    descricao: 'A situação do registro não permite a operação agora (a mensagem diz por quê).',
    exemplo: { mensagem: 'Requisição não aceita.', codigoErro: CodigoErro.ESTADO_NAO_PERMITE },
  },
  409: {
    nome: 'Conflito',
    descricao: 'Conflito com o estado atual do registro (já cadastrado, citado por outro registro), ou (com o cabeçalho '
      + `${CABECALHO_IDEMPOTENCIA}) um envio com a mesma chave ainda em andamento: \`codigoErro\` ${CodigoErro.IDEMPOTENCIA_EM_ANDAMENTO}, `
      + 'repita depois dos segundos do cabeçalho Retry-After.',
    exemplo: { mensagem: 'Conflito com o estado atual do registro.', codigoErro: CodigoErro.CONFLITO },
  },
  422: {
    nome: 'ChaveIdempotenciaReutilizada',
    descricao: `A chave do cabeçalho ${CABECALHO_IDEMPOTENCIA} já foi usada para um envio com outros dados; nada foi feito. `
      + 'Um envio novo leva uma chave nova.',
    exemplo: { mensagem: MENSAGENS_IDEMPOTENCIA.reutilizada, codigoErro: CodigoErro.IDEMPOTENCIA_CHAVE_REUTILIZADA },
  },
  429: {
    nome: 'MuitasRequisicoes',
    descricao: 'Chamadas demais deste endereço no último minuto; aguarde. Com o cabeçalho '
      + `${CABECALHO_IDEMPOTENCIA}: mais de ${COTA_CHAVES_IDEMPOTENCIA} chaves novas do mesmo usuário em `
      + `${RETENCAO_CHAVE_IDEMPOTENCIA_HORAS} horas (Retry-After diz quando a mais antiga expira).`,
    exemplo: { mensagem: 'Muitas requisições. Tente novamente em 60 segundos.', codigoErro: CodigoErro.MUITAS_REQUISICOES },
  },
  503: {
    nome: 'Indisponivel',
    descricao: 'Banco de dados indisponível, ou servidor sobrecarregado (`codigoErro` SOBRECARREGADO, com Retry-After).',
    exemplo: { mensagem: MENSAGEM_INDISPONIVEL, codigoErro: CodigoErro.INDISPONIVEL },
  },
} as const;

export type StatusDeErro = keyof typeof RESPOSTAS_DE_ERRO;

const RESPOSTA_PADRAO = 'Erro';
const ESQUEMA_ERRO = 'Erro';

const X_ERROS = 'x-rgp-erros';
const X_IDEMPOTENTE = 'x-rgp-idempotente';
/** Decision 0080. */
export const X_CODIGOS_ERRO = 'x-codigos-erro';

const cabecalhoIdempotencia = z.looseObject({
  [CABECALHO_IDEMPOTENCIA]: texto().regex(FORMATO_CHAVE_IDEMPOTENCIA, MENSAGENS_IDEMPOTENCIA.formato).optional().describe(
    'Chave de idempotência (draft-ietf-httpapi-idempotency-key-header): 8 a 128 caracteres [A-Za-z0-9_-], uma por envio '
      + '(um UUID serve). Repetir o envio com a mesma chave e os mesmos dados devolve a resposta guardada, com o cabeçalho '
      + `${CABECALHO_RESPOSTA_REPETIDA}: true, sem executar de novo. A mesma chave com outros dados: 422; com o primeiro `
      + `envio ainda em andamento: 409 com Retry-After. Guardada por usuário durante ${RETENCAO_CHAVE_IDEMPOTENCIA_HORAS} horas, `
      + `no máximo ${COTA_CHAVES_IDEMPOTENCIA} por vez (além disso, 429). Opcional.`,
  ),
});

const METODOS_QUE_ALTERAM = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Esquema = Record<string, unknown>;
type Seguranca = readonly Record<string, readonly string[]>[];

export function operationIdDe(metodo: string, url: string): string {
  const pascal = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean).map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');
  const partes = url.split('/').filter((s) => s && s !== 'api')
    .map((s) => (s.startsWith(':') ? `Por${pascal(s.slice(1).replace(/\(.*$/, ''))}` : pascal(s)));
  return metodo.toLowerCase() + partes.join('');
}

function exigeBearer(security: Seguranca): boolean {
  return security.length > 0 && security.every((s) => 'bearer' in s || ESQUEMA_CLIENTE in s);
}

/** Anything else is the `default` answer. */
function errosDaRota(route: RouteOptions, schema: Esquema, security: Seguranca, formulario: boolean): StatusDeErro[] {
  const metodo = String(route.method).toUpperCase();
  const guardada = perfisDoGancho(route.preParsing) !== null;
  const temParametro = route.url.includes(':');
  const temCorpo = Boolean(schema.body) || formulario;
  const idempotente = schema.idempotente === true;
  const autenticada = exigeBearer(security);
  const erros = new Set<StatusDeErro>();
  if (temParametro || schema.querystring || schema.headers || temCorpo || idempotente) erros.add(400);
  if (autenticada) erros.add(401);
  if (autenticada || METODOS_QUE_ALTERAM.has(metodo)) erros.add(403);
  if (temParametro || (autenticada && temCorpo)) erros.add(404);
  if (guardada && METODOS_QUE_ALTERAM.has(metodo)) erros.add(406);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) erros.add(429);
  if (idempotente) {
    erros.add(409);
    erros.add(422);
    // The caller's quota of kept keys (decision 0068).
    erros.add(429);
  }
  if (!ROTAS_NUNCA_RECUSADAS.has(route.url)) erros.add(503);
  for (const s of (schema.outrosErros as readonly StatusDeErro[] | undefined) ?? []) erros.add(s);
  for (const c of (schema.codigosErro as readonly CodigoDeDominio[] | undefined) ?? []) erros.add(statusDoCodigo(c) as StatusDeErro);
  return [...erros].sort((a, b) => a - b);
}

/** OpenAPI 3.0 wants `type` beside `nullable`, and zod writes `.nullable()` of a union as `{nullable, anyOf}`. */
function corrigirNullable(s: unknown): void {
  if (!s || typeof s !== 'object') return;
  if (Array.isArray(s)) {
    s.forEach(corrigirNullable);
    return;
  }
  const o = s as Esquema;
  for (const v of Object.values(o)) corrigirNullable(v);
  if (o.nullable !== true || 'type' in o) return;
  const membros = (o.anyOf ?? o.oneOf) as Esquema[] | undefined;
  if (!membros?.length) return;
  const chave = o.anyOf ? 'anyOf' : 'oneOf';
  const tipo = membros[0]!.type;
  const soEnums = membros.every((m) => m.type === tipo && Array.isArray(m.enum) && Object.keys(m).every((k) => k === 'type' || k === 'enum'));
  delete o.nullable;
  if (soEnums && typeof tipo === 'string') {
    delete o[chave];
    Object.assign(o, { type: tipo, nullable: true, enum: [...membros.flatMap((m) => m.enum as unknown[]), null] });
    return;
  }
  o[chave] = membros.map((m) => ({ ...m, nullable: true, ...(Array.isArray(m.enum) ? { enum: [...m.enum, null] } : {}) }));
}

const SEM_CORPO = new Set(['204', '205', '304']);

export const transformarRota: SwaggerTransform = (input) => {
  const { url, route } = input;
  const schema = input.schema as Esquema | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const { formulario, outrosErros: _o, codigosErro, idempotente, ...resto } = schema as Esquema & {
    formulario?: { campos: z.ZodObject; arquivo?: string }; idempotente?: true; codigosErro?: readonly CodigoDeDominio[];
  };
  // Only the document's: the route validates the form in its handler.
  const entrada: Esquema = formulario ? { ...resto, body: formulario.campos } : { ...resto };
  if (idempotente) entrada.headers = resto.headers ? (resto.headers as z.ZodObject).extend(cabecalhoIdempotencia.shape) : cabecalhoIdempotencia;
  const doc = jsonSchemaTransform({ ...input, schema: entrada } as Parameters<typeof jsonSchemaTransform>[0]).schema as unknown as Esquema;

  if (formulario) {
    const corpo = doc.body as Esquema & { properties?: Esquema; required?: string[] };
    const arquivo = formulario.arquivo ?? 'arquivos';
    corpo.properties = { ...corpo.properties, [arquivo]: { type: 'string', format: 'binary', description: 'O arquivo (um por envio).' } };
    corpo.required = [...(corpo.required ?? []), arquivo];
    delete corpo.additionalProperties;
  }

  const perfis = perfisDoGancho(route.preParsing);
  const declarada = (schema.security as Seguranca | undefined) ?? [];
  const security: Seguranca = declarada.some((s) => ESQUEMA_CLIENTE in s) ? declarada : perfis ? [{ bearer: [] }] : declarada;
  doc.security = security;
  doc.operationId ??= operationIdDe(String(route.method), url);

  const respostas = (doc.response ?? {}) as Record<string, Esquema>;
  const produces = schema.produces as readonly string[] | undefined;
  const arquivoNaResposta = produces?.length && !produces.some((t) => t.includes('json'));
  if (arquivoNaResposta && !Object.keys(respostas).some((s) => s.startsWith('2'))) respostas['200'] = {};
  for (const [status, r] of Object.entries(respostas)) {
    if (SEM_CORPO.has(status)) {
      respostas[status] = { type: 'null', description: (r.description as string | undefined) ?? 'Sem corpo.' };
    } else if (arquivoNaResposta && status.startsWith('2')) {
      respostas[status] = { type: 'string', format: 'binary', description: (r.description as string | undefined) ?? `O arquivo (${produces.join(', ')}).` };
    }
  }
  if (Object.keys(respostas).length > 0) doc.response = respostas;
  for (const parte of ['body', 'querystring', 'params', 'headers', 'response']) corrigirNullable(doc[parte]);

  doc[X_ERROS] = errosDaRota(route, schema, security, Boolean(formulario));
  if (idempotente) doc[X_IDEMPOTENTE] = true;
  if (codigosErro?.length) doc[X_CODIGOS_ERRO] = [...codigosErro];
  return { schema: doc as FastifySchema, url };
};

export const completarDocumento: SwaggerTransformObject = (input) => {
  const documento = (input as { openapiObject: Esquema }).openapiObject as Esquema & {
    paths?: Record<string, Record<string, Esquema & { responses?: Record<string, unknown> }>>;
    components?: Esquema & { schemas?: Esquema; responses?: Esquema };
  };
  const esquemaErro = z.toJSONSchema(erroEnvelope, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' }) as Esquema;
  // A client must not break on a field added to the envelope later.
  delete esquemaErro.$schema;
  delete esquemaErro.additionalProperties;
  (esquemaErro.properties as Record<string, Esquema>).codigoErro!.enum = Object.values(CodigoErro);
  const respostas: Esquema = {};
  const conteudo = (exemplo?: Esquema) => ({
    'application/json': { schema: { $ref: `#/components/schemas/${ESQUEMA_ERRO}` }, ...(exemplo ? { example: exemplo } : {}) },
  });
  for (const [status, r] of Object.entries(RESPOSTAS_DE_ERRO)) {
    const exemplo: Esquema = { codigo: Number(status), mensagem: r.exemplo.mensagem, erros: 'erros' in r.exemplo ? r.exemplo.erros : [r.exemplo.mensagem] };
    exemplo.codigoErro = r.exemplo.codigoErro;
    if ('dados' in r.exemplo) exemplo.dados = r.exemplo.dados;
    respostas[r.nome] = { description: r.descricao, content: conteudo(exemplo) };
    if (status === '409') {
      (respostas[r.nome] as Esquema).headers = {
        'Retry-After': { description: `Segundos a esperar antes de repetir (${CodigoErro.IDEMPOTENCIA_EM_ANDAMENTO}).`, schema: { type: 'integer' } },
      };
    }
  }
  respostas[RESPOSTA_PADRAO] = {
    description: 'Qualquer outro erro (413 corpo grande demais, 415 tipo de conteúdo, 500 erro interno…): o mesmo envelope, `codigo` igual ao status.',
    content: conteudo(),
  };
  documento.components = {
    ...documento.components,
    schemas: { ...documento.components?.schemas, [ESQUEMA_ERRO]: esquemaErro },
    responses: { ...documento.components?.responses, ...respostas },
  };
  for (const operacoes of Object.values(documento.paths ?? {})) {
    for (const op of Object.values(operacoes)) {
      const erros = (op[X_ERROS] as StatusDeErro[] | undefined) ?? [];
      delete op[X_ERROS];
      op.responses ??= {};
      if (op[X_IDEMPOTENTE]) marcarRespostasRepetiveis(op.responses);
      delete op[X_IDEMPOTENTE];
      for (const status of erros) op.responses[status] ??= { $ref: `#/components/responses/${RESPOSTAS_DE_ERRO[status].nome}` };
      op.responses.default ??= { $ref: `#/components/responses/${RESPOSTA_PADRAO}` };
    }
  }
  return documento as ReturnType<SwaggerTransformObject>;
};

function marcarRespostasRepetiveis(respostas: Record<string, unknown>): void {
  for (const [status, r] of Object.entries(respostas)) {
    if (!status.startsWith('2') || !r || typeof r !== 'object' || '$ref' in r) continue;
    const resposta = r as Esquema & { headers?: Esquema };
    resposta.headers = {
      ...resposta.headers,
      [CABECALHO_RESPOSTA_REPETIDA]: {
        description: 'true quando a resposta é a guardada de um envio anterior com a mesma Idempotency-Key (nada foi executado de novo).',
        schema: { type: 'string', enum: ['true'] },
      },
    };
  }
}

export function opcoesOpenApi(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: { title: 'RGP – Registro Geral da Atividade Pesqueira', version: '1.0.0', description: 'API do registro nacional de pescadores profissionais.' },
      servers: [{ url: '/', description: 'Este servidor' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          [ESQUEMA_CLIENTE]: {
            type: 'oauth2',
            description: 'Clientes de integração de outros órgãos: OAuth 2.0 client credentials (RFC 6749 §4.4), autenticando '
              + 'o cliente com client_secret (Basic ou no corpo) ou private_key_jwt (RFC 7523, `aud` igual à tokenUrl absoluta; cada asserção, pelo seu `jti`, vale uma única vez). '
              + `O token vale ${DURACAO_TOKEN_CLIENTE_S / 60} minutos; revogar ou trocar a credencial o invalida na próxima chamada.`,
            flows: { clientCredentials: { tokenUrl: CAMINHO_TOKEN_CLIENTE, scopes: DESCRICAO_ESCOPOS } },
          },
        },
      },
    },
    transform: transformarRota,
    transformObject: completarDocumento,
  };
}
