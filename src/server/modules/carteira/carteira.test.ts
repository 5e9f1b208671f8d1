import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { textoDoPdf } from '../../test/pdf-texto';
import { MENSAGENS_CARTEIRA } from '../../../shared/schemas/carteira';
import { AssinadorCarteira, chaveTokenCarteira } from './carteira-token';
import { LIMITE_VERIFICACAO_POR_MINUTO } from './carteira.routes';
import { anexarFoto, armazenamentoTemporario, novoIp, solicitacaoDeferida, tornarAtivo } from './carteira.test-utils';

const MSG_INATIVO = 'A carteira só pode ser impressa com o registro ativo.';
const MSG_CODIGO = 'Código de verificação inválido.';
const MSG_SUBSTITUIDA = 'Esta carteira foi substituída por uma emissão mais recente.';

let t: TestApp;
let remover: () => Promise<void>;
let pescador: Sessao;
let idPescador = 0;

beforeAll(async () => {
  const tmp = await armazenamentoTemporario();
  remover = tmp.remover;
  t = await createTestApp({ storage: tmp.storage });
  pescador = await entrarComo(t.app, '40000000477');
  idPescador = decodeJwt(pescador.token).idPescador as number;
  await tornarAtivo(t.db, idPescador);
  const sol = await solicitacaoDeferida(t.db, idPescador, '2024000000042');
  await anexarFoto(t.db, tmp.storage, idPescador, sol);
});
afterAll(async () => {
  await t.close();
  await remover();
});

const imprimir = (id = idPescador) => pescador.api({ method: 'GET', url: `/api/pescador/${id}/imprimir-carteira` });

/** The QR code's address: the PDF links the QR image to it (a /URI annotation, not compressed). */
function enderecoDoQr(pdf: Buffer): string {
  const m = /\/URI \((http[^)]+verificar-carteira\?token=[^)]+)\)/.exec(pdf.toString('latin1'));
  if (!m) throw new Error('no verification link in the PDF');
  return m[1]!;
}

const tokenDe = (endereco: string) => new URL(endereco).searchParams.get('token')!;

const verificar = (token: string, remoteAddress = novoIp()) =>
  t.app.inject({ method: 'GET', url: `/api/carteira-profissional/verificar/${encodeURIComponent(token)}`, remoteAddress });

