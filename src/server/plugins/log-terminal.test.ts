import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { destinoDoLog } from './log-terminal';
import { opcoesDeLog } from './redact';

describe('the log destination', () => {
  it('is JSON on stdout in production and whenever stdout is not a terminal', async () => {
    expect(await destinoDoLog('production', { terminal: true })).toBeUndefined();
    expect(await destinoDoLog('development', { terminal: false })).toBeUndefined();
  });

  it('is one readable line per event at a development terminal, with personal data still hidden', async () => {
    const saida = new PassThrough();
    const partes: string[] = [];
    saida.on('data', (c: Buffer) => partes.push(c.toString()));
    const destino = await destinoDoLog('development', { terminal: true, saida });
    expect(destino).toBeDefined();
    const log = pino(opcoesDeLog('info'), destino);
    log.info({ reqId: 'abc-1', pescador: { cpf: '12345678909' } }, 'request completed');
    await new Promise((r) => setImmediate(r));
    const texto = partes.join('');
    expect(texto).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed/);
    expect(texto).toContain('reqId: "abc-1"');
    expect(texto).not.toContain('12345678909');
    expect(texto).toContain('[oculto]');
    expect(() => JSON.parse(texto)).toThrow();
  });
});
