import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodigoErro } from '../../shared/codigos-erro';
import { contrato } from '../../shared/contrato';
import { SituacaoSolicitacao, TipoDocumento, TipoSolicitacao } from '../../shared/enums';
import { COTA_CHAVES_IDEMPOTENCIA, MENSAGENS_IDEMPOTENCIA } from '../../shared/idempotencia';
import { texto } from '../../shared/schemas/primitivos';
import { AppError } from '../lib/errors';
import { multipart, pdf } from '../modules/documento/documento.fixtures';
import { artesanalCompleto, definirPrazo, idDoAno, pescadorComRgp } from '../modules/reap/reap.test-utils';
import { novoPescador, passo1, type Pescador } from '../modules/solicitacao/passos.test-utils';
import { createTestApp, type Sessao, type TestApp } from '../test/helpers';
import { rota } from './contratos';
import { ok } from './envelope';
import { expurgarChavesIdempotenciaJob } from './idempotencia.jobs';

// Issue 25, point 3 (decision 0060): a save replayed with its Idempotency-Key runs once and answers the same.

/** A route of this test only: counts its runs, and fails or waits when a test says so. */
const contratoTeste = contrato({
  metodo: 'POST', caminho: '/api/teste-idempotencia', permissao: 'sessao', tag: 'teste', resumo: 'teste',
  corpo: z.object({ valor: texto() }),
  resposta: z.object({ valor: z.string(), execucao: z.number() }),
  idempotente: true,
});
const execucoes = new Map<string, number>();
/** What the test route does on its next run of a value: fail (5xx or 406), or wait until released. */
const proximo = new Map<string, 'falhar' | 'recusar' | Promise<void>>();

function rotaDeTeste(app: FastifyInstance) {
  rota(app, contratoTeste, async (req) => {
    const { valor } = req.body;
    const n = (execucoes.get(valor) ?? 0) + 1;
    execucoes.set(valor, n);
    const acao = proximo.get(valor);
    proximo.delete(valor);
    if (acao === 'falhar') throw new Error('falha inesperada de teste');
    if (acao === 'recusar') throw new AppError(406, 'Recusado pelo teste.');
    if (acao) await acao;
    return ok({ valor, execucao: n });
  });
}

let t: TestApp;
let dataDir: string;
let seq = 0;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-idempotencia-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir }, beforeReady: rotaDeTeste });
  await definirPrazo(t.db, 2024, '2026-01-01', '2099-12-31');
}, 60_000);
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const novo = () => novoPescador(t, 9300 + ++seq);
let chaves = 0;
const novaChave = () => `teste-${Date.now().toString(36)}-${++chaves}`;
const comChave = (chave: string) => ({ 'idempotency-key': chave });

function chamarTeste(s: Sessao, valor: string, chave?: string) {
  return s.api({ method: 'POST', url: '/api/teste-idempotencia', payload: { valor }, headers: chave ? comChave(chave) : {} });
}

function criar(p: Pescador, chave: string | undefined, corpo: Record<string, unknown> = passo1(p.cpf)) {
  return p.sessao.api({
    method: 'POST', url: '/api/solicitacao', payload: { tipo: TipoSolicitacao.REGISTRO_INICIAL, passo: 1, ...corpo }, headers: chave ? comChave(chave) : {},
  });
}

