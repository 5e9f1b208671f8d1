import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITE_DRENAGEM_BYTES } from './erro-do-cliente';
import { createTestApp, type TestApp } from './test/helpers';

/**
 * Every request gets an answer (issue 33, point 4: a fuzz met EPIPE on POST /api/municipios/filtro and
 * POST /api/reap/questionario-basico with raw bodies). Raw sockets, because what fails is the connection: a client
 * that sends its whole body before reading (as most HTTP clients do) got no answer when the server answered early
 * (413) and closed with the body still coming; a broken request (a body cut short, bad chunk framing) got an
 * answer outside the envelope.
 */

let t: TestApp;
let porta: number;
const XSRF = 'Cookie: XSRF-TOKEN=abc\r\nX-XSRF-TOKEN: abc\r\n';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  porta = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

interface Resultado { resposta: string; erro: string | null }

/**
 * Sends `cabecalho`, then `corpo` in pieces of 64 KB a few milliseconds apart, then half-closes (unless `fechar` is
 * false); reads nothing until it has sent it all, then reads until the server closes or `esperaMs` pass.
 */
function enviar(cabecalho: string, corpo: Buffer, opts: { fechar?: boolean; esperaMs?: number } = {}): Promise<Resultado> {
  return new Promise((resolve) => {
    const s = net.connect(porta, '127.0.0.1');
    s.pause();
    const recebido: Buffer[] = [];
    let erro: string | null = null;
    let fim: NodeJS.Timeout | undefined;
    s.on('data', (d: Buffer) => {
      recebido.push(d);
    });
    s.on('error', (e) => {
      erro ??= (e as NodeJS.ErrnoException).code ?? e.message;
    });
    s.on('close', () => {
      clearTimeout(fim);
      resolve({ resposta: Buffer.concat(recebido).toString('utf8'), erro });
    });
    s.on('connect', async () => {
      s.write(cabecalho);
      for (let i = 0; i < corpo.length && !s.destroyed; i += 64 * 1024) {
        s.write(corpo.subarray(i, i + 64 * 1024));
        await new Promise((r) => setTimeout(r, 2));
      }
      if (!s.destroyed && opts.fechar !== false) s.end();
      s.resume();
      fim = setTimeout(() => s.destroy(), opts.esperaMs ?? 3000);
    });
  });
}

const post = (url: string, extra: string) => `POST ${url} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${XSRF}${extra}\r\n`;
const statusDe = (r: Resultado) => Number(/^HTTP\/1\.1 (\d{3}) /.exec(r.resposta)?.[1] ?? 0);
const envelopeDe = (r: Resultado) => JSON.parse(r.resposta.slice(r.resposta.indexOf('\r\n\r\n') + 4).split('HTTP/1.1')[0]!) as Record<string, unknown>;

describe('a body larger than allowed, sent whole before the answer is read', () => {
  const corpo = Buffer.from(`{"a":"${'x'.repeat(1_100_000)}"}`);
  for (const url of ['/api/municipios/filtro', '/api/reap/questionario-basico']) {
    it(`gets its answer on ${url}, not a broken pipe`, async () => {
      const r = await enviar(post(url, `Content-Length: ${corpo.length}\r\n`), corpo);
      expect([r.erro, statusDe(r)]).toEqual([null, url === '/api/municipios/filtro' ? 413 : expect.any(Number)]);
      const env = envelopeDe(r);
      expect(env.codigo).toBe(statusDe(r));
      expect(env.mensagem).toEqual(expect.any(String));
    });
  }

  it('the connection stays usable once the body is read', async () => {
    const corpoMenor = Buffer.from(`{"a":"${'x'.repeat(1_100_000)}"}`);
    const seguinte = 'GET /api/health/vivo HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    const r = await enviar(post('/api/municipios/filtro', `Content-Length: ${corpoMenor.length}\r\n`),
      Buffer.concat([corpoMenor, Buffer.from(seguinte)]), { fechar: false });
    expect(r.erro).toBeNull();
    const respostas = r.resposta.match(/HTTP\/1\.1 \d{3}/g);
    expect(respostas).toEqual(['HTTP/1.1 413', 'HTTP/1.1 200']);
  });
});

describe('the drain is bounded', () => {
  it(`a body declared over ${LIMITE_DRENAGEM_BYTES / 1024 / 1024} MB is not read: the 413 goes out and the connection is closed`, async () => {
    const inicio = performance.now();
    const r = await new Promise<Resultado>((resolve) => {
      const s = net.connect(porta, '127.0.0.1');
      const recebido: Buffer[] = [];
      let erro: string | null = null;
      s.on('data', (d: Buffer) => recebido.push(d));
      s.on('error', (e) => {
        erro ??= (e as NodeJS.ErrnoException).code ?? e.message;
      });
      s.on('close', () => resolve({ resposta: Buffer.concat(recebido).toString('utf8'), erro }));
      s.on('connect', () => {
        s.write(post('/api/municipios/filtro', `Content-Length: ${LIMITE_DRENAGEM_BYTES + 1}\r\n`));
        s.write(Buffer.alloc(64 * 1024, 0x78));
      });
      setTimeout(() => s.destroy(), 5000);
    });
    expect(statusDe(r)).toBe(413);
    expect(r.resposta).toMatch(/^connection: close$/im);
    expect(performance.now() - inicio).toBeLessThan(4000);
  });
});

