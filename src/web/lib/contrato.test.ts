import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as documento from '../../shared/contratos/documento';
import * as reap from '../../shared/contratos/reap';
import { installMockHttp, ok, type MockHttp } from '../test/http';
import { postDocumento } from './envelope';
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
