import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodigoErro } from '../../../shared/codigos-erro';
import { TipoDocumento } from '../../../shared/enums';
import { TAMANHO_PARTE_ENVIO_BYTES as PARTE } from '../../../shared/schemas/documento';
import { setToken } from '../../lib/storage';
import { deferred, fail, installMockHttp, networkError, ok, type MockHttp, type MockReply } from '../../test/http';
import { documento } from '../../test/respostas';
import { fisherToken } from '../../test/tokens';
import { descartarDaFila, documentosNaFila, enfileirar, enviarDaFila } from './fila-documentos';

// Decision 0064: the phone's queue of documents, against a fake network and a real IndexedDB
// implementation (fake-indexeddb).

const EU = 'a0'.repeat(16); // a phone id, as the server issues it (decision 0069)
const ID_ENVIO = '0b7f3c1e-5d2a-4f7e-9a51-2f0c8d6b4e11';
let http: MockHttp & { restore: () => void };

beforeEach(() => {
  http = installMockHttp();
  setToken(fisherToken());
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});
afterEach(async () => {
  http.restore();
  for (const item of await documentosNaFila(EU, 10)) await descartarDaFila(EU, item.chave);
});

function arquivo(bytes: number, nome = 'identidade.pdf'): File {
  return new File([new Uint8Array(bytes).fill(0x41)], nome, { type: 'application/pdf' });
}

const inicioDe = (form: unknown) => Number((form as FormData).get('inicio'));
const chaveDe = (c: { config: { headers: Headers } }) => c.config.headers.get('Idempotency-Key');