describe('the drain is bounded by the bytes read, chunked bodies too', () => {
  /** The server's side of the next connection, to read how much of it the server read. */
  const proximaConexao = () => new Promise<net.Socket>((resolve) => {
    t.app.server.once('connection', resolve);
  });

  it(`a chunked body of 8 MB after a 401 is read only up to the bound (${LIMITE_DRENAGEM_BYTES / 1024 / 1024} MB), then the connection is closed`, async () => {
    const doServidor = proximaConexao();
    const inicio = performance.now();
    let enviados = 0;
    const r = await new Promise<Resultado>((resolve) => {
      const s = net.connect(porta, '127.0.0.1');
      const recebido: Buffer[] = [];
      let erro: string | null = null;
      s.on('data', (d: Buffer) => recebido.push(d));
      s.on('error', (e) => {
        erro ??= (e as NodeJS.ErrnoException).code ?? e.message;
      });
      s.on('close', () => resolve({ resposta: Buffer.concat(recebido).toString('utf8'), erro }));
      s.on('connect', async () => {
        // No session: the guard answers 401 before the body; then 8 MB in 64 KB chunks, declaring no length.
        s.write(post('/api/reap/questionario-basico', 'Transfer-Encoding: chunked\r\n'));
        const pedaco = Buffer.alloc(64 * 1024, 0x78);
        for (let i = 0; i < 128 && !s.destroyed; i++) {
          s.write(`${pedaco.length.toString(16)}\r\n`);
          s.write(pedaco);
          s.write('\r\n');
          enviados += pedaco.length;
          await new Promise((ok) => setTimeout(ok, 1));
        }
        setTimeout(() => s.destroy(), 3000);
      });
    });
    const servidor = await doServidor;
    expect(statusDe(r)).toBe(401);
    expect(servidor.destroyed).toBe(true);
    // Read: the headers, what arrived before the answer, and the bound (plus the last piece read); not the 8 MB.
    expect(servidor.bytesRead).toBeLessThan(2 * 1024 * 1024 + 256 * 1024);
    expect(LIMITE_DRENAGEM_BYTES).toBe(2 * 1024 * 1024);
    // The client met the closed connection before it had sent all 8 MB.
    expect(enviados).toBeLessThan(128 * 64 * 1024);
    expect(performance.now() - inicio).toBeLessThan(4000);
  });

  it('a small body after a 401 is drained and the connection answers the next request', async () => {
    const corpo = Buffer.from(`{"a":"${'x'.repeat(2000)}"}`);
    const seguinte = 'GET /api/health/vivo HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    const r = await enviar(post('/api/reap/questionario-basico', `Content-Length: ${corpo.length}\r\n`),
      Buffer.concat([corpo, Buffer.from(seguinte)]), { fechar: false });
    expect(r.erro).toBeNull();
    expect(r.resposta.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 401', 'HTTP/1.1 200']);
  });
});

describe('a broken request gets an answer in the envelope', () => {
  it('a body cut short by the client (half-closed before Content-Length bytes)', async () => {
    const r = await enviar(post('/api/municipios/filtro', 'Content-Length: 100\r\n'), Buffer.from('{"ids":[1'));
    expect([r.erro, statusDe(r)]).toEqual([null, 400]);
    expect(envelopeDe(r)).toMatchObject({ codigo: 400, codigoErro: 'DADOS_INVALIDOS' });
    expect(envelopeDe(r).mensagem).toMatch(/requisição/i);
  });

  it('bad chunk framing', async () => {
    const r = await enviar(post('/api/reap/questionario-basico', 'Transfer-Encoding: chunked\r\n'), Buffer.from('zz\r\n{"id"\r\n0\r\n\r\n'));
    expect([r.erro, statusDe(r)]).toEqual([null, 400]);
    expect(envelopeDe(r)).toMatchObject({ codigo: 400, codigoErro: 'DADOS_INVALIDOS' });
  });

  it('headers larger than the server takes: 431 in the envelope', async () => {
    const r = await enviar(`GET /api/health/vivo HTTP/1.1\r\nHost: localhost\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`, Buffer.alloc(0));
    expect(statusDe(r)).toBe(431);
    expect(envelopeDe(r)).toMatchObject({ codigo: 431 });
  });

  it('a client that vanishes mid-body is dropped without an error left behind: the server answers the next one', async () => {
    await new Promise<void>((resolve) => {
      const s = net.connect(porta, '127.0.0.1', () => {
        s.write(post('/api/reap/questionario-basico', 'Content-Length: 5000\r\n'));
        s.write('{"id":1,');
        setTimeout(() => {
          s.destroy();
          resolve();
        }, 50);
      });
      s.on('error', () => undefined);
    });
    await new Promise((r) => setTimeout(r, 100));
    const r = await enviar('GET /api/health/vivo HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n', Buffer.alloc(0));
    expect(statusDe(r)).toBe(200);
  });
});
