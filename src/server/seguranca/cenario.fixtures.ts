import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { Perfil, TipoDocumento } from '../../shared/enums';
import { TIPO_DOCUMENTO_PARECER } from '../../shared/regras/arquivos';
import type { AppDeps } from '../app';
import { CONTAS_DEMO } from '../db/seeds/demo';
import { resolverCaptcha, tornarAtivo } from '../modules/carteira/carteira.test-utils';
import { multipart, pdf, png } from '../modules/documento/documento.fixtures';
import { novoClienteDeTeste } from '../modules/integracao/integracao.fixtures';
import {
  BELEM, comEndereco, criar, DOCUMENTOS_BASICOS, novoPescador, passo1, passo2, passo3, passo4, type Pescador, salvar, SAO_PAULO,
  umaLinha,
} from '../modules/solicitacao/passos.test-utils';
import { createTestApp, entrarComo, Navegador, type TestApp } from '../test/helpers';

/**
 * The world both security tests run in: the eight callers, fisher A inside the demo SFPA's scope and B outside it,
 * with real records made through the API. Who may call what is the permission table's, not this file's.
 */

export const CHAMADORES = [
  'ANONIMO', 'INTERESSADO', 'SFPA', 'MPA', 'GESTOR', 'ADMIN', 'CONSULTA_INTERNO', 'CONSULTA_EXTERNO', 'CLIENTE',
] as const;
export type Chamador = (typeof CHAMADORES)[number];