describe('the phone queue of documents', () => {
  it('sends a file of one part in one call with its idempotency key, and erases it from the phone', async () => {
    http.post('/api/documentos', ok({ documentos: [documento(7, TipoDocumento.FOTO_3X4)] }));
    const chave = await enfileirar(EU, { idSolicitacao: 10, tipo: TipoDocumento.FOTO_3X4, arquivo: arquivo(2000, 'foto.jpg') }, false);
    expect(await documentosNaFila(EU, 10)).toHaveLength(1);
    expect(await documentosNaFila('b1'.repeat(16), 10)).toEqual([]);

    expect((await enviarDaFila(EU, chave))?.id).toBe(7);
    const [envio] = http.callsTo('/api/documentos');
    expect(chaveDe(envio!)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await documentosNaFila(EU, 10)).toEqual([]);
  });

  it('sends a larger file in parts and, after a part whose answer was lost, goes on from what the server holds', async () => {
    const tamanho = 2 * PARTE + 100;
    let recebido = 0;
    let cortar = true;
    http.post('/api/documentos/envios', ok({ id: ID_ENVIO, tamanho, recebido: 0 }));
    http.get(`/api/documentos/envios/${ID_ENVIO}`, () => ok({ id: ID_ENVIO, tamanho, recebido }));
    http.put(`/api/documentos/envios/${ID_ENVIO}/partes`, (config) => {
      recebido = inicioDe(config.data) + ((config.data as FormData).get('parte') as File).size;
      if (inicioDe(config.data) === PARTE && cortar) {
        cortar = false;
        return networkError(config); // the server took it; the answer never came
      }
      return ok({ id: ID_ENVIO, tamanho, recebido });
    });
    http.post(`/api/documentos/envios/${ID_ENVIO}/concluir`, ok({ documentos: [documento(8, TipoDocumento.IDENTIFICACAO)] }));
    const chave = await enfileirar(EU, { idSolicitacao: 10, tipo: TipoDocumento.IDENTIFICACAO, arquivo: arquivo(tamanho) }, false);

    expect(await enviarDaFila(EU, chave)).toBeNull();
    const [naFila] = await documentosNaFila(EU, 10);
    expect(naFila).toMatchObject({ envio: ID_ENVIO, conflito: null, concluindo: false });

    expect((await enviarDaFila(EU, chave))?.id).toBe(8);
    const partes = http.calls.filter((c) => c.method === 'PUT').map((c) => inicioDe(c.data));
    expect(partes).toEqual([0, PARTE, 2 * PARTE]);
    // One start: the second round asked how much arrived instead of starting again.
    expect(http.callsTo('/api/documentos/envios')).toHaveLength(1);
    expect(http.callsTo(`/api/documentos/envios/${ID_ENVIO}`)).toHaveLength(1);
    expect(await documentosNaFila(EU, 10)).toEqual([]);
  });

  it('asks a conclusion whose answer was lost again with the same key, without opening the upload again', async () => {
    const tamanho = PARTE + 1;
    let perder = true;
    http.post('/api/documentos/envios', ok({ id: ID_ENVIO, tamanho, recebido: 0 }));
    http.put(`/api/documentos/envios/${ID_ENVIO}/partes`, (config) =>
      ok({ id: ID_ENVIO, tamanho, recebido: inicioDe(config.data) + ((config.data as FormData).get('parte') as File).size }));
    http.post(`/api/documentos/envios/${ID_ENVIO}/concluir`, (config) => {
      if (perder) {
        perder = false;
        return networkError(config);
      }
      return ok({ documentos: [documento(9, TipoDocumento.IDENTIFICACAO)] });
    });
    const chave = await enfileirar(EU, { idSolicitacao: 10, tipo: TipoDocumento.IDENTIFICACAO, arquivo: arquivo(tamanho) }, false);
    expect(await enviarDaFila(EU, chave)).toBeNull();
    expect((await enviarDaFila(EU, chave))?.id).toBe(9);
    const conclusoes = http.callsTo(`/api/documentos/envios/${ID_ENVIO}/concluir`);
    expect(conclusoes).toHaveLength(2);
    expect(chaveDe(conclusoes[1]!)).toBe(chaveDe(conclusoes[0]!));
    expect(http.callsTo('/api/documentos/envios')).toHaveLength(1);
  });

  it('opens the upload again from the phone\'s bytes, under new keys, when it expired before its conclusion ran', async () => {
    const tamanho = PARTE + 1;
    const NOVO = '7c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e';
    let aberturas = 0;
    http.post('/api/documentos/envios', () => ok({ id: aberturas++ === 0 ? ID_ENVIO : NOVO, tamanho, recebido: 0 }));
    http.put(/\/api\/documentos\/envios\/[^/]+\/partes$/, (config) =>
      ok({ id: ID_ENVIO, tamanho, recebido: inicioDe(config.data) + ((config.data as FormData).get('parte') as File).size }));
    http.post(`/api/documentos/envios/${ID_ENVIO}/concluir`, fail(404, 'Envio de documento não encontrado ou expirado. Escolha o arquivo novamente.', { codigoErro: CodigoErro.NAO_ENCONTRADO }));
    http.post(`/api/documentos/envios/${NOVO}/concluir`, ok({ documentos: [documento(11, TipoDocumento.IDENTIFICACAO)] }));
    const chave = await enfileirar(EU, { idSolicitacao: 10, tipo: TipoDocumento.IDENTIFICACAO, arquivo: arquivo(tamanho) }, false);
    expect((await enviarDaFila(EU, chave))?.id).toBe(11);
    const inicios = http.callsTo('/api/documentos/envios');
    expect(inicios).toHaveLength(2);
    expect(chaveDe(inicios[1]!)).not.toBe(chaveDe(inicios[0]!));
    const conclusoes = [...http.callsTo(`/api/documentos/envios/${ID_ENVIO}/concluir`), ...http.callsTo(`/api/documentos/envios/${NOVO}/concluir`)];
    expect(chaveDe(conclusoes[1]!)).not.toBe(chaveDe(conclusoes[0]!));
    expect(await documentosNaFila(EU, 10)).toEqual([]);
  });

  it('stops the send of a file replaced meanwhile: the old file is never concluded, the new one waits', async () => {
    const tamanho = 2 * PARTE;
    const parteSegura = deferred<MockReply>();
    http.post('/api/documentos/envios', ok({ id: ID_ENVIO, tamanho, recebido: 0 }));
    http.put(`/api/documentos/envios/${ID_ENVIO}/partes`, () => parteSegura.promise);
    http.post(`/api/documentos/envios/${ID_ENVIO}/concluir`, ok({ documentos: [documento(12, TipoDocumento.IDENTIFICACAO)] }));
    const antiga = await enfileirar(EU, { idSolicitacao: 10, tipo: TipoDocumento.IDENTIFICACAO, arquivo: arquivo(tamanho, 'antiga.pdf') }, false);
    const envio = enviarDaFila(EU, antiga);
    await vi.waitFor(() => expect(http.calls.some((c) => c.method === 'PUT')).toBe(true));
    const substituicao = enfileirar(EU, { idSolicitacao: 10, tipo: TipoDocumento.IDENTIFICACAO, arquivo: arquivo(10, 'nova.pdf') }, false);
    // The new file is kept first; then the old one is withdrawn, and its send stops after the part under way.
    await vi.waitFor(async () => expect((await documentosNaFila(EU, 10)).map((i) => i.nome)).toContain('nova.pdf'));
    await new Promise((r) => setTimeout(r, 0));
    parteSegura.resolve(ok({ id: ID_ENVIO, tamanho, recebido: PARTE }));
    await substituicao;
    expect(await envio).toBeNull();
    expect(http.callsTo(`/api/documentos/envios/${ID_ENVIO}/concluir`)).toEqual([]);
    expect(http.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect((await documentosNaFila(EU, 10)).map((i) => i.nome)).toEqual(['nova.pdf']);
  });

  it('keeps a refused file with the server\'s words until the fisher discards it', async () => {
    const mensagem = 'Esta solicitação não pode mais ser alterada.';
    http.post('/api/documentos', fail(406, mensagem, { codigoErro: CodigoErro.SOLICITACAO_NAO_EDITAVEL }));
    const chave = await enfileirar(EU, { idSolicitacao: 10, tipo: TipoDocumento.FOTO_3X4, arquivo: arquivo(10, 'foto.jpg') }, false);
    expect(await enviarDaFila(EU, chave)).toBeNull();
    const [recusado] = await documentosNaFila(EU, 10);
    expect(recusado?.conflito).toEqual({ codigoErro: CodigoErro.SOLICITACAO_NAO_EDITAVEL, mensagem });
    // Not sent again on its own.
    expect(await enviarDaFila(EU, chave)).toBeNull();
    expect(http.callsTo('/api/documentos')).toHaveLength(1);
    await descartarDaFila(EU, chave);
    expect(await documentosNaFila(EU, 10)).toEqual([]);
  });

  it('replaces a waiting file of a one-per-request type, and accumulates additional ones', async () => {
    await enfileirar(EU, { idSolicitacao: 10, tipo: TipoDocumento.FOTO_3X4, arquivo: arquivo(10, 'a.jpg') }, false);
    await enfileirar(EU, { idSolicitacao: 10, tipo: TipoDocumento.FOTO_3X4, arquivo: arquivo(10, 'b.jpg') }, false);
    await enfileirar(EU, { idSolicitacao: 10, tipo: TipoDocumento.ADICIONAL, arquivo: arquivo(10, 'c.pdf') }, true);
    await enfileirar(EU, { idSolicitacao: 10, tipo: TipoDocumento.ADICIONAL, arquivo: arquivo(10, 'd.pdf') }, true);
    expect((await documentosNaFila(EU, 10)).map((i) => i.nome)).toEqual(['b.jpg', 'c.pdf', 'd.pdf']);
  });
});
