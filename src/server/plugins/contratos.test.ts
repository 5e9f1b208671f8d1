import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { CodigoErro } from '../../shared/codigos-erro';
import { contrato } from '../../shared/contrato';
import { AppError } from '../lib/errors';
import { rota } from './contratos';
import { envelopePlugin } from './envelope';

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

describe('the domain refusals a contract lists (decision 0080)', () => {
  const recusa = async () => {
    throw AppError.recusa(CodigoErro.REAP_JA_ENVIADA, 'Já enviada.');
  };
  async function comEnvelope(verificar: boolean) {
    const a = app();
    await a.register(envelopePlugin, { verificarCodigosDosContratos: verificar });
    rota(a, contrato({ ...base, caminho: '/api/t/listada', permissao: 'publico', codigos: [CodigoErro.REAP_JA_ENVIADA] }), recusa);
    rota(a, contrato({ ...base, caminho: '/api/t/nao-listada', permissao: 'publico', codigos: [CodigoErro.REAP_FORA_DO_PRAZO] }), recusa);
    rota(a, contrato({ ...base, caminho: '/api/t/generica', permissao: 'publico' }), async () => {
      throw AppError.notFound('Nada.');
    });
    return a;
  }

  it('answers a listed code as thrown, and under test a code the contract does not list as 500 naming it', async () => {
    const a = await comEnvelope(true);
    const listada = await a.inject({ url: '/api/t/listada' });
    expect([listada.statusCode, listada.json().codigoErro]).toEqual([406, 'REAP_JA_ENVIADA']);
    const naoListada = await a.inject({ url: '/api/t/nao-listada' });
    expect(naoListada.statusCode).toBe(500);
    expect(naoListada.json().mensagem).toBe('REAP_JA_ENVIADA não listado no contrato de GET /api/t/nao-listada');
    // A general code (a status's own) is the route's shape's, never listed.
    expect((await a.inject({ url: '/api/t/generica' })).statusCode).toBe(404);
  });

  it('answers every code as thrown outside the tests', async () => {
    const a = await comEnvelope(false);
    const res = await a.inject({ url: '/api/t/nao-listada' });
    expect([res.statusCode, res.json().codigoErro]).toEqual([406, 'REAP_JA_ENVIADA']);
  });
});