describe('GET /api/pescador/{id}/imprimir-carteira', () => {
  it('prints the active fisher\'s card as a PDF, inline and never cached', async () => {
    const res = await imprimir();
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="carteira-PA-PA-00000000042\.pdf"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const texto = pdf.toString('latin1');
    // One page; the photo embedded as a JPEG (DCT), the QR code as a PNG.
    expect(texto.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(texto).toContain('/DCTDecode');
    expect(enderecoDoQr(pdf)).toMatch(/^http:\/\/localhost:3000\/verificar-carteira\?token=[A-Za-z0-9_-]{54}$/);
    // No CPF in the PDF's metadata or links.
    expect(texto).not.toContain('40000000477');
  });

  it('shows, as a reader sees it, the card\'s fields with the RGP number hyphenated and the full CPF (decision 0025)', async () => {
    const [pagina] = await textoDoPdf((await imprimir()).rawPayload);
    for (const trecho of [
      'CARTEIRA DE PESCADOR PROFISSIONAL',
      'NOME PESCADOR DE DEMONSTRAÇÃO',
      // The CPF the public lookup asks for, as the card prints it.
      'CPF 400.000.004-77',
      'NÚMERO DO RGP PA-PA-00000000042',
      'CATEGORIA Artesanal',
      'SITUAÇÃO Ativo',
      'MUNICÍPIO / UF Belém / PA',
      'DATA DO PRIMEIRO RGP 10/03/2015',
      'DATA DE EMISSÃO 20/05/2024',
      // By hand, without a QR reader: the public lookup by CPF and RGP number.
      'http://localhost:3000/consulta-carteira',
    ]) {
      expect(pagina).toContain(trecho);
    }
    // The full CPF once, on the card's front: the one the lookup asks for (decision 0025).
    expect(pagina?.match(/\d{3}\.\d{3}\.\d{3}-\d{2}/g)).toEqual(['400.000.004-77']);
  });

  it('prints the same code for the same issue', async () => {
    const a = enderecoDoQr((await imprimir()).rawPayload);
    const b = enderecoDoQr((await imprimir()).rawPayload);
    expect(a).toBe(b);
  });

  it('draws a placeholder when the fisher has no 3x4 photo of a deferred request', async () => {
    await t.db.execute(sql`UPDATE solicitacao SET situacao = 6 WHERE pescador_id = ${idPescador}`);
    try {
      const res = await imprimir();
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.toString('latin1')).not.toContain('/DCTDecode');
    } finally {
      await t.db.execute(sql`UPDATE solicitacao SET situacao = 4 WHERE pescador_id = ${idPescador}`);
    }
  });

  it('answers 406 unless the registry is ATIVO', async () => {
    for (const situacao of [2, 3, 4, 5, 6, 7, 8]) {
      await t.db.execute(sql`UPDATE pescador SET situacao_registro = ${situacao} WHERE id = ${idPescador}`);
      const res = await imprimir();
      expect(res.statusCode, `situacao ${situacao}`).toBe(406);
      expect(res.json()).toEqual({ codigo: 406, mensagem: MSG_INATIVO, erros: [MSG_INATIVO], codigoErro: 'ESTADO_NAO_PERMITE' });
    }
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 1 WHERE id = ${idPescador}`);
  });

  it('gives a migrated active registry without an issue date its first issue when printed', async () => {
    await t.db.execute(sql`UPDATE pescador SET data_emissao_carteira = NULL WHERE id = ${idPescador}`);
    const res = await imprimir();
    expect(res.statusCode).toBe(200);
    const { rows } = await t.db.execute<{ e: string | null }>(sql`SELECT data_emissao_carteira::text AS e FROM pescador WHERE id = ${idPescador}`);
    expect(rows[0]!.e).not.toBeNull();
    const ver = await verificar(tokenDe(enderecoDoQr(res.rawPayload)));
    expect(ver.json().dados.valida).toBe(true);
    await tornarAtivo(t.db, idPescador);
  });

  it('answers 404 for a fisher that does not exist (staff who may read every fisher)', async () => {
    const gestor = await entrarComo(t.app, '10000000108');
    const res = await gestor.api({ method: 'GET', url: '/api/pescador/999999/imprimir-carteira' });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/carteira-profissional/verificar/{token}', () => {
  it('verifies the code of the printed card without the CPF', async () => {
    const token = tokenDe(enderecoDoQr((await imprimir()).rawPayload));
    const ip = novoIp();
    const res = await verificar(token, ip);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      codigo: 200,
      mensagem: 'Carteira válida.',
      dados: {
        nome: 'PESCADOR DE DEMONSTRAÇÃO',
        situacao: 1,
        situacaoDescricao: 'Ativo',
        categoria: 2,
        categoriaDescricao: 'Artesanal',
        municipio: 'Belém',
        uf: 'PA',
        numeroRGP: 'PA-PA-00000000042',
        dataPrimeiroRgp: '2015-03-10',
        formaAtuacaoDescricao: null,
        gruposAlvo: [],
        ambientesPesca: [],
        areasPesca: [],
        ativoDesde: '2024-05-20',
        valida: true,
        motivo: null,
        dataEmissao: '2024-05-20T13:00:00.000Z',
      },
    });
    expect(res.body).not.toContain('40000000477');
    const { rows } = await t.db.execute<{ sucesso: boolean; recurso_id: string }>(sql`
      SELECT sucesso, recurso_id FROM auditoria WHERE acao = 'VERIFICACAO_CARTEIRA' AND ip = ${ip}`);
    expect(rows).toEqual([{ sucesso: true, recurso_id: String(idPescador) }]);
  });

  it('refuses a tampered code with 400 and audits the attempt', async () => {
    const token = tokenDe(enderecoDoQr((await imprimir()).rawPayload));
    const bytes = Buffer.from(token, 'base64url');
    // Another fisher id, the same signature.
    bytes.writeUInt32BE(idPescador + 1, 1);
    const ip = novoIp();
    for (const errado of [
      bytes.toString('base64url'),
      token.slice(0, -2),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      'nao-e-um-codigo',
    ]) {
      const res = await verificar(errado, ip);
      expect(res.statusCode, errado).toBe(400);
      expect(res.json()).toEqual({ codigo: 400, mensagem: MSG_CODIGO, erros: [MSG_CODIGO], codigoErro: 'DADOS_INVALIDOS' });
    }
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'VERIFICACAO_CARTEIRA' AND ip = ${ip} AND NOT sucesso`);
    expect(rows[0]!.n).toBe(4);
  });

  it('refuses a code signed with another key', async () => {
    const alheio = new AssinadorCarteira(chaveTokenCarteira('x'.repeat(32), new Uint8Array(32)))
      .assinar({ idPescador, numeroRgp: 'PAPA00000000042', emitidaEm: new Date('2024-05-20T13:00:00Z') });
    expect((await verificar(alheio)).statusCode).toBe(400);
  });

  it('answers valida: false for a card superseded by a newer issue', async () => {
    const token = tokenDe(enderecoDoQr((await imprimir()).rawPayload));
    await t.db.execute(sql`UPDATE pescador SET data_emissao_carteira = '2025-01-10T12:00:00Z' WHERE id = ${idPescador}`);
    try {
      const res = await verificar(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().mensagem).toBe(MSG_SUBSTITUIDA);
      // The verdict and the issue date only: nothing of the current record to whoever holds the old card.
      expect(res.json().dados).toEqual({ valida: false, motivo: 'substituida', dataEmissao: '2024-05-20T13:00:00.000Z' });
      expect(res.json().mensagem).toBe(MSG_SUBSTITUIDA);
      const novo = tokenDe(enderecoDoQr((await imprimir()).rawPayload));
      expect(novo).not.toBe(token);
      expect((await verificar(novo)).json().dados).toMatchObject({ valida: true, dataEmissao: '2025-01-10T12:00:00.000Z' });
    } finally {
      await tornarAtivo(t.db, idPescador);
    }
  });

  it('answers valida: false, without the new number, for a card of an RGP number no longer in force', async () => {
    const token = tokenDe(enderecoDoQr((await imprimir()).rawPayload));
    await t.db.execute(sql`UPDATE pescador SET numero_rgp = 'PAPA00000000043' WHERE id = ${idPescador}`);
    try {
      const res = await verificar(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().dados).toEqual({ valida: false, motivo: 'outro_rgp', dataEmissao: '2024-05-20T13:00:00.000Z' });
      expect(res.json().mensagem).toBe(MENSAGENS_CARTEIRA.carteiraOutroRgp);
      expect(res.body).not.toContain('00000000043');
    } finally {
      await tornarAtivo(t.db, idPescador);
    }
  });

  it('answers valida: false once the registry is no longer active', async () => {
    const token = tokenDe(enderecoDoQr((await imprimir()).rawPayload));
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 6 WHERE id = ${idPescador}`);
    try {
      const res = await verificar(token);
      expect(res.json().dados).toEqual({
        valida: false, motivo: 'registro_nao_ativo', dataEmissao: '2024-05-20T13:00:00.000Z',
      });
      expect(res.json().mensagem).toBe('O registro deste pescador não está ativo.');
    } finally {
      await tornarAtivo(t.db, idPescador);
    }
  });

  it('is rate-limited per client', async () => {
    const ip = novoIp();
    let ultima = 0;
    for (let i = 0; i <= LIMITE_VERIFICACAO_POR_MINUTO; i++) ultima = (await verificar('nao-e-um-codigo', ip)).statusCode;
    expect(ultima).toBe(429);
  });
});

describe('card codes', () => {
  it('round-trip and refuse anything else', () => {
    const a = new AssinadorCarteira(chaveTokenCarteira(undefined, new Uint8Array(32).fill(7)));
    const emitidaEm = new Date('2024-05-20T13:00:00Z');
    const token = a.assinar({ idPescador: 42, numeroRgp: 'pa-pa-00000000042', emitidaEm });
    expect(token).toMatch(/^[A-Za-z0-9_-]{54}$/);
    expect(a.verificar(token)).toEqual({ idPescador: 42, numeroRgp: 'PAPA00000000042', emitidaEm });
    expect(a.verificar(`${token}A`)).toBeNull();
    expect(a.verificar(`${token}=`)).toBeNull();
    expect(a.verificar('')).toBeNull();
    expect(() => a.assinar({ idPescador: 42, numeroRgp: 'XX', emitidaEm })).toThrow();
  });
});
