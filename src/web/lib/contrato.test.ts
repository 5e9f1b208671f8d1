import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as documento from '../../shared/contratos/documento';
import * as reap from '../../shared/contratos/reap';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { CABECALHO_REPRESENTADO } from '../../shared/representacao';
import { acessosAosMeusDados, situacaoReap } from '../../shared/leituras-pescador';
import { postDocumento } from './envelope';
import { lerDados } from './leitura';
import { atuarPor, deixarDeAtuar } from './representacao';
import { chamar } from './contrato';

let http: MockHttp & { restore: () => void };
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
});

describe('the idempotency key of a save (decision 0060)', () => {
  it('goes as Idempotency-Key when the caller gives one, and not otherwise', async () => {
    http.post('/api/reap/gerar-reap-pescador/7', ok({ criadas: [1] }));
    await chamar(reap.gerar, { params: { idPescador: 7 }, chaveIdempotencia: 'chave-0001-abcd' });
    await chamar(reap.gerar, { params: { idPescador: 7 } });
    expect(http.calls.map((c) => c.config.headers.get('Idempotency-Key'))).toEqual(['chave-0001-abcd', null]);
  });

  it('goes with a document upload too', async () => {
    const doc = {
      id: 1, nome: 'a.pdf', nomeArquivo: 'a.pdf', url: '/x', urlArquivo: '/x', chave: 'k', chaveArquivo: 'k', tipoDocumento: 6, migrado: false, aprovado: false,
    };
    http.post('/api/documentos', ok({ documentos: [doc] }));
    const arquivo = new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' });
    await postDocumento(documento.enviar, { idSolicitacao: 3, tipo: 6 }, arquivo, 'chave-0002-abcd');
    expect(http.calls[0]?.config.headers.get('Idempotency-Key')).toBe('chave-0002-abcd');
  });
});

describe("an agent's calls for the fisher it picked (decision 0110)", () => {
  afterEach(deixarDeAtuar);

  it("carry the fisher's header on a document upload and on a /home read of a delegable route, and not elsewhere", async () => {
    const doc = {
      id: 1, nome: 'a.pdf', nomeArquivo: 'a.pdf', url: '/x', urlArquivo: '/x', chave: 'k', chaveArquivo: 'k', tipoDocumento: 6, migrado: false, aprovado: false,
    };
    http.post('/api/documentos', ok({ documentos: [doc] }));
    http.get('/api/reap/situacao-pescador/7', ok({ devidas: [], motivo: 'todasEnviadas', anoInicioRegistro: null, anosSuspensao: [] }));
    http.get('/api/lgpd/acessos', ok({ acessos: [], proximo: null }));
    atuarPor({ idPescador: 7, nome: 'Pescador', entidade: 'Colônia Z-1' });
    await postDocumento(documento.enviar, { idSolicitacao: 3, tipo: 6 }, new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }));
    await lerDados(situacaoReap, { params: { idPescador: 7 } });
    await lerDados(acessosAosMeusDados);
    expect(http.calls.map((c) => c.config.headers.get(CABECALHO_REPRESENTADO))).toEqual(['7', '7', null]);
  });
});
