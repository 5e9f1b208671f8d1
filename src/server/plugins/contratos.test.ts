import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { contrato } from '../../shared/contrato';
import { rota } from './contratos';

function app() {
  const a = Fastify();
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  // Lets every caller in, marking the route as guarded: what matters here is whether the guard is there.
  a.decorate('autorizar', () => async (req: { headers: Record<string, unknown> }) => {
    if (!req.headers.authorization) throw Object.assign(new Error('sem token'), { statusCode: 401 });
  });
  return a;
}

const base = { metodo: 'GET', tag: 't', resumo: 'r', resposta: z.object({ ok: z.boolean() }) } as const;

describe('rota: the guard comes from the permission table', () => {
  it('guards a route whose permission leaves the anonymous caller out, and leaves a public one open', async () => {
    const a = app();
    rota(a, contrato({ ...base, caminho: '/api/t/sessao', permissao: 'sessao' }), async () => ({ codigo: 200, mensagem: 'ok', dados: { ok: true } }));
    rota(a, contrato({ ...base, caminho: '/api/t/publico', permissao: 'publico' }), async () => ({ codigo: 200, mensagem: 'ok', dados: { ok: true } }));
    expect((await a.inject({ url: '/api/t/sessao' })).statusCode).toBe(401);
    expect((await a.inject({ url: '/api/t/publico' })).statusCode).toBe(200);
  });

  it('refuses to register a route whose permission admits the anonymous caller but not every profile without a guard of its own', () => {
    expect(() => rota(app(), contrato({ ...base, caminho: '/api/t/arquivo', permissao: 'arquivo.ler' }), async () => ({})))
      .toThrow(/admite o anônimo mas não todos os perfis/);
    expect(() => rota(app(), contrato({ ...base, caminho: '/api/t/arquivo', permissao: 'arquivo.ler' }), async () => ({}), {
      guardaPropria: { motivo: 'teste', preValidation: async () => {} },
    })).not.toThrow();
  });
});
