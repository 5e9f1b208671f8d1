import { CodigoErro } from '../../../shared/codigos-erro';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SituacaoSolicitacao as S, TipoDocumento as T, TipoSolicitacao } from '../../../shared/enums';
import {
  aceitarArquivos, conferirArquivoAntesDeEnviar, MENSAGENS_ARQUIVO, mensagemFormato, TAMANHO_MAXIMO_DOCUMENTO_BYTES,
} from '../../../shared/regras/arquivos';
import { createTestApp, entrarComo, executarJobsPendentes, type Sessao, type TestApp } from '../../test/helpers';
import { sanitizarNomeArquivo } from './documento.conteudo';
import { arquivosEm, exe, jpegComExif, multipart, pdf, pdfDeTamanho, png, zip, type ArquivoDoForm } from './documento.fixtures';

const NAO_EDITAVEL = 'Esta solicitação não pode mais ser alterada.';

let t: TestApp;
let dataDir: string;
let pescador: Sessao;
let idPescador = 0;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-doc-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  pescador = await entrarComo(t.app, '52998224725');
  idPescador = decodeJwt(pescador.token).idPescador as number;
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function novaSolicitacao(situacao: number = S.RASCUNHO, tipo: number = TipoSolicitacao.REGISTRO_INICIAL): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, dados) VALUES (${idPescador}, ${tipo}, ${situacao}, 1, '{}'::jsonb)
    RETURNING id`);
  return rows[0]!.id;
}

function enviar(idSolicitacao: number | string, tipo: number | string, arquivos: ArquivoDoForm[], s: Sessao = pescador) {
  return s.api({ method: 'POST', url: '/api/documentos', ...multipart({ idSolicitacao, tipo }, arquivos) });
}

async function linhas(idSolicitacao: number) {
  const { rows } = await t.db.execute<{ id: number; tipo: number; chave: string; mime: string; tamanho: number; nome: string; removido: boolean }>(sql`
    SELECT id, tipo_documento AS tipo, chave_arquivo AS chave, mime, tamanho, nome_arquivo AS nome, removido_em IS NOT NULL AS removido
    FROM documento WHERE solicitacao_id = ${idSolicitacao} ORDER BY id`);
  return rows;
}

function caminho(chave: string) {
  return path.join(dataDir, 'arquivos', chave.slice(0, 2), chave);
}

const arquivosGuardados = () => arquivosEm(path.join(dataDir, 'arquivos'));

describe('POST /api/documentos: each allowed kind', () => {
  it('stores a PDF as sent, under a random key, and answers both names of each field', async () => {
    const id = await novaSolicitacao();
    const bytes = pdf('identidade');
    const res = await enviar(id, T.IDENTIFICACAO, [{ nome: 'minha identidade.pdf', tipo: 'application/pdf', bytes }]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ codigo: 200, mensagem: 'Documento salvo com sucesso' });
    expect(body.dados.documentos).toHaveLength(1);
    const d = body.dados.documentos[0];
    expect(d.chave).toMatch(/^[0-9a-f]{32}$/);
    expect(d).toEqual({
      id: expect.any(Number), nome: 'minha identidade.pdf', nomeArquivo: 'minha identidade.pdf',
      url: `/api/arquivos/${d.chave}`, urlArquivo: `/api/arquivos/${d.chave}`, chave: d.chave, chaveArquivo: d.chave,
      tipoDocumento: 1, migrado: false, aprovado: false,
    });
    expect(await fs.readFile(caminho(d.chave))).toEqual(bytes);
    const [row] = await linhas(id);
    expect(row).toMatchObject({ tipo: 1, mime: 'application/pdf', tamanho: bytes.length, removido: false });
    // The user's file name never reaches the disk.
    expect((await arquivosGuardados()).some((f) => f.includes('identidade'))).toBe(false);
  });

  it('re-encodes a JPEG: turned upright by its EXIF tag, every metadata stripped', async () => {
    const id = await novaSolicitacao();
    const res = await enviar(id, T.COMPROVANTE_RESIDENCIA, [{ nome: 'conta de luz.jpeg', tipo: 'image/jpeg', bytes: await jpegComExif() }]);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().dados.documentos[0];
    expect(d.nomeArquivo).toBe('conta de luz.jpg');
    const guardado = await fs.readFile(caminho(d.chave));
    const meta = await sharp(guardado).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([600, 800]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(guardado.includes('CameraDeTeste')).toBe(false);
    expect((await linhas(id))[0]!.mime).toBe('image/jpeg');
  });

  it('re-encodes a PNG as JPEG (transparency on white), keeping its size', async () => {
    const id = await novaSolicitacao();
    const res = await enviar(id, T.PIS_PASEP_NIS_NIT, [{ nome: 'nis.png', tipo: 'image/png', bytes: await png() }]);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().dados.documentos[0];
    expect(d.nomeArquivo).toBe('nis.jpg');
    const meta = await sharp(await fs.readFile(caminho(d.chave))).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 800, 600, false]);
  });

  it('turns the photo 3x4 into a 400×500 JPEG', async () => {
    const id = await novaSolicitacao();
    const res = await enviar(id, T.FOTO_3X4, [{ nome: 'eu.png', tipo: 'image/png', bytes: await png(1000, 700) }]);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().dados.documentos[0];
    const meta = await sharp(await fs.readFile(caminho(d.chave))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 500]);
    const jpeg = await enviar(id, T.FOTO_3X4, [{ nome: 'eu.jpg', bytes: await jpegComExif() }]);
    const meta2 = await sharp(await fs.readFile(caminho(jpeg.json().dados.documentos[0].chave))).metadata();
    expect([meta2.format, meta2.width, meta2.height, meta2.exif]).toEqual(['jpeg', 400, 500, undefined]);
  });

  it('judges by content, not by name: PNG bytes named .pdf are taken as an image', async () => {
    const id = await novaSolicitacao();
    const res = await enviar(id, T.FOTO_3X4, [{ nome: 'foto.pdf', tipo: 'application/pdf', bytes: await png() }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados.documentos[0].nomeArquivo).toBe('foto.jpg');
  });
});

describe('POST /api/documentos: replace by type, accumulate additional ones', () => {
  it('replaces the document of the same type: old row removed, old file deleted by the job after the commit', async () => {
    const id = await novaSolicitacao();
    const primeiro = (await enviar(id, T.IDENTIFICACAO, [{ nome: 'a.pdf', bytes: pdf('a') }])).json().dados.documentos[0];
    const outroTipo = (await enviar(id, T.COMPROVANTE_RESIDENCIA, [{ nome: 'c.pdf', bytes: pdf('c') }])).json().dados.documentos[0];
    const segundo = (await enviar(id, T.IDENTIFICACAO, [{ nome: 'b.pdf', bytes: pdf('b') }])).json().dados.documentos[0];
    expect(segundo.id).not.toBe(primeiro.id);
    const rows = await linhas(id);
    expect(rows.map((r) => [r.id, r.removido])).toEqual([[primeiro.id, true], [outroTipo.id, false], [segundo.id, false]]);
    expect(await executarJobsPendentes(t)).toBeGreaterThanOrEqual(1);
    await expect(fs.access(caminho(primeiro.chave))).rejects.toThrow();
    await expect(fs.access(caminho(outroTipo.chave))).resolves.toBeUndefined();
    await expect(fs.access(caminho(segundo.chave))).resolves.toBeUndefined();
    const lista = await pescador.api({ method: 'GET', url: `/api/documentos/solicitacao/${id}` });
    expect(lista.json().dados.documentos.map((d: { id: number }) => d.id)).toEqual([segundo.id, outroTipo.id]);
  });

  it('accumulates up to 10 additional documents and refuses the 11th with the spec message, storing nothing', async () => {
    const id = await novaSolicitacao();
    for (let i = 0; i < 10; i++) {
      const res = await enviar(id, T.ADICIONAL, [{ nome: `extra${i}.pdf`, bytes: pdf(`extra${i}`) }]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const antes = await arquivosGuardados();
    const res = await enviar(id, T.ADICIONAL, [{ nome: 'extra10.pdf', bytes: pdf('extra10') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ codigo: 400, mensagem: 'Só é possivel adicionar 10 documentos adicionais' });
    expect((await linhas(id)).filter((r) => !r.removido)).toHaveLength(10);
    expect(await arquivosGuardados()).toEqual(antes);
  });

  it('keeps the limit of 10 under concurrent uploads (the request is locked)', async () => {
    const id = await novaSolicitacao();
    const respostas = await Promise.all(Array.from({ length: 13 }, (_, i) => enviar(id, T.ADICIONAL, [{ nome: `c${i}.pdf`, bytes: pdf(`c${i}`) }])));
    expect(respostas.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(respostas.filter((r) => r.statusCode === 400)).toHaveLength(3);
    const ativos = (await linhas(id)).filter((r) => !r.removido);
    expect(ativos).toHaveLength(10);
    // Exactly the files of the 10 rows exist: the refused ones were deleted.
    for (const r of ativos) await expect(fs.access(caminho(r.chave))).resolves.toBeUndefined();
    const todos = await arquivosGuardados();
    const destaSolicitacao = todos.filter((f) => !f.endsWith('.meta') && ativos.some((r) => f.endsWith(r.chave)));
    expect(destaSolicitacao).toHaveLength(10);
  });
});

describe('POST /api/documentos: refused uploads store nothing', () => {
  async function semNadaGuardado(id: number, fn: () => Promise<void>) {
    const antes = await arquivosGuardados();
    await fn();
    expect(await linhas(id)).toEqual([]);
    expect(await arquivosGuardados()).toEqual(antes);
  }

  it('refuses PDF bytes for the photo, which takes only images', async () => {
    const id = await novaSolicitacao();
    await semNadaGuardado(id, async () => {
      const res = await enviar(id, T.FOTO_3X4, [{ nome: 'foto.jpg', tipo: 'image/jpeg', bytes: pdf() }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ codigo: 400, mensagem: 'O documento precisa ser formato JPG ou PNG' });
    });
  });

  it.each([['an executable', exe()], ['a ZIP', zip()], ['plain text', Buffer.from('just text, no document')]])(
    'refuses %s named .pdf with the formats of the field',
    async (_nome, bytes) => {
      const id = await novaSolicitacao();
      await semNadaGuardado(id, async () => {
        const res = await enviar(id, T.IDENTIFICACAO, [{ nome: 'documento.pdf', tipo: 'application/pdf', bytes }]);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ codigo: 400, mensagem: 'O documento precisa ser formato PDF, JPG ou PNG' });
      });
    },
  );

  it('refuses a truncated PDF, and text that merely starts with %PDF', async () => {
    const id = await novaSolicitacao();
    await semNadaGuardado(id, async () => {
      for (const bytes of [pdf().subarray(0, 120), Buffer.from('%PDF-1.4 but nothing else')]) {
        const res = await enviar(id, T.IDENTIFICACAO, [{ nome: 'x.pdf', bytes }]);
        expect(res.statusCode).toBe(400);
        expect(res.json().mensagem).toBe(MENSAGENS_ARQUIVO.ilegivel);
      }
    });
  });

  it('refuses an image that only looks like one (PNG signature, corrupt body)', async () => {
    const id = await novaSolicitacao();
    const falso = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(500, 7)]);
    await semNadaGuardado(id, async () => {
      const res = await enviar(id, T.IDENTIFICACAO, [{ nome: 'x.png', bytes: falso }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().mensagem).toBe(MENSAGENS_ARQUIVO.ilegivel);
      expect(res.json().codigoErro).toBe(CodigoErro.ARQUIVO_INVALIDO);
    });
  });

  it('takes exactly 2048 KB and refuses one byte more, and a much larger file, with the spec message', async () => {
    const id = await novaSolicitacao();
    const exato = await enviar(id, T.IDENTIFICACAO, [{ nome: 'exato.pdf', bytes: pdfDeTamanho(TAMANHO_MAXIMO_DOCUMENTO_BYTES) }]);
    expect(exato.statusCode, exato.body).toBe(200);
    const id2 = await novaSolicitacao();
    for (const tamanho of [TAMANHO_MAXIMO_DOCUMENTO_BYTES + 1, 3 * 1024 * 1024]) {
      await semNadaGuardado(id2, async () => {
        const res = await enviar(id2, T.IDENTIFICACAO, [{ nome: 'grande.pdf', bytes: pdfDeTamanho(tamanho) }]);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ codigo: 400, mensagem: 'O documento não pode ser maior que 2MB' });
      });
    }
    // The server is still fine afterwards.
    expect((await enviar(id2, T.IDENTIFICACAO, [{ nome: 'ok.pdf', bytes: pdf() }])).statusCode).toBe(200);
  });

  it('takes one file per call: two files, no file, or a file in another field are refused', async () => {
    const id = await novaSolicitacao();
    await semNadaGuardado(id, async () => {
      const dois = await enviar(id, T.IDENTIFICACAO, [{ nome: 'a.pdf', bytes: pdf() }, { nome: 'b.pdf', bytes: pdf() }]);
      expect(dois.statusCode).toBe(400);
      expect(dois.json().mensagem).toBe('Envie um arquivo por vez.');
      const nenhum = await enviar(id, T.IDENTIFICACAO, []);
      expect(nenhum.statusCode).toBe(400);
      expect(nenhum.json().mensagem).toBe('Selecione o arquivo do documento.');
      const outroCampo = await enviar(id, T.IDENTIFICACAO, [{ campo: 'arquivo', nome: 'a.pdf', bytes: pdf() }]);
      expect(outroCampo.statusCode).toBe(400);
    });
  });

  it('validates the text fields with zod', async () => {
    const id = await novaSolicitacao();
    const tipo = await enviar(id, 17, [{ nome: 'a.pdf', bytes: pdf() }]);
    expect(tipo.statusCode).toBe(400);
    expect(tipo.json().erros).toContain('tipo: Tipo de documento inválido');
    const sol = await enviar('abc', T.IDENTIFICACAO, [{ nome: 'a.pdf', bytes: pdf() }]);
    expect(sol.statusCode).toBe(400);
    expect(sol.json().erros).toContain('idSolicitacao: Solicitação inválida');
    const json = await pescador.api({ method: 'POST', url: '/api/documentos', payload: { idSolicitacao: id, tipo: 1 } });
    expect(json.statusCode).toBe(415);
    expect(await linhas(id)).toEqual([]);
  });

  it('answers 404 for a request that does not exist', async () => {
    const res = await enviar(99_999_999, T.IDENTIFICACAO, [{ nome: 'a.pdf', bytes: pdf() }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().mensagem).toBe('Solicitação não encontrada.');
  });
});

describe('which request statuses take documents', () => {
  it.each([[S.RASCUNHO], [S.ATUALIZACAO_SFPA], [S.ATUALIZACAO_MPA]])('accepts uploads while the status is %i', async (situacao) => {
    const id = await novaSolicitacao(situacao);
    expect((await enviar(id, T.IDENTIFICACAO, [{ nome: 'a.pdf', bytes: pdf() }])).statusCode).toBe(200);
  });

  it.each([[S.ENVIADA], [S.EM_ANALISE], [S.DEFERIDA], [S.FINALIZADA]])('refuses uploads with 406 while the status is %i', async (situacao) => {
    const id = await novaSolicitacao(situacao);
    const antes = await arquivosGuardados();
    const res = await enviar(id, T.IDENTIFICACAO, [{ nome: 'a.pdf', bytes: pdf() }]);
    expect(res.statusCode).toBe(406);
    expect(res.json()).toMatchObject({ codigo: 406, mensagem: NAO_EDITAVEL });
    expect(await arquivosGuardados()).toEqual(antes);
  });

  it('a first-RGP edit (type 7) takes its documents as a draft, none once sent (decision 0020)', async () => {
    const id = await novaSolicitacao(S.RASCUNHO, TipoSolicitacao.EDICAO_RGP);
    const c14 = await enviar(id, T.COMPROVANTE_PRIMEIRO_RGP, [{ nome: 'rgp.pdf', bytes: pdf() }]);
    expect(c14.statusCode, c14.body).toBe(200);
    expect((await enviar(id, T.ADICIONAL_PRIMEIRO_RGP, [{ nome: 'rgp2.pdf', bytes: pdf() }])).statusCode).toBe(200);
    const enviada = await novaSolicitacao(S.ENVIADA, TipoSolicitacao.EDICAO_RGP);
    expect((await enviar(enviada, T.COMPROVANTE_PRIMEIRO_RGP, [{ nome: 'rgp.pdf', bytes: pdf() }])).statusCode).toBe(406);
  });

  it('refuses an inactivated request', async () => {
    const id = await novaSolicitacao();
    await t.db.execute(sql`UPDATE solicitacao SET inativa = true WHERE id = ${id}`);
    expect((await enviar(id, T.IDENTIFICACAO, [{ nome: 'a.pdf', bytes: pdf() }])).statusCode).toBe(406);
  });
});

describe('DELETE /api/documentos/{id}', () => {
  it('answers 204 with no body, marks the row removed and deletes the file by the job', async () => {
    const id = await novaSolicitacao();
    const d = (await enviar(id, T.IDENTIFICACAO, [{ nome: 'a.pdf', bytes: pdf() }])).json().dados.documentos[0];
    const res = await pescador.api({ method: 'DELETE', url: `/api/documentos/${d.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await linhas(id))[0]!.removido).toBe(true);
    expect(await executarJobsPendentes(t)).toBeGreaterThanOrEqual(1);
    await expect(fs.access(caminho(d.chave))).rejects.toThrow();
    expect((await pescador.api({ method: 'GET', url: `/api/documentos/solicitacao/${id}` })).json().dados.documentos).toEqual([]);
    const again = await pescador.api({ method: 'DELETE', url: `/api/documentos/${d.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().mensagem).toBe('Documento não encontrado.');
  });

  it('refuses with 406 once the request was sent, and keeps the file', async () => {
    const id = await novaSolicitacao();
    const d = (await enviar(id, T.IDENTIFICACAO, [{ nome: 'a.pdf', bytes: pdf() }])).json().dados.documentos[0];
    await t.db.execute(sql`UPDATE solicitacao SET situacao = ${S.ENVIADA} WHERE id = ${id}`);
    const res = await pescador.api({ method: 'DELETE', url: `/api/documentos/${d.id}` });
    expect(res.statusCode).toBe(406);
    expect(res.json().mensagem).toBe(NAO_EDITAVEL);
    await expect(fs.access(caminho(d.chave))).resolves.toBeUndefined();
  });
});

describe('GET /api/documentos/solicitacao/{id}', () => {
  it('lists the active documents by type, and 404 for an unknown request', async () => {
    const id = await novaSolicitacao();
    await enviar(id, T.FOTO_3X4, [{ nome: 'f.png', bytes: await png() }]);
    await enviar(id, T.IDENTIFICACAO, [{ nome: 'i.pdf', bytes: pdf() }]);
    const res = await pescador.api({ method: 'GET', url: `/api/documentos/solicitacao/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().dados.documentos.map((d: { tipoDocumento: number }) => d.tipoDocumento)).toEqual([1, 3]);
    expect((await pescador.api({ method: 'GET', url: '/api/documentos/solicitacao/99999999' })).statusCode).toBe(404);
  });
});

