import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { MENSAGEM_SOBRECARREGADO } from './sobrecarga';

/**
 * Load shedding (decision 0048). The pressure is forced by a heap threshold every process exceeds (1 MB): the
 * plugin's sample, a second after start, puts the server under pressure for good. Beside it, the same server with
 * thresholds it does not reach answers normally.
 */

let sob: TestApp;
let livre: TestApp;

const rota = (app: TestApp['app']) => {
  app.get('/api/test/trabalho', async () => ({ codigo: 200, mensagem: 'Sucesso', dados: { feito: true } }));
};

beforeAll(async () => {
  [sob, livre] = await Promise.all([
    createTestApp({ env: { OVERLOAD_MAX_HEAP_MB: '1', OVERLOAD_RETRY_AFTER_SECONDS: '7' }, beforeReady: rota }),
    createTestApp({ env: { OVERLOAD_MAX_HEAP_MB: '65536', OVERLOAD_MAX_RSS_MB: '65536' }, beforeReady: rota }),
  ]);
  const limite = Date.now() + 5000;
  while (!sob.app.isUnderPressure() && Date.now() < limite) await new Promise((r) => setTimeout(r, 50));
});
afterAll(async () => {
  await Promise.all([sob.close(), livre.close()]);
});

describe('under overload', () => {
  it('answers 503 at once, with Retry-After and the Portuguese message in the envelope', async () => {
    expect(sob.app.isUnderPressure()).toBe(true);
    const res = await sob.app.inject({ method: 'GET', url: '/api/test/trabalho', headers: { 'x-request-id': 'lb-1' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['x-request-id']).toBe('lb-1');
    expect(res.json()).toEqual({
      codigo: 503, mensagem: MENSAGEM_SOBRECARREGADO, erros: [MENSAGEM_SOBRECARREGADO], codigoErro: 'SOBRECARREGADO',
    });
    expect(MENSAGEM_SOBRECARREGADO).toBe('O serviço está sobrecarregado no momento. Tente novamente em alguns instantes.');
  });

  it('sheds every other route too, before it reaches the database (rate limits, sign-in)', async () => {
    const res = await sob.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(503);
    expect(res.json().codigoErro).toBe('SOBRECARREGADO');
  });

  it('still answers the liveness probe, so that the orchestrator does not restart a busy instance', async () => {
    const res = await sob.app.inject({ method: 'GET', url: '/api/health/vivo' });
    expect(res.statusCode).toBe(200);
  });

  it('sheds the readiness probe, so that the balancer sends the busy instance less traffic', async () => {
    const res = await sob.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('counts the refusals by kind of pressure in the metrics', async () => {
    const texto = await sob.app.metricas.texto();
    expect(texto).toMatch(/^rgp_sobrecarga_recusadas_total\{motivo="heapUsedBytes"\} [1-9]\d*$/m);
    expect(texto).toMatch(/^rgp_sobrecarga_ativa 1$/m);
    expect(texto).toMatch(/^rgp_http_requests_total\{method="GET",route="\/api\/test\/trabalho",status_code="503"\} 1$/m);
  });
});

describe('without overload', () => {
  it('answers the same route normally', async () => {
    await new Promise((r) => setTimeout(r, 1100));
    expect(livre.app.isUnderPressure()).toBe(false);
    const res = await livre.app.inject({ method: 'GET', url: '/api/test/trabalho' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ codigo: 200, mensagem: 'Sucesso', dados: { feito: true } });
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
