import { describe, expect, it } from 'vitest';
import { CodigoErro, codigoErroDoStatus, codigoGeral, ehCasoDe, statusDoCodigo } from './codigos-erro';

describe('error codes', () => {
  it('gives every code the status of the general code it is a case of, and a general code its own status', () => {
    for (const codigo of Object.values(CodigoErro)) {
      const geral = codigoGeral(codigo);
      expect(codigoGeral(geral), codigo).toBe(geral);
      expect(statusDoCodigo(codigo), codigo).toBe(statusDoCodigo(geral));
      if (geral === codigo && codigo !== CodigoErro.ERRO_INTERNO) expect(codigoErroDoStatus(statusDoCodigo(codigo)), codigo).toBe(codigo);
    }
  });

  it('tells a domain refusal as a case of its general code, and not of another', () => {
    expect(statusDoCodigo(CodigoErro.REAP_JA_ENVIADA)).toBe(406);
    expect(ehCasoDe(CodigoErro.REAP_JA_ENVIADA, CodigoErro.ESTADO_NAO_PERMITE)).toBe(true);
    expect(ehCasoDe(CodigoErro.ESTADO_NAO_PERMITE, CodigoErro.ESTADO_NAO_PERMITE)).toBe(true);
    expect(ehCasoDe(CodigoErro.ARQUIVO_INVALIDO, CodigoErro.ESTADO_NAO_PERMITE)).toBe(false);
    expect(ehCasoDe(CodigoErro.ARQUIVO_INVALIDO, CodigoErro.DADOS_INVALIDOS)).toBe(true);
    expect(statusDoCodigo(CodigoErro.ULTIMO_GESTOR)).toBe(409);
    expect(ehCasoDe(undefined, CodigoErro.ESTADO_NAO_PERMITE)).toBe(false);
  });
});