async function solicitacoesDe(idPescador: number): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM solicitacao WHERE pescador_id = ${idPescador}`);
  return rows[0]!.n;
}

function repetida(res: LightMyRequestResponse): boolean {
  return res.headers['idempotent-replayed'] === 'true';
}

/** The same answer: status, body and content type. */
function mesmaResposta(a: LightMyRequestResponse, b: LightMyRequestResponse) {
  expect([b.statusCode, b.body, b.headers['content-type']]).toEqual([a.statusCode, a.body, a.headers['content-type']]);
}

describe('a wizard request created with an Idempotency-Key', () => {
  it('answers a replay with the same answer, marked as replayed, and the database holds one request', async () => {
    const p = await novo();
    const chave = novaChave();
    const primeira = await criar(p, chave);
    expect(primeira.statusCode, primeira.body).toBe(200);
    expect(repetida(primeira)).toBe(false);
    const segunda = await criar(p, chave);
    mesmaResposta(primeira, segunda);
    expect(repetida(segunda)).toBe(true);
    expect(await solicitacoesDe(p.id)).toBe(1);
    // Without the key the same create runs and is refused by the service's own check (an open draft exists).
    const semChave = await criar(p, undefined);
    expect([semChave.statusCode, semChave.json().codigoErro]).toEqual([406, CodigoErro.SOLICITACAO_EM_ANDAMENTO]);
    expect(await solicitacoesDe(p.id)).toBe(1);
  });

  it('answers 422 IDEMPOTENCIA_CHAVE_REUTILIZADA to the same key with another body, and does nothing', async () => {
    const p = await novo();
    const chave = novaChave();
    expect((await criar(p, chave)).statusCode).toBe(200);
    const outra = await criar(p, chave, passo1(p.cpf, { nomeMae: 'OUTRA MAE DA SILVA' }));
    expect(outra.statusCode).toBe(422);
    expect(outra.json()).toMatchObject({
      codigo: 422, mensagem: MENSAGENS_IDEMPOTENCIA.reutilizada, erros: [MENSAGENS_IDEMPOTENCIA.reutilizada],
      codigoErro: CodigoErro.IDEMPOTENCIA_CHAVE_REUTILIZADA,
    });
    expect(await solicitacoesDe(p.id)).toBe(1);
  });

  it('runs exactly one of concurrent duplicates: the others are told to wait (409) or get its answer', async () => {
    const p = await novo();
    const chave = novaChave();
    const respostas = await Promise.all(Array.from({ length: 5 }, () => criar(p, chave)));
    const executadas = respostas.filter((r) => r.statusCode === 200 && !repetida(r));
    expect(executadas).toHaveLength(1);
    for (const r of respostas) {
      if (r === executadas[0]) continue;
      if (r.statusCode === 409) {
        expect(r.json()).toMatchObject({ codigoErro: CodigoErro.IDEMPOTENCIA_EM_ANDAMENTO, mensagem: MENSAGENS_IDEMPOTENCIA.emAndamento });
        expect(r.headers['retry-after']).toBe('2');
      } else {
        expect(repetida(r)).toBe(true);
        mesmaResposta(executadas[0]!, r);
      }
    }
    expect(await solicitacoesDe(p.id)).toBe(1);
  });

  it("keeps a key per caller: fisher B with A's key runs B's own request and never reads A's answer", async () => {
    const a = await novo();
    const b = await novo();
    const chave = novaChave();
    const deA = await criar(a, chave);
    expect(deA.statusCode).toBe(200);
    const deB = await criar(b, chave);
    expect(deB.statusCode, deB.body).toBe(200);
    expect(repetida(deB)).toBe(false);
    expect(deB.json().dados).toMatchObject({ idPescador: b.id, cpf: b.cpf });
    expect(deB.body).not.toContain(a.cpf);
    expect([await solicitacoesDe(a.id), await solicitacoesDe(b.id)]).toEqual([1, 1]);
    // The table holds neither CPF.
    const { rows } = await t.db.execute<{ titular: string }>(sql`SELECT titular FROM chave_idempotencia WHERE chave = ${chave}`);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect([a.cpf, b.cpf]).not.toContain(r.titular);
  });

  it('refuses a malformed key with 400 DADOS_INVALIDOS, saying why, before anything runs', async () => {
    const p = await novo();
    for (const chave of ['curta', 'com espaço e acento é', 'x'.repeat(129), 'barra/nao']) {
      const res = await criar(p, chave);
      expect(res.statusCode, chave).toBe(400);
      expect(res.json()).toMatchObject({ codigoErro: CodigoErro.DADOS_INVALIDOS, mensagem: MENSAGENS_IDEMPOTENCIA.formato });
      expect(res.json().erros).toEqual([`Idempotency-Key: ${MENSAGENS_IDEMPOTENCIA.formato}`]);
    }
    expect(await solicitacoesDe(p.id)).toBe(0);
  });
});

describe('a REAP sent with an Idempotency-Key', () => {
  it('sends once: a replay gets the same answer, not REAP_JA_ENVIADA, and nothing is sent twice', async () => {
    const p = await pescadorComRgp(t, 9400, { dataPrimeiroRgp: '2024-02-01' });
    expect((await p.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${p.id}` })).statusCode).toBe(200);
    const id = await idDoAno(t.db, p.id, 2024);
    const corpo = artesanalCompleto(id, 2024, { enviada: true });
    const historico = async () => (await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM solicitacao_historico h JOIN reap_questionario q ON q.solicitacao_id = h.solicitacao_id
      WHERE q.id = ${id}`)).rows[0]!.n;
    const chave = novaChave();
    const envio = () => p.sessao.api({ method: 'POST', url: '/api/reap/questionario-basico', payload: corpo, headers: comChave(chave) });
    const primeira = await envio();
    expect(primeira.statusCode, primeira.body).toBe(200);
    const depoisDoEnvio = await historico();
    const segunda = await envio();
    mesmaResposta(primeira, segunda);
    expect(repetida(segunda)).toBe(true);
    expect(await historico()).toBe(depoisDoEnvio);
    // Another key is another send: the service's own check answers it (the second line, decision 0060).
    const outra = await p.sessao.api({ method: 'POST', url: '/api/reap/questionario-basico', payload: corpo, headers: comChave(novaChave()) });
    expect(outra.json().codigoErro).toBe(CodigoErro.REAP_JA_ENVIADA);
  });
});

describe("a fisher's REAP autosave and the quota (decision 0068)", () => {
  it('keeps and counts no key of a draft: 400 draft saves and the send all go through; keys for creates still meet 429', async () => {
    const p = await pescadorComRgp(t, 9410, { dataPrimeiroRgp: '2024-02-01' });
    expect((await p.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${p.id}` })).statusCode).toBe(200);
    const id = await idDoAno(t.db, p.id, 2024);
    const titular = t.app.servicos.idempotencia.titular(p.cpf);
    const guardadas = async () => (await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM chave_idempotencia WHERE titular = ${titular}`)).rows[0]!.n;
    const antes = await guardadas();
    const salvar = (extra: Record<string, unknown>, chave: string) => p.sessao.api({
      method: 'POST', url: '/api/reap/questionario-basico', payload: artesanalCompleto(id, 2024, extra), headers: comChave(chave),
    });
    // The form's autosave as an older phone sent it: every draft with a new key (a busy sitting makes hundreds).
    for (let i = 1; i <= 400; i++) {
      const r = await salvar({ totalDiasTrabalhadoAno: (i % 360) + 1 }, novaChave());
      expect(r.statusCode, `rascunho ${i}: ${r.body}`).toBe(200);
    }
    expect(await guardadas()).toBe(antes);
    const envio = await salvar({ enviada: true }, novaChave());
    expect(envio.statusCode, envio.body).toBe(200);
    expect(await guardadas()).toBe(antes + 1);
    // A script making keys for creates past the quota is still refused, and its handler does not run.
    await t.db.execute(sql`INSERT INTO chave_idempotencia (titular, chave, impressao, rota, dono, status)
      SELECT ${titular}, 'script-' || g, repeat('0', 64), 'POST /api/solicitacao', gen_random_uuid(), 200
      FROM generate_series(1, ${COTA_CHAVES_IDEMPOTENCIA - antes - 1}) AS g`);
    const criacoes = await solicitacoesDe(p.id);
    const alem = await p.sessao.api({
      method: 'POST', url: '/api/solicitacao', payload: { tipo: TipoSolicitacao.REGISTRO_INICIAL, passo: 1, ...passo1(p.cpf) }, headers: comChave(novaChave()),
    });
    expect(alem.statusCode, alem.body).toBe(429);
    expect(alem.json().codigoErro).toBe(CodigoErro.MUITAS_REQUISICOES);
    expect(await solicitacoesDe(p.id)).toBe(criacoes);
  }, 120_000);
});

describe('a document uploaded with an Idempotency-Key', () => {
  it('stores it once: a replay of the same file (with a new multipart boundary) gets the same answer', async () => {
    const p = await novo();
    const { rows } = await t.db.execute<{ id: number }>(sql`
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados)
      VALUES (${p.id}, ${TipoSolicitacao.REGISTRO_INICIAL}, ${SituacaoSolicitacao.RASCUNHO}, 1, '{}'::jsonb) RETURNING id`);
    const idSolicitacao = rows[0]!.id;
    // Additional documents accumulate: without the key a replay would store a second one.
    const arquivo = { nome: 'adicional.pdf', tipo: 'application/pdf', bytes: pdf('adicional') };
    const chave = novaChave();
    const enviar = (bytes = arquivo.bytes, k = chave) => {
      const form = multipart({ idSolicitacao, tipo: TipoDocumento.ADICIONAL }, [{ ...arquivo, bytes }]);
      return p.sessao.api({ method: 'POST', url: '/api/documentos', payload: form.payload, headers: { ...form.headers, ...comChave(k) } });
    };
    const documentos = async () => (await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM documento WHERE solicitacao_id = ${idSolicitacao} AND removido_em IS NULL`)).rows[0]!.n;
    const primeira = await enviar();
    expect(primeira.statusCode, primeira.body).toBe(200);
    const segunda = await enviar();
    mesmaResposta(primeira, segunda);
    expect(repetida(segunda)).toBe(true);
    expect(await documentos()).toBe(1);
    // Another file under the same key is refused; another key stores another document.
    expect((await enviar(pdf('outro'))).statusCode).toBe(422);
    expect((await enviar(arquivo.bytes, novaChave())).statusCode).toBe(200);
    expect(await documentos()).toBe(2);
  });
});