describe('rules shared with the web', () => {
  it('names the formats of each field as the specification writes them', () => {
    expect(mensagemFormato(T.FOTO_3X4)).toBe('O documento precisa ser formato JPG ou PNG');
    expect(mensagemFormato(T.IDENTIFICACAO)).toBe('O documento precisa ser formato PDF, JPG ou PNG');
    expect(aceitarArquivos(T.FOTO_3X4)).toBe('image/jpeg,image/png,.jpg,.jpeg,.png');
    expect(conferirArquivoAntesDeEnviar(T.FOTO_3X4, { size: 10, type: 'application/pdf' })).toBe(mensagemFormato(T.FOTO_3X4));
    expect(conferirArquivoAntesDeEnviar(T.IDENTIFICACAO, { size: TAMANHO_MAXIMO_DOCUMENTO_BYTES + 1, type: 'application/pdf' }))
      .toBe('O documento não pode ser maior que 2MB');
    expect(conferirArquivoAntesDeEnviar(T.IDENTIFICACAO, { size: 10, type: 'image/jpg' })).toBeNull();
  });

  it('keeps only a displayable last segment of the file name', () => {
    expect(sanitizarNomeArquivo('../../etc/pass wd<script>.pdf', '.pdf')).toBe('pass wd_script_.pdf');
    expect(sanitizarNomeArquivo('C:\\Users\\ana\\Certidão  de\tnascimento.PNG', '.jpg')).toBe('Certidão de nascimento.jpg');
    expect(sanitizarNomeArquivo('.htaccess', '.pdf')).toBe('htaccess.pdf');
    expect(sanitizarNomeArquivo(undefined, '.pdf')).toBe('documento.pdf');
    expect(sanitizarNomeArquivo(`${'a'.repeat(300)}.pdf`, '.pdf')).toHaveLength(124);
  });
});
