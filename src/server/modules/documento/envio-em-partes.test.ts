import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodigoErro } from '../../../shared/codigos-erro';
import { SituacaoSolicitacao as S, TipoDocumento as T, TipoSolicitacao } from '../../../shared/enums';
import { MENSAGENS_DOCUMENTO, TAMANHO_MAXIMO_PARTE_ENVIO_BYTES } from '../../../shared/schemas/documento';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { multipart, pdfDeTamanho, png } from './documento.fixtures';
import { MAX_ENVIOS_ABERTOS } from './envio-em-partes.service';

// Issue 25, point 4 (decision 0064): a document sent in parts over a weak link resumes where it stopped, records
// one document however often a part or the conclusion is replayed, and belongs to its fisher only.

let t: TestApp;
let dataDir: string;
let pescador: Sessao;
let outro: Sessao;
let idPescador = 0;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-envio-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  pescador = await entrarComo(t.app, '52998224725');
  outro = await entrarComo(t.app, '11144477735');
  idPescador = decodeJwt(pescador.token).idPescador as number;
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function novaSolicitacao(situacao: number = S.RASCUNHO): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados)
    VALUES (${idPescador}, ${TipoSolicitacao.REGISTRO_INICIAL}, ${situacao}, 1, '{}'::jsonb)
    RETURNING id`);
  return rows[0]!.id;
}

function iniciar(corpo: Record<string, unknown>, s: Sessao = pescador, chave?: string) {
  return s.api({
    method: 'POST', url: '/api/documentos/envios', payload: corpo,
    headers: chave ? { 'idempotency-key': chave } : {},
  });
}

function parte(id: string, inicio: number, bytes: Buffer, s: Sessao = pescador) {
  return s.api({
    method: 'PUT', url: `/api/documentos/envios/${id}/partes`,
    ...multipart({ inicio }, [{ campo: 'parte', nome: 'blob', bytes }]),
  });
}

function concluir(id: string, s: Sessao = pescador, chave?: string) {
  return s.api({
    method: 'POST', url: `/api/documentos/envios/${id}/concluir`, headers: chave ? { 'idempotency-key': chave } : {},
  });
}

async function documentos(idSolicitacao: number) {
  const { rows } = await t.db.execute<{ id: number; tamanho: number; nome: string }>(sql`
    SELECT id, tamanho, nome_arquivo AS nome FROM documento WHERE solicitacao_id = ${idSolicitacao} AND removido_em IS NULL`);
  return rows;
}

async function envioNoBanco(id: string) {
  const { rows } = await t.db.execute<{ recebido: number; partes: number }>(sql`
    SELECT e.recebido, (SELECT count(*)::int FROM envio_documento_parte p WHERE p.envio_id = e.id) AS partes
    FROM envio_documento e WHERE e.id = ${id}`);
  return rows[0];
}

const PARTE = 64 * 1024;

describe('an upload in parts', () => {
  it('takes a PDF in parts, resumes from what arrived, and records it as one document', async () => {
    const id = await novaSolicitacao();
    const bytes = pdfDeTamanho(150 * 1024);
    const inicio = await iniciar({ idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: 'identidade.pdf', tamanho: bytes.length });
    expect(inicio.statusCode, inicio.body).toBe(200);
    const envio = inicio.json().dados as { id: string; recebido: number; tamanho: number };
    expect(envio).toEqual({ id: expect.any(String), recebido: 0, tamanho: bytes.length });

    expect((await parte(envio.id, 0, bytes.subarray(0, PARTE))).json().dados.recebido).toBe(PARTE);
    // The connection drops: the phone asks how much arrived and goes on from there.
    const estado = await pescador.api({ method: 'GET', url: `/api/documentos/envios/${envio.id}` });
    expect(estado.statusCode).toBe(200);
    expect(estado.headers['cache-control']).toBe('private, no-store');
    expect(estado.json().dados.recebido).toBe(PARTE);
    await parte(envio.id, PARTE, bytes.subarray(PARTE, 2 * PARTE));
    const ultima = await parte(envio.id, 2 * PARTE, bytes.subarray(2 * PARTE));
    expect(ultima.json().dados).toEqual({ id: envio.id, recebido: bytes.length, tamanho: bytes.length });

    const fim = await concluir(envio.id);
    expect(fim.statusCode, fim.body).toBe(200);
    expect(fim.json()).toMatchObject({ mensagem: 'Documento salvo com sucesso', dados: { documentos: [{ nomeArquivo: 'identidade.pdf', tipoDocumento: T.IDENTIFICACAO }] } });
    expect(await documentos(id)).toEqual([expect.objectContaining({ tamanho: bytes.length, nome: 'identidade.pdf' })]);
    // The upload and its bytes are gone with the conclusion.
    expect(await envioNoBanco(envio.id)).toBeUndefined();
  });

  it('takes a replayed part once (its answer was lost), and the bytes past what it holds of an overlapping one', async () => {
    const id = await novaSolicitacao();
    const bytes = pdfDeTamanho(100 * 1024);
    const envio = (await iniciar({ idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: 'a.pdf', tamanho: bytes.length })).json().dados;
    await parte(envio.id, 0, bytes.subarray(0, PARTE));
    const repetida = await parte(envio.id, 0, bytes.subarray(0, PARTE));
    expect(repetida.statusCode).toBe(200);
    expect(repetida.json().dados.recebido).toBe(PARTE);
    expect(await envioNoBanco(envio.id)).toEqual({ recebido: PARTE, partes: 1 });
    // A part starting inside what arrived: only its new bytes are kept.
    const sobreposta = await parte(envio.id, PARTE - 1000, bytes.subarray(PARTE - 1000));
    expect(sobreposta.json().dados.recebido).toBe(bytes.length);
    expect((await concluir(envio.id)).statusCode).toBe(200);
    const [doc] = await documentos(id);
    const guardado = await pescador.api({ method: 'GET', url: `/api/documentos/solicitacao/${id}` });
    expect(guardado.json().dados.documentos).toHaveLength(1);
    expect(doc!.tamanho).toBe(bytes.length);
  });

  it('refuses a part that would leave a gap (409 ENVIO_FORA_DE_ORDEM) and one beyond the declared size', async () => {
    const id = await novaSolicitacao();
    const envio = (await iniciar({ idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: 'a.pdf', tamanho: 1000 })).json().dados;
    const buraco = await parte(envio.id, 500, Buffer.alloc(100));
    expect(buraco.statusCode).toBe(409);
    expect(buraco.json()).toMatchObject({ codigoErro: CodigoErro.ENVIO_FORA_DE_ORDEM, mensagem: MENSAGENS_DOCUMENTO.envioForaDeOrdem });
    const alem = await parte(envio.id, 0, Buffer.alloc(1001));
    expect(alem.statusCode).toBe(400);
    expect(alem.json().mensagem).toBe(MENSAGENS_DOCUMENTO.envioAlemDoTamanho);
    const grande = await parte(envio.id, 0, Buffer.alloc(TAMANHO_MAXIMO_PARTE_ENVIO_BYTES + 1));
    expect(grande.statusCode).toBe(400);
    expect(grande.json().mensagem).toBe(MENSAGENS_DOCUMENTO.parteInvalida);
    expect(await envioNoBanco(envio.id)).toEqual({ recebido: 0, partes: 0 });
  });

  it('refuses a part shorter than a part when it is not the last (a row for every few bytes)', async () => {
    const id = await novaSolicitacao();
    const envio = (await iniciar({ idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: 'a.pdf', tamanho: 2 * PARTE })).json().dados;
    const curta = await parte(envio.id, 0, Buffer.alloc(1000, 1));
    expect(curta.statusCode).toBe(400);
    expect(curta.json().mensagem).toBe(MENSAGENS_DOCUMENTO.parteInvalida);
    expect(await envioNoBanco(envio.id)).toEqual({ recebido: 0, partes: 0 });
  });

  it('refuses to conclude before every byte arrived (409 ENVIO_INCOMPLETO), and checks the whole file as a one-call upload does', async () => {
    const id = await novaSolicitacao();
    const envio = (await iniciar({ idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: 'a.pdf', tamanho: PARTE + 1000 })).json().dados;
    await parte(envio.id, 0, Buffer.alloc(PARTE, 1));
    const cedo = await concluir(envio.id);
    expect(cedo.statusCode).toBe(409);
    expect(cedo.json()).toMatchObject({ codigoErro: CodigoErro.ENVIO_INCOMPLETO, mensagem: MENSAGENS_DOCUMENTO.envioIncompleto });
    await parte(envio.id, PARTE, Buffer.alloc(1000, 1));
    // Not a PDF: refused as POST /api/documentos refuses it; nothing is recorded.
    const invalido = await concluir(envio.id);
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json().codigoErro).toBe(CodigoErro.ARQUIVO_INVALIDO);
    expect(await documentos(id)).toEqual([]);
  });

  it('re-encodes an image sent in parts as a one-call upload does (a 3x4 photo becomes a JPEG)', async () => {
    const id = await novaSolicitacao();
    const bytes = await png(800, 600);
    const envio = (await iniciar({ idSolicitacao: id, tipo: T.FOTO_3X4, nomeArquivo: 'foto.png', tamanho: bytes.length })).json().dados;
    for (let inicio = 0; inicio < bytes.length; inicio += PARTE) await parte(envio.id, inicio, bytes.subarray(inicio, inicio + PARTE));
    const fim = await concluir(envio.id);
    expect(fim.statusCode, fim.body).toBe(200);
    expect(fim.json().dados.documentos[0].nomeArquivo).toBe('foto.jpg');
    const { rows } = await t.db.execute<{ mime: string }>(sql`SELECT mime FROM documento WHERE solicitacao_id = ${id}`);
    expect(rows).toEqual([{ mime: 'image/jpeg' }]);
  });

  it('records one document when the conclusion is replayed: with its key the first answer again, without it 404', async () => {
    const id = await novaSolicitacao();
    const bytes = pdfDeTamanho(5000);
    const envio = (await iniciar({ idSolicitacao: id, tipo: T.ADICIONAL, nomeArquivo: 'a.pdf', tamanho: bytes.length })).json().dados;
    await parte(envio.id, 0, bytes);
    const primeira = await concluir(envio.id, pescador, 'concluir-1');
    expect(primeira.statusCode).toBe(200);
    const replay = await concluir(envio.id, pescador, 'concluir-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(primeira.json());
    const semChave = await concluir(envio.id);
    expect(semChave.statusCode).toBe(404);
    expect(semChave.json().mensagem).toBe(MENSAGENS_DOCUMENTO.envioNaoEncontrado);
    // Additional documents accumulate: a second record would show here.
    expect(await documentos(id)).toHaveLength(1);
  });

  it('records one document when two conclusions race', async () => {
    const id = await novaSolicitacao();
    const bytes = pdfDeTamanho(5000);
    const envio = (await iniciar({ idSolicitacao: id, tipo: T.ADICIONAL, nomeArquivo: 'a.pdf', tamanho: bytes.length })).json().dados;
    await parte(envio.id, 0, bytes);
    const respostas = await Promise.all([concluir(envio.id), concluir(envio.id), concluir(envio.id)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 404, 404]);
    expect(await documentos(id)).toHaveLength(1);
  });

  it('keeps the start idempotent: a replayed start with its key is the same upload', async () => {
    const id = await novaSolicitacao();
    const corpo = { idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: 'a.pdf', tamanho: 10 };
    const a = await iniciar(corpo, pescador, 'inicio-1');
    const b = await iniciar(corpo, pescador, 'inicio-1');
    expect(b.json().dados.id).toBe(a.json().dados.id);
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM envio_documento WHERE solicitacao_id = ${id}`);
    expect(rows[0]!.n).toBe(1);
  });
});