export interface Cliente {
  chamador: Chamador;
  token: string | null;
  api(opts: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
}

export interface DadosPescador {
  pescador: Pescador;
  uf: 'PA' | 'SP';
  numeroRgp: string;
  solicitacao: number;
  protocolo: string;
  rascunho: number;
  analise: number;
  parecer: number;
  documento: number;
  chave: string;
  assinatura: string;
  notificacao: number;
  reap: number;
  documentoReap: number;
  envio: string;
  /** An appeal of the fisher, filed and waiting at the SFPA of their state (decision 0088). */
  recurso: number;
}

export interface Rota {
  chave: string;
  metodo: string;
  caminho: string;
  path: string[];
  query: string[];
  cabecalhos: string[];
  corpo: Record<string, unknown> | null;
}

export interface Cenario {
  t: TestApp;
  app: FastifyInstance;
  clientes: Record<Chamador, Cliente>;
  a: DadosPescador;
  b: DadosPescador;
  rotas: Rota[];
  novaSessao(chamador: Chamador): Promise<Cliente>;
  fechar(): Promise<void>;
}

type Servidor = Exclude<Chamador, 'ANONIMO' | 'INTERESSADO' | 'CLIENTE'>;

function cpfDemo(chamador: Servidor): string {
  const conta = CONTAS_DEMO.find((c) => c.perfil === Perfil[chamador]);
  if (!conta) throw new Error(`no demo account of ${chamador}`);
  return conta.cpf;
}

let enderecos = 0;
/** No rate limit is shared. */
export function novoEndereco(): string {
  enderecos += 1;
  return `10.77.${(enderecos >> 8) & 255}.${enderecos & 255}`;
}

function cliente(chamador: Chamador, nav: Navegador, token: string | null): Cliente {
  return {
    chamador,
    token,
    api: (opts) => nav.request({
      ...opts,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-xsrf-token': nav.xsrf, ...opts.headers },
    }),
  };
}

async function anonimo(app: FastifyInstance): Promise<Cliente> {
  const nav = new Navegador(comEndereco(app, novoEndereco()));
  await nav.request({ method: 'GET', url: '/api/health' });
  return cliente('ANONIMO', nav, null);
}

/** An agency's machine client holding every scope (decision 0120); its 5-minute token is renewed as it ages. */
async function clienteDeIntegracao(app: FastifyInstance): Promise<Cliente> {
  const c = await novoClienteDeTeste(comEndereco(app, novoEndereco()));
  const nav = new Navegador(comEndereco(app, novoEndereco()));
  let token = await c.token();
  let emitidoEm = Date.now();
  const atual = async () => {
    if (Date.now() - emitidoEm > 180_000) [token, emitidoEm] = [await c.token(), Date.now()];
    return token;
  };
  return {
    chamador: 'CLIENTE',
    get token() {
      return token;
    },
    api: async (opts) => cliente('CLIENTE', nav, await atual()).api(opts),
  };
}

async function servidor(app: FastifyInstance, chamador: Servidor): Promise<Cliente> {
  const s = await entrarComo(comEndereco(app, novoEndereco()), cpfDemo(chamador));
  return cliente(chamador, s.navegador, s.token);
}

function esperar200(res: LightMyRequestResponse): LightMyRequestResponse {
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function pescadorComRegistros(t: TestApp, n: number, uf: 'PA' | 'SP', numeroRgp: string): Promise<DadosPescador> {
  const pescador = await novoPescador(t, n);
  const p1 = passo1(pescador.cpf);
  const municipio = uf === 'PA' ? BELEM : SAO_PAULO;
  const corpo1 = { ...p1, endereco: { ...(p1.endereco as object), municipio, uf } };
  const solicitacao = esperar200(await criar(pescador, 1, corpo1)).json().dados.id as number;
  esperar200(await salvar(pescador, solicitacao, 1, 2, passo2()));
  esperar200(await salvar(pescador, solicitacao, 1, 3, passo3()));
  let documento = 0;
  let chave = '';
  for (const tipo of DOCUMENTOS_BASICOS) {
    const arquivo = tipo === TipoDocumento.FOTO_3X4 ? { nome: 'foto.png', bytes: await png(300, 400) } : { nome: 'doc.pdf', bytes: pdf() };
    const res = esperar200(await pescador.sessao.api({
      method: 'POST', url: '/api/documentos', ...multipart({ idSolicitacao: solicitacao, tipo }, [arquivo]),
    }));
    if (tipo === TipoDocumento.IDENTIFICACAO) ({ id: documento, chave } = res.json().dados.documentos[0] as { id: number; chave: string });
  }
  esperar200(await salvar(pescador, solicitacao, 1, 4, passo4()));
  const protocolo = esperar200(await salvar(pescador, solicitacao, 1, 5, { declaraCiencia: true })).json().dados.numeroProtocolo as string;
  const { id: analise } = await umaLinha<{ id: number }>(t.db, sql`SELECT id FROM analise_solicitacao WHERE solicitacao_id = ${solicitacao}`);

  await tornarAtivo(t.db, pescador.id, { uf, numeroRgp, municipioId: municipio });
  const { id: rascunho } = await umaLinha<{ id: number }>(t.db, sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, uf_pescador) VALUES (${pescador.id}, 2, 1, ${uf}) RETURNING id`);
  const { id: notificacao } = await umaLinha<{ id: number }>(t.db, sql`
    INSERT INTO notificacao (pescador_id, tipo, conteudo) VALUES (${pescador.id}, 4, 'Confira seus dados.') RETURNING id`);
  const { id: parecer } = await umaLinha<{ id: number }>(t.db, sql`
    INSERT INTO documento (pescador_id, solicitacao_id, tipo_documento, nome_arquivo, chave_arquivo, mime, tamanho)
    VALUES (${pescador.id}, NULL, ${TIPO_DOCUMENTO_PARECER}, 'parecer.pdf', ${crypto.randomBytes(16).toString('hex')}, 'application/pdf', 1024)
    RETURNING id`);
  await t.db.execute(sql`UPDATE analise_solicitacao SET documento_parecer_id = ${parecer} WHERE id = ${analise}`);

  esperar200(await pescador.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${pescador.id}` }));
  const { id: reap } = await umaLinha<{ id: number }>(t.db, sql`
    SELECT id FROM reap_questionario WHERE pescador_id = ${pescador.id} AND ano_referencia = 2025`);
  const documentoReap = esperar200(await pescador.sessao.api({
    method: 'POST', url: '/api/documentos/reap', ...multipart({ idQuestionarioBasico: reap, tipo: TipoDocumento.ADICIONAL }, [{ nome: 'j.pdf', bytes: pdf() }]),
  })).json().dados.documentos[0].id as number;

  const envio = esperar200(await pescador.sessao.api({
    method: 'POST', url: '/api/documentos/envios',
    payload: { idSolicitacao: rascunho, tipo: TipoDocumento.ADICIONAL, nomeArquivo: 'aberto.pdf', tamanho: 100_000 },
  })).json().dados.id as string;

  const { id: solicitacaoRecurso } = await umaLinha<{ id: number }>(t.db, sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, uf_pescador) VALUES (${pescador.id}, 11, 6, ${uf}) RETURNING id`);
  const { id: recurso } = await umaLinha<{ id: number }>(t.db, sql`
    INSERT INTO recurso (solicitacao_id, pescador_id, uf, objeto, chave_objeto, inicio_prazo, ultimo_dia, prazo_decisao_dias, razoes,
      tempestivo, instancia, orgao, recebido_em, prazo_instancia)
    VALUES (${solicitacaoRecurso}, ${pescador.id}, ${uf}, 2, 'H0', current_date, current_date + 10, 30, 'Razões do cenário.',
      true, 1, 'SFPA', current_date, current_date + 5)
    RETURNING id`);

  const endereco = esperar200(await pescador.sessao.api({ method: 'GET', url: `/api/cloud-storage/${chave}` })).json().dados.url as string;
  const assinatura = new URL(endereco, 'http://localhost').search.slice(1);
  return {
    pescador, uf, numeroRgp, solicitacao, protocolo, rascunho, analise, parecer, documento, chave, assinatura, notificacao, reap, documentoReap, envio,
    recurso,
  };
}

interface Operacao {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
}

export async function rotasDoOpenApi(app: FastifyInstance): Promise<Rota[]> {
  const res = esperar200(await app.inject({ method: 'GET', url: '/api/docs/json' }));
  const doc = res.json() as { paths: Record<string, Record<string, Operacao>> };
  const rotas: Rota[] = [];
  for (const [caminho, operacoes] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(operacoes)) {
      const metodo = m.toUpperCase();
      const de = (onde: string) => (op.parameters ?? []).filter((p) => p.in === onde).map((p) => p.name);
      rotas.push({
        chave: `${metodo} ${caminho}`,
        metodo,
        caminho,
        path: de('path'),
        query: de('query'),
        cabecalhos: de('header'),
        corpo: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return rotas;
}

export async function montarCenario(opcoes: { logger?: AppDeps['logger'] } = {}): Promise<Cenario> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-seguranca-'));
  const t = await createTestApp({ env: { DATA_DIR: dataDir }, ...opcoes });
  const a = await pescadorComRegistros(t, 7101, 'PA', 'PAPA00000007101');
  const b = await pescadorComRegistros(t, 7102, 'SP', 'SPPA00000007102');
  const novaSessao = async (chamador: Chamador): Promise<Cliente> => {
    if (chamador === 'ANONIMO') return anonimo(t.app);
    if (chamador === 'CLIENTE') return clienteDeIntegracao(t.app);
    if (chamador === 'INTERESSADO') {
      const s = await entrarComo(comEndereco(t.app, novoEndereco()), a.pescador.cpf);
      return cliente(chamador, s.navegador, s.token);
    }
    return servidor(t.app, chamador);
  };
  const clientes = {
    ANONIMO: await anonimo(t.app),
    INTERESSADO: cliente('INTERESSADO', a.pescador.sessao.navegador, a.pescador.sessao.token),
  } as Record<Chamador, Cliente>;
  for (const c of CHAMADORES) if (!clientes[c]) clientes[c] = await novaSessao(c);
  return {
    t,
    app: t.app,
    clientes,
    a,
    b,
    rotas: await rotasDoOpenApi(t.app),
    novaSessao,
    async fechar() {
      await t.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Alvo = 'pescador' | 'solicitacao' | 'rascunho' | 'analise' | 'documento' | 'parecer' | 'notificacao' | 'protocolo' | 'reap' | 'documentoReap' | 'envio'
  | 'recurso';

export interface ComoChamar {
  id?: Alvo;
  query?: (d: DadosPescador) => string;
  corpo?: (d: DadosPescador) => unknown;
  multipart?: (d: DadosPescador) => { campos: Record<string, string | number>; arquivo: boolean | string };
  /** A fisher aiming at another fisher's ids goes through it. */
  idsNoPedido?: boolean;
  captcha?: boolean;
  encerraSessao?: boolean;
  chaveDeLink?: boolean;
  idAdministrativo?: number;
}

const ENDERECO_PA = {
  cep: '66010000', logradouro: 'Rua das Flores', numeroLogradouro: '10', bairro: 'Centro', complemento: null, municipio: BELEM, uf: 'PA',
};

/** A route with `{id}` and no entry here fails both tests. */
export const COMO_CHAMAR: Record<string, ComoChamar> = {
  'GET /api/auth/link/{chave}': { chaveDeLink: true },
  'GET /api/auth/logout': { encerraSessao: true },
  'POST /api/auth/login': { corpo: () => ({}) },
  'POST /api/municipios/filtro': { corpo: () => ({ ids: [BELEM, SAO_PAULO] }) },
  'GET /api/solicitacao/totalizadores/{id}': { id: 'pescador' },
  'POST /api/solicitacao': { corpo: (d) => ({ tipo: 1, passo: 1, ...passo1(d.pescador.cpf) }), idsNoPedido: true },
  'PUT /api/solicitacao': { corpo: (d) => ({ id: d.rascunho, tipo: 2, passo: 1, ...passo1(d.pescador.cpf) }), idsNoPedido: true },
  'GET /api/solicitacao': { query: (d) => `idPescador=${d.pescador.id}`, idsNoPedido: true },
  'GET /api/solicitacao/pescador/{id}': { id: 'pescador' },
  'GET /api/solicitacao/{id}': { id: 'solicitacao' },
  'DELETE /api/solicitacao/{id}/embarcacao': { id: 'rascunho' },
  'DELETE /api/solicitacao/{id}/inativar': { id: 'rascunho' },
  'POST /api/solicitacao-edicao-registro/editar-solicitacao/{id}': { id: 'solicitacao' },
  'GET /api/solicitacao-pescador-ativo-edicao-registro/consultar/{id}': { id: 'pescador' },
  'POST /api/solicitacao-edicao-rgp': { corpo: () => ({ numeroPrimeiroRGP: 'PA-123', dataPrimeiroRgp: '2010-01-01', orgao: 'ÓRGÃO-INEXISTENTE' }) },
  'POST /api/solicitacao-cancelamento-pescador/motivoCancelamento': {
    corpo: (d) => ({ idPescador: d.pescador.id, justificativaDeclaracaoSolicitacaoCancelamento: 'Deixei a atividade de pesca.' }), idsNoPedido: true,
  },
  'GET /api/solicitacao-cancelamento-pescador/{id}': { id: 'pescador' },
  'POST /api/solicitacao-regularizacao': { corpo: () => ({ justificativa: 'Regularizei minha situação junto ao órgão.' }) },
  'POST /api/solicitacao-edicao-documentos/{id}/enviar': { id: 'rascunho' },
  'POST /api/solicitacao-edicao-rgp/{id}/enviar': { id: 'rascunho' },
  'GET /api/analise-solicitacao/solicitacao/{id}': { id: 'solicitacao' },
  'GET /api/analise-solicitacao/indeferimento/{id}': { id: 'solicitacao' },
  'GET /api/analise-solicitacao/{id}': { id: 'analise' },
  'GET /api/analise-solicitacao/{id}/designaveis': { id: 'analise' },
  // Not late: it reaches every check but never reassigns the analysis.
  'POST /api/analise-solicitacao/{id}/reatribuir': { id: 'analise', corpo: () => ({ idUsuarioMapa: 999_999 }) },
  // An act that does not exist: it reaches every check but never changes a deadline.
  'PUT /api/analise-solicitacao/prazos': { corpo: () => ({ tipoSolicitacao: 1, dias: 30, idAtoNormativo: 999_999 }) },
  // Signals (decision 0112): the scenario's analysis, and a signal nobody has to mark.
  'GET /api/analise-solicitacao/{id}/sinais': { id: 'analise' },
  'POST /api/analise-solicitacao/{id}/sinais/{idSinal}/marcacao': { id: 'analise', corpo: () => ({ situacao: 2 }) },
  'POST /api/analise-solicitacao/bloquear': { corpo: (d) => ({ idAnaliseSolicitacao: d.analise }), idsNoPedido: true },
  'POST /api/analise-solicitacao/desbloquear': { corpo: (d) => ({ idAnaliseSolicitacao: d.analise }), idsNoPedido: true },
  // A decision without the lock: it reaches every check but never concludes the analysis.
  'POST /api/analise-solicitacao/atualizar-analise-solicitacao': {
    corpo: (d) => ({ id: d.analise, solicitacao: d.solicitacao, documentos: [{ id: d.documento, aprovado: true, tipoDocumento: 1 }] }),
    idsNoPedido: true,
  },
  'POST /api/analise-solicitacao-edicao-documento': {
    corpo: (d) => ({ id: d.analise, solicitacao: d.solicitacao, documentos: [{ id: d.documento, aprovado: true, tipoDocumento: 1 }] }),
    idsNoPedido: true,
  },
  'POST /api/documentos/parecer': { multipart: (d) => ({ campos: { idAnaliseSolicitacao: d.analise }, arquivo: true }), idsNoPedido: true },
  'DELETE /api/documentos/parecer/documento/{id}': { id: 'parecer' },
  'POST /api/documentos': { multipart: (d) => ({ campos: { idSolicitacao: d.rascunho, tipo: TipoDocumento.ADICIONAL }, arquivo: true }), idsNoPedido: true },
  'DELETE /api/documentos/{id}': { id: 'documento' },
  'POST /api/documentos/envios': {
    corpo: (d) => ({ idSolicitacao: d.rascunho, tipo: TipoDocumento.ADICIONAL, nomeArquivo: 'a.pdf', tamanho: 1000 }), idsNoPedido: true,
  },
  'GET /api/documentos/envios/{id}': { id: 'envio' },
  'PUT /api/documentos/envios/{id}/partes': { id: 'envio', multipart: () => ({ campos: { inicio: 0 }, arquivo: 'parte' }) },
  'POST /api/documentos/envios/{id}/concluir': { id: 'envio' },
  'GET /api/documentos/solicitacao/{id}': { id: 'solicitacao' },
  'GET /api/pescador/legado/{id}': { id: 'pescador' },
  'GET /api/pescador/{id}': { id: 'pescador' },
  'GET /api/pescador/{id}/endereco': { id: 'pescador' },
  'GET /api/pescador/{id}/envios-notificacao': { id: 'pescador' },
  'PUT /api/notificacao/preferencias': { corpo: () => ({ email: true, sms: true, govbr: true }) },
  'PUT /api/pescador/{id}/atualizacao-endereco': { id: 'pescador', corpo: () => ENDERECO_PA },
  'GET /api/pescador/{id}/imprimir-protocolo': { id: 'pescador', query: (d) => `idSolicitacao=${d.solicitacao}`, idsNoPedido: true },
  'GET /api/rgp/pescador/{id}': { id: 'pescador' },
  'GET /api/pescador/{id}/seguro-defeso': { id: 'pescador' },
  'PUT /api/rgp/pescador/{id}': { id: 'pescador', corpo: () => ({}) },
  'POST /api/notificacao/{id}/leitura': { id: 'notificacao' },
  'GET /api/pescador/{id}/imprimir-carteira': { id: 'pescador' },
  'GET /api/carteira-profissional/consulta-publica': { query: (d) => `cpf=${d.pescador.cpf}&rgp=${d.numeroRgp}`, captcha: true },
  'GET /api/pescador/protocolo-solicitacao-registro/{id}': { id: 'protocolo', captcha: true },
  'GET /api/consulta-publica/lista-do-ato': { query: (d) => `cpf=${d.pescador.cpf}&rgp=${d.numeroRgp}`, captcha: true },
  'GET /api/pescador/lote/{id}/resultado': { id: 'pescador' },
  // Map users and access hours: bodies that touch no demo account (a new CONSULTA_INTERNO of the ministry, an
  // unknown map user, the hours of an agency nobody works at).
  'POST /api/usuario-mapa': {
    corpo: () => ({
      usuario: { nome: 'SERVIDORA DO CENÁRIO', cpf: '99000000130', bloqueado: false }, tipoUsuario: { id: Perfil.CONSULTA_INTERNO },
      siglaOrgao: 'MPA', acessoCustomizado: false, usuarioPodeAcessarTodosDias: false,
    }),
  },
  'PATCH /api/usuario-mapa/horario-acesso': { corpo: () => ({ id: 999_999, acessoCustomizado: true, horaLimiteInicioAcesso: '08:00', horaLimiteTerminoAcesso: '17:00' }) },
  'POST /api/configuracao-horario-acesso': {
    corpo: () => ({ configuracoes: [{ orgao: 'SFPA-AC', horaLimiteInicioAcesso: '08:00', horaLimiteTerminoAcesso: '18:00', usuarioPodeAcessarTodosDias: false }] }),
  },
  'PATCH /api/configuracao-horario-acesso/usuario-unidade-trabalho': { corpo: () => ({ orgao: 'SFPA-AC' }) },
  'GET /api/ato-normativo/{id}': { idAdministrativo: 999_999 },
  'POST /api/integracao/clientes/{id}/credencial': { idAdministrativo: 999_999, corpo: () => ({}) },
  'POST /api/integracao/clientes/{id}/revogacao': { idAdministrativo: 999_999 },
  'POST /api/integracao/clientes': {
    corpo: () => ({
      nome: 'Cliente da matriz', orgao: 'CGU', contato: 'matriz@cgu.gov.br', escopos: ['integracao.eventos'], limitePorMinuto: 60,
      validoAte: '2099-12-31', metodoAutenticacao: 'client_secret',
    }),
  },
  'POST /api/integracao/pescadores/consulta': { corpo: (d) => ({ cpfs: [d.pescador.cpf], finalidade: 'Matriz de autorização' }) },
  'POST /api/integracao/webhooks': {
    corpo: () => ({ clienteId: 999_999, url: 'https://matriz.cgu.gov.br/webhook', tipos: ['registro.suspenso'] }),
  },
  'POST /api/integracao/webhooks/{id}/desativacao': { idAdministrativo: 999_999 },
  'POST /api/integracao/webhooks/{id}/reativacao': { idAdministrativo: 999_999 },
  'GET /api/integracao/webhooks/{id}/entregas': { idAdministrativo: 999_999 },
  'POST /api/integracao/webhooks/{id}/entregas/{entregaId}/reenvio': { idAdministrativo: 999_999 },
  'POST /api/integracao/listas': {
    corpo: (d) => ({ tipo: 'suspensao', ato: 'Acórdão da matriz 1/2026', motivo: 'Matriz de autorização', cpfs: [d.pescador.cpf] }),
  },
  'GET /api/integracao/listas/{id}': { idAdministrativo: 999_999 },
  'POST /api/integracao/listas-recebidas/{id}/aprovacao': { idAdministrativo: 999_999, corpo: () => ({ atoNormativo: 999_999 }) },
  'POST /api/integracao/listas-recebidas/{id}/recusa': { idAdministrativo: 999_999, corpo: () => ({ motivo: 'Matriz de autorização' }) },
  'DELETE /api/ato-normativo/{id}': { idAdministrativo: 999_999 },
  'GET /api/forca-tarefa/{id}': { idAdministrativo: 999_999 },
  'DELETE /api/forca-tarefa/remover/{id}': { idAdministrativo: 999_999 },
  'GET /api/pescador/relatorio/execucao/{id}': { idAdministrativo: 999_999 },
  'GET /api/pescador/relatorio/arquivo/{id}': { idAdministrativo: 999_999 },
  'GET /api/reap/listar-reap-pendente-pescador/{idPescador}': { idsNoPedido: true },
  'GET /api/reap/situacao-pescador/{idPescador}': { idsNoPedido: true },
  'POST /api/reap/gerar-reap-pescador/{idPescador}': { idsNoPedido: true },
  'GET /api/reap/pescador-consultar-obrigacoes/filtro': { query: (d) => `idPescador=${d.pescador.id}`, idsNoPedido: true },
  'GET /api/reap/recuperar-reaps-pescador/{id}': { id: 'pescador' },
  'GET /api/reap/obter-obrigacao/{id}': { id: 'reap' },
  'GET /api/reap/questionario-basico/{id}': { id: 'reap' },
  'GET /api/reap/{id}/comprovante': { id: 'reap' },
  'POST /api/reap/questionario-basico': { corpo: (d) => ({ id: d.reap, anoReferencia: 2025, realizouPesca: true, enviada: false }), idsNoPedido: true },
  'POST /api/reap/questionario-basico/industrial': { corpo: (d) => ({ id: d.reap, anoReferencia: 2025, enviada: false }), idsNoPedido: true },
  'PUT /api/reap/prazos/{ano}': { corpo: () => ({ inicioPreenchimento: '2031-01-01', fimPreenchimento: '2031-05-31' }) },
  'PUT /api/reap/prazos/{ano}/suspensao': { corpo: () => ({ idAtoNormativo: 999_999, dataSuspensao: '2099-01-01' }) },
  'POST /api/documentos/reap': { multipart: (d) => ({ campos: { idQuestionarioBasico: d.reap, tipo: TipoDocumento.ADICIONAL }, arquivo: true }), idsNoPedido: true },
  'POST /api/documentos/reap-industrial': { multipart: (d) => ({ campos: { idReapIndustrial: d.reap, tipo: TipoDocumento.VISTO_TRABALHO }, arquivo: true }), idsNoPedido: true },
  'DELETE /api/documentos/reap/{idReap}/documento/{id}': { id: 'documentoReap' },
  'DELETE /api/documentos/reap-industrial/{idReap}/documento/{id}': { id: 'documentoReap' },
  // Appeals (decision 0088): a contested thing nobody has (404 to the fisher), and the fisher's filed appeal.
  'POST /api/recursos': { corpo: () => ({ chave: 'H999999' }) },
  'GET /api/recursos/{id}': { id: 'recurso' },
  'POST /api/recursos/{id}/enviar': { id: 'recurso', corpo: () => ({ razoes: 'Discordo da decisão.' }) },
  'POST /api/recursos/{id}/proxima-instancia': { id: 'recurso', corpo: () => ({ razoes: 'Discordo da decisão.' }) },
  'POST /api/recursos/{id}/bloquear': { id: 'recurso' },
  'POST /api/recursos/{id}/desbloquear': { id: 'recurso' },
  'POST /api/recursos/{id}/decidir': { id: 'recurso', corpo: () => ({ resultado: 5, justificativa: 'Mantenho a decisão.' }) },
  'POST /api/recursos/{id}/prorrogar': { id: 'recurso', corpo: () => ({ justificativa: 'Volume de recursos.' }) },
  // Representative entities (docs/decisions/0110): ids nobody has; the fisher of the scenario is no agent.
  'POST /api/entidades': { corpo: () => ENTIDADE },
  'PUT /api/entidades/{id}': { idAdministrativo: 999_999, corpo: () => ENTIDADE },
  'POST /api/entidades/{id}/suspensao': { idAdministrativo: 999_999, corpo: () => ({ motivo: 'Denúncia em apuração.' }) },
  'POST /api/entidades/{id}/reativacao': { idAdministrativo: 999_999 },
  'GET /api/entidades/{id}/agentes': { idAdministrativo: 999_999 },
  'GET /api/entidades/{id}/indicadores': { idAdministrativo: 999_999 },
  'POST /api/entidades/{id}/agentes': { idAdministrativo: 999_999, corpo: () => ({ cpf: '99000000211', nome: 'AGENTE DO CENÁRIO', validade: '2099-01-01' }) },
  'POST /api/entidades/{id}/agentes/{idAgente}/desligamento': { idAdministrativo: 999_999 },
  'POST /api/delegacoes': { corpo: () => ({ idEntidade: 999_999, servicos: [2], fim: '2099-01-01' }) },
  'POST /api/delegacoes/{id}/revogacao': { idAdministrativo: 999_999 },
  'POST /api/representacao/termos': {
    multipart: () => ({ campos: { cpfPescador: '99000000300', nomePescador: 'PESCADOR DO CENÁRIO', uf: 'PA', servicos: '2', fim: '2099-01-01' }, arquivo: true }),
  },
  'POST /api/representacao/termos/{id}/identidade': { idAdministrativo: 999_999, multipart: () => ({ campos: {}, arquivo: true }) },
  'POST /api/representacao/termos/{id}/validacao': { idAdministrativo: 999_999, corpo: () => ({ aprovado: true }) },
  'GET /api/recursos/anexo/{id}': { idAdministrativo: 999_999 },
  'GET /api/recursos/decisao-em-lote/{id}': { idAdministrativo: 999_999 },
};

const ENTIDADE = {
  tipo: 1, cnpj: '11222333000181', nome: 'COLÔNIA DO CENÁRIO', ufs: ['PA'], municipios: [BELEM], atoCooperacao: 'Acordo de cooperação 1/2025',
  vigenciaInicio: '2025-01-01', vigenciaFim: '2099-12-31',
};

export function valorDoCaminho(rota: Rota, nome: string, d: DadosPescador): string {
  switch (nome) {
    case 'id': {
      const administrativo = COMO_CHAMAR[rota.chave]?.idAdministrativo;
      if (administrativo !== undefined) return String(administrativo);
      const alvo = COMO_CHAMAR[rota.chave]?.id;
      if (!alvo) throw new Error(`${rota.chave}: say what {id} names in COMO_CHAMAR (src/server/seguranca/cenario.fixtures.ts)`);
      if (alvo === 'pescador') return String(d.pescador.id);
      return String(d[alvo]);
    }
    case 'idPescador': return String(d.pescador.id);
    case 'idReap': return String(d.reap);
    case 'idAgente': return '999999';
    case 'idSinal': return '999999';
    case 'entregaId': return '999999';
    case 'ano': return '2025';
    case 'chave': return COMO_CHAMAR[rota.chave]?.chaveDeLink ? crypto.randomBytes(16).toString('hex') : d.chave;
    case 'cpf': return d.pescador.cpf;
    case 'uf': return d.uf;
    case 'lista': return 'escolaridades';
    case 'token': return 'codigo-de-verificacao-invalido';
    default: throw new Error(`${rota.chave}: no value for the path parameter {${nome}} (src/server/seguranca/cenario.fixtures.ts)`);
  }
}

export function nomeiaRegistros(rota: Rota): boolean {
  const como = COMO_CHAMAR[rota.chave];
  const porCaminho = rota.path.some((p) => (p === 'chave' && !como?.chaveDeLink) || p === 'cpf' || (p === 'id' && como?.id !== 'protocolo' && como?.idAdministrativo === undefined));
  return porCaminho || Boolean(como?.idsNoPedido);
}

export interface Pedido {
  method: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers: Record<string, string>;
  remoteAddress?: string;
}

export async function pedidoPara(cenario: Cenario, rota: Rota, cliente: Cliente, d: DadosPescador): Promise<Pedido> {
  const como = COMO_CHAMAR[rota.chave] ?? {};
  let url = rota.caminho.replace(/\{(\w+)\}/g, (_, nome: string) => encodeURIComponent(valorDoCaminho(rota, nome, d)));
  const query: string[] = [];
  if (como.query) query.push(como.query(d));
  if (rota.query.includes('jwt') && cliente.token) query.push(`jwt=${cliente.token}`);
  if (rota.query.includes('assinatura') && !cliente.token) query.push(d.assinatura);
  if (query.length > 0) url += `?${query.join('&')}`;
  const pedido: Pedido = { method: rota.metodo as Pedido['method'], url, headers: {} };
  if (como.corpo) pedido.payload = como.corpo(d) as InjectOptions['payload'];
  else if (rota.corpo) pedido.payload = {};
  if (como.multipart) {
    const m = como.multipart(d);
    const campo = typeof m.arquivo === 'string' ? m.arquivo : undefined;
    const mp = multipart(m.campos, m.arquivo ? [{ campo, nome: 'arquivo.pdf', bytes: pdf() }] : []);
    pedido.payload = mp.payload;
    Object.assign(pedido.headers, mp.headers);
  }
  if (como.captcha) {
    pedido.remoteAddress = novoEndereco();
    pedido.headers['x-hcaptcha-token'] = await resolverCaptcha(cenario.app, pedido.remoteAddress);
  }
  return pedido;
}

export async function chamar(cenario: Cenario, rota: Rota, cliente: Cliente, d: DadosPescador): Promise<LightMyRequestResponse> {
  const quem = COMO_CHAMAR[rota.chave]?.encerraSessao && cliente.token ? await cenario.novaSessao(cliente.chamador) : cliente;
  const { headers, remoteAddress, ...resto } = await pedidoPara(cenario, rota, quem, d);
  return quem.api({ ...resto, headers, ...(remoteAddress ? { remoteAddress } : {}) });
}
