import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portaLivre } from '../../test/porta-livre';
import { BcpfIndisponivel } from './bcpf';
import { HttpBcpf } from './http-bcpf';

/** A real HTTP peer standing in for the CPF registry: its answers by CPF, and what it was asked. */
const pedidos: { url: string; authorization: string | undefined }[] = [];
let base = '';
let servidor: http.Server;

const RESPOSTAS: Record<string, (res: http.ServerResponse) => void> = {
  '80000000833': (res) => json(res, 200, [{ cpf: '800.000.008-33', nome: 'MARIA DE NAZARÉ SOUZA', matricula: 1234567, email: 'maria@pesca.gov.br' }]),
  '80000001058': (res) => json(res, 200, {
    servidores: [
      { cpf: '80000001058', nome: 'ANTÔNIO CARLOS LIMA', matricula: '1' },
      { cpf: '80000001058', nome: 'ANTONIO CARLOS LIMA', matricula: '2' },
      { cpf: '11144477735', nome: 'OUTRA PESSOA' },
    ],
  }),
  '52998224725': (res) => json(res, 404, { mensagem: 'não encontrado' }),
  '11144477735': (res) => json(res, 500, { erro: 'interno' }),
  '39053344705': (res) => json(res, 200, { formato: 'inesperado' }),
  '15350946056': () => undefined, // never answers
};

function json(res: http.ServerResponse, status: number, corpo: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(corpo));
}

beforeAll(async () => {
  servidor = http.createServer((req, res) => {
    pedidos.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const cpf = /\/pessoas\/(\d{11})$/.exec(req.url ?? '')?.[1] ?? '';
    (RESPOSTAS[cpf] ?? ((r: http.ServerResponse) => json(r, 400, {})))(res);
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/api/v1/`;
});
afterAll(async () => {
  servidor.closeAllConnections();
  await new Promise((resolve) => servidor.close(resolve));
});

const cliente = (timeoutMs = 2000) => new HttpBcpf({ url: base, usuario: 'rgp', senha: 's3gredo', timeoutMs });

describe('HttpBcpf against a real HTTP peer', () => {
  it('asks GET {url}/pessoas/{cpf} with Basic credentials and answers the records', async () => {
    expect(await cliente().consultar('80000000833')).toEqual([
      { cpf: '80000000833', nome: 'MARIA DE NAZARÉ SOUZA', matricula: '1234567', email: 'maria@pesca.gov.br' },
    ]);
    expect(pedidos.at(-1)).toEqual({ url: '/api/v1/pessoas/80000000833', authorization: `Basic ${Buffer.from('rgp:s3gredo').toString('base64')}` });
  });

  it('reads the { servidores } shape and passes on no record of another CPF', async () => {
    const r = await cliente().consultar('80000001058');
    expect(r.map((p) => p.nome)).toEqual(['ANTÔNIO CARLOS LIMA', 'ANTONIO CARLOS LIMA']);
  });

  it('answers no record on 404', async () => {
    expect(await cliente().consultar('52998224725')).toEqual([]);
  });

  it.each([
    ['an error status', '11144477735', /status 500/],
    ['an answer out of its format', '39053344705', /fora do formato/],
    ['no answer within the timeout', '15350946056', /sem resposta em 300 ms/],
  ])('throws BcpfIndisponivel on %s', async (_caso, cpf, motivo) => {
    const erro = await cliente(300).consultar(cpf).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(BcpfIndisponivel);
    expect((erro as Error).message).toMatch(motivo);
  });

  it('throws BcpfIndisponivel when nothing listens at the address', async () => {
    const porta = await portaLivre();
    const fora = new HttpBcpf({ url: `http://127.0.0.1:${porta}`, usuario: undefined, senha: undefined, timeoutMs: 1000 });
    await expect(fora.consultar('80000000833')).rejects.toThrow(/falha de conexão/);
  });
});
