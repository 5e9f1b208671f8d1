import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_TEXTO_INVALIDO } from '../../shared/schemas/primitivos';
import { multipart, pdf } from '../modules/documento/documento.fixtures';
import { criar, novoPescador, passo1, type Pescador, salvar } from '../modules/solicitacao/passos.test-utils';
import { LOG_DADO_RECUSADO, MENSAGEM_DADOS_INVALIDOS } from '../plugins/envelope';
import { opcoesDeLog } from '../plugins/redact';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../test/helpers';

/**
 * Bad input answers 400, never 500 (issue 16, point 3): a NUL or a lone surrogate in any text, an id past what a
 * PostgreSQL integer holds. The shared types refuse them (src/shared/schemas/primitivos.ts) with the field's name;
 * a value that still reaches the database and is refused there (SQLSTATE class 22) answers 400 too, and is logged.
 */

let t: TestApp;
let pescador: Pescador;
let gestor: Sessao;
let rascunho = 0;
const log: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    logger: { ...opcoesDeLog('warn'), stream: { write: (l: string) => { log.push(l); } } },
    // Routes that hand the database a value no schema checked, as a route with a forgotten schema would.
    beforeReady: (app) => {
      app.get('/api/teste/nul', async () => t.db.execute(sql`SELECT ${'JOSE\u0000X'}::text AS v`).then(() => ({ codigo: 200 })));
      app.get('/api/teste/int32', async () => t.db.execute(sql`SELECT ${'2147483648'}::int AS v`).then(() => ({ codigo: 200 })));
    },
  });
  pescador = await novoPescador(t, 7301);
  gestor = await entrarComo(t.app, '10000000108');
  const res = await criar(pescador, 1);
  expect(res.statusCode, res.body).toBe(200);
  rascunho = res.json().dados.id as number;
});
afterAll(async () => {
  await t.close();
});

function recusada(res: LightMyRequestResponse, erro?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const corpo = res.json() as { codigo: number; erros: string[] };
  expect(corpo.codigo).toBe(400);
  if (erro) expect(corpo.erros).toContain(erro);
}

describe('a NUL or a lone surrogate in a text', () => {
  it('is refused in the wizard (POST and PUT /api/solicitacao), naming the field', async () => {
    recusada(await criar(pescador, 2, passo1(pescador.cpf, { nome: 'JOSE\u0000X' })), `nome: ${MENSAGEM_TEXTO_INVALIDO}`);
    recusada(await salvar(pescador, rascunho, 1, 1, passo1(pescador.cpf, { nomeMae: '\ud800' })), `nomeMae: ${MENSAGEM_TEXTO_INVALIDO}`);
    const p1 = passo1(pescador.cpf);
    recusada(await salvar(pescador, rascunho, 1, 1, { ...p1, endereco: { ...(p1.endereco as object), bairro: 'a\udfffb' } }),
      `endereco.bairro: ${MENSAGEM_TEXTO_INVALIDO}`);
  });

  it('is refused in the address update and in the first-RGP edits', async () => {
    const endereco = { cep: '66010000', logradouro: 'Rua\u0000', numeroLogradouro: '1', bairro: 'Centro', complemento: null, municipio: 1501402, uf: 'PA' };
    recusada(await pescador.sessao.api({ method: 'PUT', url: `/api/pescador/${pescador.id}/atualizacao-endereco`, payload: endereco }),
      `logradouro: ${MENSAGEM_TEXTO_INVALIDO}`);
    recusada(await pescador.sessao.api({
      method: 'POST', url: '/api/solicitacao-edicao-rgp', payload: { numeroPrimeiroRGP: 'PA\ud800', dataPrimeiroRgp: '2010-01-01', orgao: 'MPA' },
    }), `numeroPrimeiroRGP: ${MENSAGEM_TEXTO_INVALIDO}`);
    recusada(await gestor.api({ method: 'PUT', url: `/api/rgp/pescador/${pescador.id}`, payload: { orgao: 'MPA\u0000' } }),
      `orgao: ${MENSAGEM_TEXTO_INVALIDO}`);
  });

  it('is refused in a list filter, a path and a file key', async () => {
    recusada(await gestor.api({ method: 'GET', url: '/api/solicitacao?nome=%00' }), `nome: ${MENSAGEM_TEXTO_INVALIDO}`);
    recusada(await gestor.api({ method: 'GET', url: '/api/analise-solicitacao?uf=P%00' }), `uf: ${MENSAGEM_TEXTO_INVALIDO}`);
    recusada(await gestor.api({ method: 'GET', url: '/api/municipios/uf/%00' }), `uf: ${MENSAGEM_TEXTO_INVALIDO}`);
    recusada(await t.app.inject({ method: 'GET', url: '/api/arquivos/abc%00def?expira=1&assinatura=x' }), `chave: ${MENSAGEM_TEXTO_INVALIDO}`);
  });
});

describe('an id past 2^31 − 1', () => {
  it('answers 400 on every kind of id (path, query, body, form), as GET /api/solicitacao/{id} does', async () => {
    for (const url of ['/api/pescador/2147483648', '/api/solicitacao/2147483648', '/api/analise-solicitacao/2147483648',
      `/api/pescador/${pescador.id}/imprimir-protocolo?idSolicitacao=2147483648`, '/api/solicitacao?idPescador=2147483648']) {
      recusada(await gestor.api({ method: 'GET', url }));
    }
    recusada(await gestor.api({ method: 'POST', url: '/api/analise-solicitacao/bloquear', payload: { idAnaliseSolicitacao: 2147483648 } }));
    recusada(await gestor.api({ method: 'POST', url: '/api/municipios/filtro', payload: { ids: [2147483648] } }));
    recusada(await pescador.sessao.api({ method: 'POST', url: '/api/notificacao/2147483648/leitura' }));
    recusada(await pescador.sessao.api({
      method: 'POST', url: '/api/documentos', ...multipart({ idSolicitacao: '2147483648', tipo: 1 }, [{ nome: 'a.pdf', bytes: pdf() }]),
    }), 'idSolicitacao: Solicitação inválida');
    recusada(await pescador.sessao.api({ method: 'GET', url: '/api/pescador/-1' }));
    recusada(await pescador.sessao.api({ method: 'GET', url: '/api/pescador/1e309' }));
    // The largest id a column holds is a valid id: it is simply not found.
    expect((await gestor.api({ method: 'GET', url: '/api/pescador/2147483647' })).statusCode).toBe(404);
  });
});

describe("the envelope's safety net", () => {
  it('answers 400 when the database refuses a value no schema checked (SQLSTATE class 22), and logs the code, not the value', async () => {
    log.length = 0;
    for (const url of ['/api/teste/nul', '/api/teste/int32']) {
      const res = await t.app.inject({ method: 'GET', url });
      recusada(res);
      expect(res.json().mensagem).toBe(MENSAGEM_DADOS_INVALIDOS);
    }
    const linhas = log.join('');
    expect(linhas).toContain(LOG_DADO_RECUSADO);
    expect(linhas).toContain('"sqlstate":"22021"');
    expect(linhas).toContain('"sqlstate":"22003"');
    expect(linhas).toContain('"rota":"/api/teste/nul"');
    expect(linhas).not.toContain('JOSE');
    expect(linhas).not.toContain('2147483648');
  });
});
