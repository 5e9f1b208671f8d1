import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGENS_EDICAO_DOCUMENTOS } from '../../../shared/schemas/solicitacao-api';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { multipart, pdf } from '../documento/documento.fixtures';
import { novoPescador, type Pescador } from './passos.test-utils';

let t: TestApp;
let ativo: Pescador;
let outro: Pescador;
let mpa: Sessao;

beforeAll(async () => {
  t = await createTestApp();
  ativo = await novoPescador(t, 9101);
  outro = await novoPescador(t, 9102);
  await t.db.execute(sql`UPDATE pescador SET situacao_registro = 1, uf = 'PA', numero_rgp = 'PAPA00000009101' WHERE id = ${ativo.id}`);
  mpa = await entrarComo(t.app, '20000000299');
});
afterAll(async () => {
  await t.close();
});

const abrir = (p: Pescador) => p.sessao.api({ method: 'POST', url: '/api/solicitacao-edicao-documentos' });
const enviar = (p: Pescador, id: number, payload: object = { declaraCiencia: true }) =>
  p.sessao.api({ method: 'POST', url: `/api/solicitacao-edicao-documentos/${id}/enviar`, payload });

describe('documents edit (type 9)', () => {
  it('is opened only with an ATIVO registry, once at a time', async () => {
    const semRegistro = await abrir(outro);
    expect(semRegistro.statusCode).toBe(406);
    expect(semRegistro.json().mensagem).toBe(MENSAGENS_EDICAO_DOCUMENTOS.semRegistroAtivo);
  });

  it('takes new documents, is sent for analysis and approved through its own analysis address', async () => {
    const res = await abrir(ativo);
    expect(res.statusCode).toBe(200);
    expect(res.json().dados).toMatchObject({ tipo: 9, situacao: 1 });
    const id = res.json().dados.id as number;
    expect((await abrir(ativo)).json().mensagem).toBe(MENSAGENS_EDICAO_DOCUMENTOS.jaAberta);

    const vazio = await enviar(ativo, id);
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().mensagem).toBe(MENSAGENS_EDICAO_DOCUMENTOS.semDocumentos);

    const form = multipart({ idSolicitacao: id, tipo: 2 }, [{ nome: 'residencia.pdf', bytes: pdf('Novo comprovante') }]);
    const upload = await ativo.sessao.api({ method: 'POST', url: '/api/documentos', payload: form.payload, headers: form.headers });
    expect(upload.statusCode).toBe(200);

    expect((await enviar(outro, id)).statusCode).toBe(403);
    // Decision 0033: sent only with the declaration of step 5 accepted, marked at its field (an old client sent none).
    for (const semDeclaracao of [{}, { declaraCiencia: false }]) {
      const recusada = await enviar(ativo, id, semDeclaracao);
      expect(recusada.statusCode).toBe(400);
      expect(recusada.json()).toMatchObject({
        mensagem: 'Não é possivel avançar sem ler e concordar com a declaração',
        erros: ['declaraCiencia: Não é possivel avançar sem ler e concordar com a declaração'],
      });
    }
    const enviada = await enviar(ativo, id);
    expect(enviada.statusCode).toBe(200);
    expect(enviada.json().dados).toMatchObject({ situacao: 6 });
    expect(enviada.json().dados.numeroProtocolo).toMatch(/^\d{13}$/);

    const analise = await mpa.api({ method: 'GET', url: `/api/analise-solicitacao/solicitacao/${id}` });
    const idAnalise = analise.json().dados.idAnaliseSolicitacao as number;
    expect((await mpa.api({ method: 'POST', url: '/api/analise-solicitacao/bloquear', payload: { idAnaliseSolicitacao: idAnalise } })).statusCode).toBe(200);
    const docs = analise.json().dados.documentos as { id: number; tipoDocumento: number }[];
    const decisao = await mpa.api({
      method: 'POST', url: '/api/analise-solicitacao-edicao-documento',
      payload: { id: idAnalise, solicitacao: id, documentos: docs.map((d) => ({ id: d.id, tipoDocumento: d.tipoDocumento, aprovado: true })) },
    });
    expect(decisao.statusCode).toBe(200);
    expect(decisao.json().mensagem).toBe('Análise DEFERIDA com sucesso!');
    // A second edit can be opened now.
    expect((await abrir(ativo)).statusCode).toBe(200);
  });

  it('is refused to staff and anonymous callers', async () => {
    expect((await mpa.api({ method: 'POST', url: '/api/solicitacao-edicao-documentos' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/solicitacao-edicao-documentos', headers: { cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a' } })).statusCode).toBe(401);
  });
});
