import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { envelopePlugin } from './envelope';
import { MENSAGEM_SOBRECARREGADO, MINIMO_DE_AMOSTRAS, sobrecargaPlugin } from './sobrecarga';

/**
 * Load shedding (decision 0070). In the whole app the pressure is forced by a heap threshold every process exceeds
 * (1 MB), so the shedding is on for good and refuses every request it may after three samples: what it refuses
 * and what it never refuses is read there. The triggers themselves (the median time in the server, the event-loop delay) are read on the plugin alone,
 * with a short sampling interval and a delay injected by a route.
 */

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits (up to 2 s) until `condicao` holds: the state changes at the next sample, whichever moment that is. */
async function ate(condicao: () => boolean): Promise<void> {
  const limite = Date.now() + 2000;
  while (!condicao() && Date.now() < limite) await esperar(5);
}

describe('in the app, while shedding', () => {
  let sob: TestApp;
  let livre: TestApp;
  let dir: string;
  const rota = (app: TestApp['app']) => {
    app.get('/api/test/trabalho', async () => ({ codigo: 200, mensagem: 'Sucesso', dados: { feito: true } }));
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rgp-sobrecarga-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(dir, 'assets/login-AbCd1234.js'), 'export const x = 1;');
    [sob, livre] = await Promise.all([
      createTestApp({ env: { OVERLOAD_MAX_HEAP_MB: '1', OVERLOAD_RETRY_AFTER_SECONDS: '7', WEB_DIST_DIR: dir }, beforeReady: rota }),
      createTestApp({ env: { OVERLOAD_MAX_HEAP_MB: '65536', OVERLOAD_MAX_RSS_MB: '65536' }, beforeReady: rota }),
    ]);
    // The share refused grows each second the pressure lasts (a half, three quarters, all).
    const limite = Date.now() + 8000;
    while (sob.app.sobrecarga.parte() < 1 && Date.now() < limite) await esperar(50);
  });
  afterAll(async () => {
    await Promise.all([sob?.close(), livre?.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers an API route 503 at once, with Retry-After and the Portuguese message in the envelope', async () => {
    expect(sob.app.sobrecarga.motivo()).toBe('heapUsedBytes');
    const res = await sob.app.inject({ method: 'GET', url: '/api/test/trabalho', headers: { 'x-request-id': 'lb-1' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['x-request-id']).toBe('lb-1');
    expect(res.json()).toEqual({
      codigo: 503, mensagem: MENSAGEM_SOBRECARREGADO, erros: [MENSAGEM_SOBRECARREGADO], codigoErro: 'SOBRECARREGADO',
    });
    expect(MENSAGEM_SOBRECARREGADO).toBe('O serviço está sobrecarregado no momento. Tente novamente em alguns instantes.');
  });

  it('sheds every other API route too, before it reaches the database (rate limits, sign-in)', async () => {
    const res = await sob.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(503);
    expect(res.json().codigoErro).toBe('SOBRECARREGADO');
  });

  it('never sheds readiness nor liveness: a busy instance stays in the balancer and is not restarted', async () => {
    for (const url of ['/api/health', '/api/health/vivo', '/api/health/']) {
      const res = await sob.app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['retry-after']]).toEqual([url, 200, undefined]);
    }
  });

  it('never sheds the web app: index.html and its hashed files load, so the page can say what happened', async () => {
    const js = await sob.app.inject({ method: 'GET', url: '/assets/login-AbCd1234.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('export const x = 1;');
    for (const url of ['/', '/login']) {
      const res = await sob.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('counts the refusals by kind of pressure in the metrics', async () => {
    const texto = await sob.app.metricas.texto();
    expect(texto).toMatch(/^rgp_sobrecarga_recusadas_total\{motivo="heapUsedBytes"\} [1-9]\d*$/m);
    expect(texto).toMatch(/^rgp_sobrecarga_ativa 1$/m);
    expect(texto).toMatch(/^rgp_http_requests_total\{method="GET",route="\/api\/test\/trabalho",status_code="503"\} 1$/m);
  });

  it('without pressure, answers the same route normally', async () => {
    await esperar(1100);
    expect(livre.app.sobrecarga.motivo()).toBeNull();
    const res = await livre.app.inject({ method: 'GET', url: '/api/test/trabalho' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ codigo: 200, mensagem: 'Sucesso', dados: { feito: true } });
    expect(res.headers['retry-after']).toBeUndefined();
  });
});

describe('what triggers it', () => {
  const INTERVALO = 150;
  const base = { heapMaximoBytes: 0, rssMaximoBytes: 0, retryAfterSegundos: 3, intervaloAmostraMs: INTERVALO };

  async function servidor(opts: { tempoMaximoNoServidorMs: number; atrasoMaximoMs: number }): Promise<FastifyInstance> {
    const app = Fastify({ logger: false });
    await app.register(envelopePlugin);
    await app.register(sobrecargaPlugin, { ...base, ...opts });
    // The injected delay: an answer that waits in the server (as behind a full database pool) without blocking.
    app.get('/api/test/lenta', async (req) => {
      await esperar(Number((req.query as { ms?: string }).ms ?? 0));
      return { codigo: 200, mensagem: 'Sucesso', dados: null };
    });
    app.get('/api/test/rapida', async () => ({ codigo: 200, mensagem: 'Sucesso', dados: null }));
    app.post('/api/test/envio', async (req) => ({ codigo: 200, mensagem: 'Sucesso', dados: { bytes: String(req.body).length } }));
    app.get('/api/health', async () => ({ codigo: 200, mensagem: 'Sucesso', dados: { status: 'ok' } }));
    app.get('/assets/*', async () => 'export {};');
    await app.ready();
    return app;
  }
  const status = async (app: FastifyInstance, url: string) => (await app.inject({ method: 'GET', url })).statusCode;

  it('sheds when the median request spends longer in the server than the objective, and stops when it no longer does', async () => {
    const app = await servidor({ tempoMaximoNoServidorMs: 100, atrasoMaximoMs: 0 });
    try {
      await Promise.all(Array.from({ length: MINIMO_DE_AMOSTRAS + 2 }, () => status(app, '/api/test/lenta?ms=250')));
      await ate(() => app.sobrecarga.motivo() !== null);
      expect(app.sobrecarga.motivo()).toBe('serverTime');
      // At first half the requests are refused, one in two.
      expect(app.sobrecarga.parte()).toBe(0.5);
      expect([await status(app, '/api/test/rapida'), await status(app, '/api/test/rapida')]).toEqual([200, 503]);
      expect(await status(app, '/api/health')).toBe(200);
      expect(await status(app, '/assets/login-AbCd1234.js')).toBe(200);
      // The shed answers are not measured: the next intervals have no slow request, and the shedding ends.
      await ate(() => app.sobrecarga.motivo() === null);
      expect(app.sobrecarga.motivo()).toBeNull();
      expect(await status(app, '/api/test/rapida')).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('counts requests still in the server with their age, so a queue that has not answered yet is seen', async () => {
    const app = await servidor({ tempoMaximoNoServidorMs: 100, atrasoMaximoMs: 0 });
    try {
      const inicio = performance.now();
      const presas = Promise.all(Array.from({ length: MINIMO_DE_AMOSTRAS + 2 }, () => status(app, '/api/test/lenta?ms=1500')));
      await ate(() => app.sobrecarga.motivo() !== null);
      expect(app.sobrecarga.motivo()).toBe('serverTime');
      expect(performance.now() - inicio).toBeLessThan(1500);
      expect(await presas).toEqual(Array.from({ length: MINIMO_DE_AMOSTRAS + 2 }, () => 200));
    } finally {
      await app.close();
    }
  });

  it('does not shed for a few slow answers (an idle server running one report) nor for many fast ones', async () => {
    const app = await servidor({ tempoMaximoNoServidorMs: 100, atrasoMaximoMs: 0 });
    try {
      await Promise.all(Array.from({ length: MINIMO_DE_AMOSTRAS - 1 }, () => status(app, '/api/test/lenta?ms=250')));
      await esperar(INTERVALO + 50);
      expect(app.sobrecarga.motivo()).toBeNull();
      // A saturated but fast loop: hundreds of answers back to back, each well within the objective.
      const fim = Date.now() + INTERVALO * 2;
      while (Date.now() < fim) await Promise.all(Array.from({ length: 16 }, () => status(app, '/api/test/rapida')));
      await esperar(INTERVALO + 50);
      expect(app.sobrecarga.motivo()).toBeNull();
      expect(await status(app, '/api/test/rapida')).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('does not count a slow link as server time: uploads trickling from phones beside a light client shed nothing', async () => {
    const app = await servidor({ tempoMaximoNoServidorMs: 100, atrasoMaximoMs: 0 });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const porta = (app.server.address() as net.AddressInfo).port;
      // 16 uploads of 1,600 bytes, 40 bytes every 40 ms (1.6 s each, as over a poor mobile link), all in flight at once.
      const TAMANHO = 1600;
      const envio = () => new Promise<string>((resolve) => {
        const s = net.connect(porta, '127.0.0.1');
        let resposta = '';
        s.on('data', (d: Buffer) => {
          resposta += d.toString('utf8');
        });
        s.on('error', () => undefined);
        s.on('close', () => resolve(resposta));
        s.on('connect', async () => {
          s.write(`POST /api/test/envio HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${TAMANHO}\r\nConnection: close\r\n\r\n`);
          for (let i = 0; i < TAMANHO && !s.destroyed; i += 40) {
            s.write('x'.repeat(40));
            await esperar(40);
          }
        });
      });
      const envios = Promise.all(Array.from({ length: 16 }, envio));
      // Beside them a light client: one fast request every 20 ms (fewer per interval than the uploads in flight).
      const statuses: number[] = [];
      const medianas: number[] = [];
      let medidas = 0;
      const fim = Date.now() + 1800;
      while (Date.now() < fim) {
        statuses.push(await status(app, '/api/test/rapida'));
        const m = app.sobrecarga.medida();
        medianas.push(m.medianaMs);
        medidas = Math.max(medidas, m.amostras);
        await esperar(20);
      }
      const respostas = await envios;
      expect(respostas.map((r) => /^HTTP\/1\.1 (\d{3})/.exec(r)?.[1])).toEqual(Array.from({ length: 16 }, () => '200'));
      expect(respostas[0]).toContain(`"bytes":${TAMANHO}`);
      expect(statuses.filter((c) => c !== 200)).toEqual([]);
      expect(app.sobrecarga.motivo()).toBeNull();
      // Requests were measured, and the server's own time stayed far below the objective.
      expect(medidas).toBeGreaterThan(0);
      expect(Math.max(...medianas)).toBeLessThan(50);
    } finally {
      await app.close();
    }
  });

  it('counts a request still in the server once, not again at every sample', async () => {
    const app = await servidor({ tempoMaximoNoServidorMs: 100, atrasoMaximoMs: 0 });
    try {
      // Ten long requests (a report each), two starting per interval, each held for twelve intervals, beside a
      // light client of fewer fast requests per interval than the long ones in flight. Counted once each (two per
      // interval at most), they never outnumber the fast answers; counted at every sample (ten per interval), they
      // did, and the server shed its light traffic.
      const longas: Promise<number>[] = [];
      const statuses: number[] = [];
      const fim = Date.now() + INTERVALO * 10;
      let proxima = Date.now();
      while (Date.now() < fim) {
        if (longas.length < 10 && Date.now() >= proxima) {
          longas.push(status(app, `/api/test/lenta?ms=${INTERVALO * 12}`));
          proxima += INTERVALO / 2;
        }
        statuses.push(await status(app, '/api/test/rapida'));
        expect(app.sobrecarga.motivo()).toBeNull();
        await esperar(INTERVALO / 8);
      }
      expect(statuses.filter((c) => c !== 200)).toEqual([]);
      expect(await Promise.all(longas)).toEqual(Array.from({ length: 10 }, () => 200));
    } finally {
      await app.close();
    }
  });

  it('sheds when the event loop is late past the objective', async () => {
    const app = await servidor({ tempoMaximoNoServidorMs: 0, atrasoMaximoMs: 40 });
    try {
      await esperar(INTERVALO + 50);
      expect(app.sobrecarga.motivo()).toBeNull();
      // Synchronous work in slices of 120 ms: the loop's mean delay goes past 40 ms, and while it does an API
      // request is shed and readiness is not.
      let res: Awaited<ReturnType<typeof app.inject>> | undefined;
      let saude = 0;
      const fim = Date.now() + 3000;
      while (Date.now() < fim && !res) {
        const fatia = Date.now() + 120;
        while (Date.now() < fatia) { /* busy */ }
        await esperar(1);
        if (app.sobrecarga.motivo() === 'eventLoopDelay') {
          const [r1, r2, s] = await Promise.all([
            app.inject({ method: 'GET', url: '/api/test/rapida' }), app.inject({ method: 'GET', url: '/api/test/rapida' }), status(app, '/api/health'),
          ]);
          res = r1.statusCode === 503 ? r1 : r2;
          saude = s;
        }
      }
      expect(res?.statusCode).toBe(503);
      expect(res?.headers['retry-after']).toBe('3');
      expect(saude).toBe(200);
    } finally {
      await app.close();
    }
  });
});