describe('what is kept and for how long', () => {
  it('keeps no 5xx: a retry after an unexpected error runs again, and its answer is then kept', async () => {
    const p = await novo();
    const chave = novaChave();
    proximo.set('falha', 'falhar');
    expect((await chamarTeste(p.sessao, 'falha', chave)).statusCode).toBe(500);
    const segunda = await chamarTeste(p.sessao, 'falha', chave);
    expect(segunda.statusCode).toBe(200);
    expect(segunda.json().dados).toEqual({ valor: 'falha', execucao: 2 });
    const terceira = await chamarTeste(p.sessao, 'falha', chave);
    mesmaResposta(segunda, terceira);
    expect(execucoes.get('falha')).toBe(2);
  });

  it('keeps a refusal (4xx) as it keeps a success', async () => {
    const p = await novo();
    const chave = novaChave();
    proximo.set('recusa', 'recusar');
    const primeira = await chamarTeste(p.sessao, 'recusa', chave);
    expect(primeira.statusCode).toBe(406);
    const segunda = await chamarTeste(p.sessao, 'recusa', chave);
    mesmaResposta(primeira, segunda);
    expect(repetida(segunda)).toBe(true);
    expect(execucoes.get('recusa')).toBe(1);
  });

  it('runs every call without a key, as before', async () => {
    const p = await novo();
    await chamarTeste(p.sessao, 'sem-chave');
    const res = await chamarTeste(p.sessao, 'sem-chave');
    expect(res.json().dados.execucao).toBe(2);
    expect(repetida(res)).toBe(false);
  });

  it('answers 409 with Retry-After while the first runs; a claim past its limit is taken over, and the old run keeps nothing', async () => {
    const p = await novo();
    const chave = novaChave();
    let soltar!: () => void;
    proximo.set('lenta', new Promise<void>((r) => { soltar = r; }));
    const lenta = chamarTeste(p.sessao, 'lenta', chave);
    // Until the slow one's claim is in the table.
    for (let i = 0; i < 100 && (execucoes.get('lenta') ?? 0) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const duplicata = await chamarTeste(p.sessao, 'lenta', chave);
    expect(duplicata.statusCode).toBe(409);
    expect(duplicata.headers['retry-after']).toBe('2');
    expect(duplicata.json().codigoErro).toBe(CodigoErro.IDEMPOTENCIA_EM_ANDAMENTO);

    // The server of the first run "died": its claim is older than the limit, and the next request takes it over.
    await t.db.execute(sql`UPDATE chave_idempotencia SET iniciada_em = now() - interval '10 minutes' WHERE chave = ${chave}`);
    const assumida = await chamarTeste(p.sessao, 'lenta', chave);
    expect(assumida.statusCode).toBe(200);
    expect(assumida.json().dados.execucao).toBe(2);
    soltar();
    expect((await lenta).json().dados.execucao).toBe(1);
    // The kept answer is the one of the run that held the claim.
    mesmaResposta(assumida, await chamarTeste(p.sessao, 'lenta', chave));
    expect(execucoes.get('lenta')).toBe(2);
  });

  it('purges keys older than 24 hours through the job; a replay after that runs again', async () => {
    const p = await novo();
    const velha = novaChave();
    const nova = novaChave();
    await chamarTeste(p.sessao, 'expurgo', velha);
    await chamarTeste(p.sessao, 'expurgo-2', nova);
    await t.db.execute(sql`UPDATE chave_idempotencia SET criada_em = now() - interval '25 hours' WHERE chave = ${velha}`);
    const r = await expurgarChavesIdempotenciaJob.executar({}, { servicos: t.app.servicos, log: t.app.log });
    expect(r).toEqual({ removidas: 1 });
    const { rows } = await t.db.execute<{ chave: string }>(sql`SELECT chave FROM chave_idempotencia WHERE chave IN (${velha}, ${nova})`);
    expect(rows.map((x) => x.chave)).toEqual([nova]);
    expect((await chamarTeste(p.sessao, 'expurgo', velha)).json().dados.execucao).toBe(2);
    expect(repetida(await chamarTeste(p.sessao, 'expurgo-2', nova))).toBe(true);
  });

  it('a key past its 24 hours counts as absent before the purge runs: its replay runs again and is kept anew', async () => {
    const p = await novo();
    const chave = novaChave();
    const primeira = await chamarTeste(p.sessao, 'vencida', chave);
    expect(primeira.json().dados.execucao).toBe(1);
    await t.db.execute(sql`UPDATE chave_idempotencia SET criada_em = now() - interval '24 hours 1 minute' WHERE chave = ${chave}`);
    const depois = await chamarTeste(p.sessao, 'vencida', chave);
    expect([depois.statusCode, repetida(depois), depois.json().dados.execucao]).toEqual([200, false, 2]);
    mesmaResposta(depois, await chamarTeste(p.sessao, 'vencida', chave));
    // Just inside its 24 hours a key still answers from what it kept.
    const outra = novaChave();
    await chamarTeste(p.sessao, 'no-prazo', outra);
    await t.db.execute(sql`UPDATE chave_idempotencia SET criada_em = now() - interval '23 hours 59 minutes' WHERE chave = ${outra}`);
    expect(repetida(await chamarTeste(p.sessao, 'no-prazo', outra))).toBe(true);
  });
});

describe("what is kept is sealed, bounded and the fisher's (decision 0068)", () => {
  it("keeps the answer encrypted and the caller as an HMAC: the table holds no CPF, name or mother's name", async () => {
    const p = await novo();
    const chave = novaChave();
    const primeira = await criar(p, chave, passo1(p.cpf, { nomeMae: 'MARIA SELADA DOS SANTOS' }));
    expect(primeira.statusCode, primeira.body).toBe(200);
    expect(primeira.body).toContain('MARIA SELADA DOS SANTOS');
    const { rows } = await t.db.execute<Record<string, unknown>>(sql`SELECT * FROM chave_idempotencia WHERE chave = ${chave}`);
    expect(rows).toHaveLength(1);
    const linha = rows[0]!;
    // Every column as text (bytea as hex and as latin1 bytes): neither the CPF nor the names, in any of them.
    const tudo = Object.values(linha).map((v) => (Buffer.isBuffer(v) ? `${v.toString('hex')} ${v.toString('latin1')}` : String(v))).join(' ');
    for (const segredo of [p.cpf, 'MARIA SELADA DOS SANTOS', Buffer.from(p.cpf).toString('hex')]) expect(tudo).not.toContain(segredo);
    // The caller is no unkeyed hash of the CPF (which anyone could compute for every CPF).
    for (const semChave of [p.cpf, `rgp:idempotencia:${p.cpf}`]) {
      expect(linha.titular).not.toBe(crypto.createHash('sha256').update(semChave).digest('hex'));
    }
    expect(linha.titular).toBe(t.app.servicos.idempotencia.titular(p.cpf));
    // The replay still gets the very answer.
    const replay = await criar(p, chave, passo1(p.cpf, { nomeMae: 'MARIA SELADA DOS SANTOS' }));
    mesmaResposta(primeira, replay);
    expect(repetida(replay)).toBe(true);
  });

  it("refuses a new key past the caller's quota with 429 and Retry-After; kept keys still replay; others are untouched", async () => {
    const p = await novo();
    const titular = t.app.servicos.idempotencia.titular(p.cpf);
    const guardada = novaChave();
    const primeira = await chamarTeste(p.sessao, 'cota-guardada', guardada);
    expect(primeira.statusCode).toBe(200);
    // The rest of the quota already used today, the oldest 20 hours ago.
    await t.db.execute(sql`INSERT INTO chave_idempotencia (titular, chave, impressao, rota, dono, status, criada_em)
      SELECT ${titular}, 'cota-' || g, repeat('0', 64), 'POST /api/teste-idempotencia', gen_random_uuid(), 200,
        now() - make_interval(hours => 20) + make_interval(secs => g)
      FROM generate_series(1, ${COTA_CHAVES_IDEMPOTENCIA - 2}) AS g`);
    // One more new key fits the quota; the next does not, and its handler does not run.
    expect((await chamarTeste(p.sessao, 'cota-ultima', novaChave())).statusCode).toBe(200);
    const alem = await chamarTeste(p.sessao, 'cota-alem', novaChave());
    expect(alem.statusCode).toBe(429);
    expect(alem.json()).toMatchObject({ codigo: 429, mensagem: MENSAGENS_IDEMPOTENCIA.cota, codigoErro: CodigoErro.MUITAS_REQUISICOES });
    expect(MENSAGENS_IDEMPOTENCIA.cota).toContain(`${COTA_CHAVES_IDEMPOTENCIA} envios em 24 horas`);
    // Free again when the oldest counted key expires: in about 4 hours.
    const espera = Number(alem.headers['retry-after']);
    expect(espera).toBeGreaterThan(4 * 3600 - 120);
    expect(espera).toBeLessThanOrEqual(4 * 3600 + 60);
    expect(execucoes.get('cota-alem')).toBeUndefined();
    // A replay of a kept key is still answered; a call without a key still runs; another fisher is not limited.
    expect(repetida(await chamarTeste(p.sessao, 'cota-guardada', guardada))).toBe(true);
    expect((await chamarTeste(p.sessao, 'cota-sem-chave')).statusCode).toBe(200);
    const outro = await novo();
    expect((await chamarTeste(outro.sessao, 'cota-outro', novaChave())).statusCode).toBe(200);
    // When old keys expire, room comes back.
    await t.db.execute(sql`UPDATE chave_idempotencia SET criada_em = now() - interval '25 hours' WHERE titular = ${titular} AND chave = 'cota-1'`);
    expect((await chamarTeste(p.sessao, 'cota-alem', novaChave())).statusCode).toBe(200);
  });

  it("puts the fisher's kept keys, with their answers, in the LGPD export, and nobody else's", async () => {
    const a = await novo();
    const b = await novo();
    const chaveA = novaChave();
    const criada = await criar(a, chaveA);
    expect(criada.statusCode, criada.body).toBe(200);
    const chaveB = novaChave();
    expect((await criar(b, chaveB)).statusCode).toBe(200);
    const res = await a.sessao.api({ method: 'GET', url: '/api/lgpd/meus-dados' });
    expect(res.statusCode, res.body).toBe(200);
    const { chavesIdempotencia } = res.json().dados as { chavesIdempotencia: Record<string, unknown>[] };
    expect(chavesIdempotencia.map((k) => k.chave)).toEqual([chaveA]);
    const k = chavesIdempotencia[0]!;
    expect(k).toMatchObject({ operacao: 'POST /api/solicitacao', status: 200, resposta: criada.body });
    expect(new Date(k.expiraEm as string).getTime() - new Date(k.guardadaEm as string).getTime()).toBe(24 * 3_600_000);
    expect(res.body).not.toContain(chaveB);
    expect(res.body).not.toContain(b.cpf);
  });
});