describe('what an upload in parts refuses', () => {
  it('refuses another fisher every call of an upload (403, as every record of a fisher), and keeps its bytes untouched', async () => {
    const id = await novaSolicitacao();
    const envio = (await iniciar({ idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: 'a.pdf', tamanho: 10 })).json().dados;
    await parte(envio.id, 0, Buffer.alloc(10));
    for (const res of [
      await outro.api({ method: 'GET', url: `/api/documentos/envios/${envio.id}` }),
      await parte(envio.id, 10, Buffer.alloc(10), outro),
      await concluir(envio.id, outro),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().dados ?? null).toBeNull();
    }
    expect(await envioNoBanco(envio.id)).toEqual({ recebido: 10, partes: 1 });
    // Nor can they start one on this fisher's request.
    expect((await iniciar({ idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: 'a.pdf', tamanho: 10 }, outro)).statusCode).toBe(403);
  });

  it('checks the start as a one-call upload: a request that may no longer change, a wrong size, a bad id', async () => {
    const enviada = await novaSolicitacao(S.EM_ANALISE);
    const naoEditavel = await iniciar({ idSolicitacao: enviada, tipo: T.IDENTIFICACAO, nomeArquivo: 'a.pdf', tamanho: 10 });
    expect(naoEditavel.statusCode).toBe(406);
    expect(naoEditavel.json().codigoErro).toBe(CodigoErro.SOLICITACAO_NAO_EDITAVEL);
    const id = await novaSolicitacao();
    const grande = await iniciar({ idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: 'a.pdf', tamanho: 2048 * 1024 + 1 });
    expect(grande.statusCode).toBe(400);
    expect(grande.json().erros).toContain('tamanho: O documento não pode ser maior que 2MB');
    const semNome = await iniciar({ idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: '  ', tamanho: 10 });
    expect(semNome.json().erros).toContain(`nomeArquivo: ${MENSAGENS_DOCUMENTO.nomeInvalido}`);
    const idRuim = await pescador.api({ method: 'GET', url: '/api/documentos/envios/nao-e-um-uuid' });
    expect(idRuim.statusCode).toBe(400);
  });

  it(`refuses more than ${MAX_ENVIOS_ABERTOS} open uploads of one fisher`, async () => {
    await t.db.execute(sql`DELETE FROM envio_documento WHERE pescador_id = ${idPescador}`);
    const id = await novaSolicitacao();
    for (let i = 0; i < MAX_ENVIOS_ABERTOS; i++) {
      expect((await iniciar({ idSolicitacao: id, tipo: T.ADICIONAL, nomeArquivo: `${i}.pdf`, tamanho: 10 })).statusCode).toBe(200);
    }
    const demais = await iniciar({ idSolicitacao: id, tipo: T.ADICIONAL, nomeArquivo: 'x.pdf', tamanho: 10 });
    // Too many at once: the phone tries again later (429 is not a refusal of the file).
    expect(demais.statusCode).toBe(429);
    expect(demais.json().codigoErro).toBe(CodigoErro.MUITAS_REQUISICOES);
    expect(demais.json().mensagem).toBe(MENSAGENS_DOCUMENTO.enviosDemais);
    await t.db.execute(sql`DELETE FROM envio_documento WHERE pescador_id = ${idPescador}`);
  });

  it('expires an upload untouched for a day, with its bytes', async () => {
    const id = await novaSolicitacao();
    const velho = (await iniciar({ idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: 'a.pdf', tamanho: 10 })).json().dados;
    const novo = (await iniciar({ idSolicitacao: id, tipo: T.IDENTIFICACAO, nomeArquivo: 'b.pdf', tamanho: 10 })).json().dados;
    await parte(velho.id, 0, Buffer.alloc(10));
    await t.db.execute(sql`UPDATE envio_documento SET atualizado_em = now() - interval '25 hours' WHERE id = ${velho.id}`);
    expect(await t.app.servicos.enviosDocumento.expurgar()).toBe(1);
    expect(await envioNoBanco(velho.id)).toBeUndefined();
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM envio_documento_parte WHERE envio_id = ${velho.id}`);
    expect(rows[0]!.n).toBe(0);
    expect(await envioNoBanco(novo.id)).toEqual({ recebido: 0, partes: 0 });
    expect((await pescador.api({ method: 'GET', url: `/api/documentos/envios/${velho.id}` })).statusCode).toBe(404);
  });
});
