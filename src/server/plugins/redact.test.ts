import { describe, expect, it } from 'vitest';
import { maskUrl } from './redact';

describe('log redaction of addresses', () => {
  it('masks CPFs and secret query values', () => {
    expect(maskUrl('/api/usuario-mapa?cpf=52998224725&pagina=1')).toBe('/api/usuario-mapa?cpf=***&pagina=1');
    expect(maskUrl('/api/dados-bcpf/529.982.247-25')).toBe('/api/dados-bcpf/***');
    expect(maskUrl('/api/cloud-storage/abc?jwt=eyJhbGciOi.x.y')).toBe('/api/cloud-storage/abc?jwt=***');
    expect(maskUrl('/login?code=abc&state=def')).toBe('/login?code=***&state=***');
    expect(maskUrl('/api/arquivos/abc?expira=1&assinatura=deadbeef')).toBe('/api/arquivos/abc?expira=1&assinatura=***');
    expect(maskUrl('/api/carteira-profissional/verificar/AbC_123-x?y=1')).toBe('/api/carteira-profissional/verificar/***?y=1');
    expect(maskUrl('/api/solicitacao/123')).toBe('/api/solicitacao/123');
    // Names in the staff lists' filters, in the API and in the web page's own address.
    expect(maskUrl('/api/analise-solicitacao?nome=JOSE%20DA%20SILVA&pagina=1')).toBe('/api/analise-solicitacao?nome=***&pagina=1');
    expect(maskUrl('/analise/acompanhar-analises?situacao=1&NOME=maria&email=a%40b.br')).toBe('/analise/acompanhar-analises?situacao=1&NOME=***&email=***');
  });
});
