import { describe, expect, it } from 'vitest';
import { CodigoErro } from '../../shared/codigos-erro';
import type { ApiRequest } from './api';
import { ApiError, codigoErroDe } from './erros';

const PEDIDO = { method: 'POST', url: '/api/x', headers: new Headers(), data: undefined } as ApiRequest;

function falha(status: number, data: unknown) {
  return new ApiError(`Falhou com ${status}`, status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST', PEDIDO, { status, data, headers: new Headers() });
}

describe('codigoErroDe', () => {
  it("reads the envelope's code, the one the server chose for the refusal", () => {
    expect(codigoErroDe(falha(404, { codigo: 404, mensagem: 'x', erros: [], codigoErro: CodigoErro.HORARIO_NADA_A_APLICAR })))
      .toBe(CodigoErro.HORARIO_NADA_A_APLICAR);
    expect(codigoErroDe(falha(403, { codigo: 403, mensagem: 'x', erros: [], codigoErro: CodigoErro.FORA_DO_HORARIO }))).toBe(CodigoErro.FORA_DO_HORARIO);
  });

  it("takes the status's code for an answer without one (a proxy's page, an unknown code)", () => {
    expect(codigoErroDe(falha(502, '<html>Bad Gateway</html>'))).toBe(CodigoErro.ERRO_INTERNO);
    expect(codigoErroDe(falha(406, { codigo: 406, mensagem: 'x', erros: [] }))).toBe(CodigoErro.ESTADO_NAO_PERMITE);
    expect(codigoErroDe(falha(400, { codigoErro: 'OUTRO' }))).toBe(CodigoErro.DADOS_INVALIDOS);
  });

  it('has none when nothing answered, or for a failure that is not a call', () => {
    expect(codigoErroDe(new ApiError('Sem rede', 'ERR_NETWORK', PEDIDO))).toBeUndefined();
    expect(codigoErroDe(new Error('x'))).toBeUndefined();
    expect(codigoErroDe(undefined)).toBeUndefined();
  });
});
