import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SituacaoSolicitacao as S, TipoDocumento as T, TipoSolicitacao } from '../../../shared/enums';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { multipart, pdf } from '../documento/documento.fixtures';
import { textoDoPdf } from './pdf.fixtures';

let t: TestApp;
let dataDir: string;
let pescador: Sessao;
let gestor: Sessao;
let externo: Sessao;
let id = 0;
let belem = 0;
let saoPaulo = 0;
const CPF = '39053344705';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-pesc-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  pescador = await entrarComo(t.app, CPF);
  gestor = await entrarComo(t.app, '10000000108');
  externo = await entrarComo(t.app, '70000000744');
  id = decodeJwt(pescador.token).idPescador as number;
  const m = await t.db.execute<{ id: number; uf: string }>(sql`
    SELECT id, uf FROM municipio WHERE (uf = 'PA' AND nome = 'Belém') OR (uf = 'SP' AND nome = 'São Paulo')`);
  belem = m.rows.find((r) => r.uf === 'PA')!.id;
  saoPaulo = m.rows.find((r) => r.uf === 'SP')!.id;
  await t.db.execute(sql`
    UPDATE pescador SET nome = 'MARIA JOSÉ DOS SANTOS', nome_mae = 'ANA DOS SANTOS', data_nascimento = '1980-02-29', sexo = 2,
      nacionalidade_brasileira = true, uf = 'PA', municipio_id = ${belem}, cep = '66010000', logradouro = 'RUA DA PRAIA',
      numero_logradouro = '10', bairro = 'CENTRO', categoria = 2, numero_rgp = 'PAPA00000000001', situacao_registro = 1,
      data_primeiro_rgp = '2001-05-10', orgao_rgp = 'SFPA-PA',
      dados = ${JSON.stringify({ cpf: CPF, nome: 'MARIA JOSÉ DOS SANTOS', endereco: { cep: '66010000', uf: 'PA', municipio: belem } })}::jsonb
    WHERE id = ${id}`);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function auditorias(acao: string, recurso: string) {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM auditoria WHERE acao = ${acao} AND recurso = ${recurso} AND recurso_id = ${String(id)}`);
  return rows[0]!.n;
}

describe('GET /api/pescador/{id}', () => {
  it('answers the record: typed columns, address, registry block and declared data', async () => {
    const res = await pescador.api({ method: 'GET', url: `/api/pescador/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const p = res.json().dados;
    expect(p).toMatchObject({
      id, cpf: CPF, nome: 'MARIA JOSÉ DOS SANTOS', nomeMae: 'ANA DOS SANTOS', dataNascimento: '1980-02-29', sexo: 2,
      nacionalidadeBrasileira: 'BRASILEIRA', uf: 'PA', municipio: belem, cep: '66010000', categoria: 2,
      endereco: { cep: '66010000', logradouro: 'RUA DA PRAIA', numeroLogradouro: '10', bairro: 'CENTRO', complemento: null, municipio: belem, municipioNome: 'Belém', uf: 'PA' },
      rgp: {
        numeroRGP: 'PAPA00000000001', numeroPrimeiroRGP: null, orgao: 'SFPA-PA', dataPrimeiroRgp: '2001-05-10', origem: null,
        situacao: 1, dataSuspensoCancelado: null, podeAcessarSistema: true,
      },
      dados: { cpf: CPF },
    });
  });

  it('refuses CONSULTA_EXTERNO the record (the guide gives it only the report and the card lookups), and audits staff views', async () => {
    const res = await externo.api({ method: 'GET', url: `/api/pescador/${id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().dados).toBeUndefined();
    for (const dado of [CPF, '533.447', 'MARIA', 'ANA DOS SANTOS', '1980-02-29', 'RUA DA PRAIA']) expect(res.body).not.toContain(dado);
    const antes = await auditorias('VISUALIZACAO_DADOS_PESSOAIS', 'pescador');
    expect((await gestor.api({ method: 'GET', url: `/api/pescador/${id}` })).json().dados.cpf).toBe(CPF);
    expect(await auditorias('VISUALIZACAO_DADOS_PESSOAIS', 'pescador')).toBe(antes + 1);
  });

  it('answers 404 to staff for an unknown fisher', async () => {
    expect((await gestor.api({ method: 'GET', url: '/api/pescador/99999999' })).statusCode).toBe(404);
  });
});

describe('GET /api/pescador/cpf/{cpf}', () => {
  it('finds the fisher by CPF (mask accepted), 404 when unknown, 400 when invalid', async () => {
    const res = await gestor.api({ method: 'GET', url: '/api/pescador/cpf/390.533.447-05' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados.id).toBe(id);
    const nenhum = await gestor.api({ method: 'GET', url: '/api/pescador/cpf/86288366757' });
    expect(nenhum.statusCode).toBe(404);
    expect(nenhum.json().mensagem).toBe('Pescador não encontrado.');
    expect((await gestor.api({ method: 'GET', url: '/api/pescador/cpf/12345678900' })).statusCode).toBe(400);
  });
});

describe('address', () => {
  const novo = {
    cep: '01310-100', logradouro: 'Avenida Paulista', numeroLogradouro: '1000', bairro: 'Bela Vista', complemento: 'Apto 1', uf: 'SP',
  };

  it('reads the address with the municipality name', async () => {
    const res = await pescador.api({ method: 'GET', url: `/api/pescador/${id}/endereco` });
    expect(res.statusCode).toBe(200);
    expect(res.json().dados).toEqual({
      cep: '66010000', logradouro: 'RUA DA PRAIA', numeroLogradouro: '10', bairro: 'CENTRO', complemento: null,
      municipio: belem, municipioNome: 'Belém', uf: 'PA',
    });
  });

  it('updates the typed columns and dados.endereco, audits it, and answers the new address', async () => {
    const res = await pescador.api({ method: 'PUT', url: `/api/pescador/${id}/atualizacao-endereco`, payload: { ...novo, municipio: saoPaulo } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      codigo: 200, mensagem: 'Endereço atualizado com sucesso',
      dados: { cep: '01310100', logradouro: 'Avenida Paulista', municipio: saoPaulo, municipioNome: 'São Paulo', uf: 'SP' },
    });
    const { rows } = await t.db.execute<{ uf: string; municipio_id: number; dados: { cpf: string; endereco: Record<string, unknown> } }>(sql`
      SELECT uf, municipio_id, dados FROM pescador WHERE id = ${id}`);
    expect(rows[0]).toMatchObject({ uf: 'SP', municipio_id: saoPaulo });
    expect(rows[0]!.dados.cpf).toBe(CPF);
    expect(rows[0]!.dados.endereco).toEqual({
      cep: '01310100', logradouro: 'Avenida Paulista', numeroLogradouro: '1000', bairro: 'Bela Vista', complemento: 'Apto 1',
      municipio: saoPaulo, uf: 'SP',
    });
    expect(await auditorias('ATUALIZACAO_ENDERECO', 'pescador/endereco')).toBe(1);
    // Back to Pará for the other tests.
    await pescador.api({ method: 'PUT', url: `/api/pescador/${id}/atualizacao-endereco`, payload: { ...novo, uf: 'PA', municipio: belem } });
  });

  it('refuses a municipality of another state, and an invalid body, field by field', async () => {
    const outra = await pescador.api({ method: 'PUT', url: `/api/pescador/${id}/atualizacao-endereco`, payload: { ...novo, municipio: belem } });
    expect(outra.statusCode).toBe(400);
    expect(outra.json().mensagem).toBe('O município informado não pertence à UF informada.');
    const ruim = await pescador.api({ method: 'PUT', url: `/api/pescador/${id}/atualizacao-endereco`, payload: { cep: '1', uf: 'XX' } });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().erros).toEqual(expect.arrayContaining(['cep: CEP inválido', 'uf: UF inválida']));
  });

  it('limits updates to 10 a minute per fisher, answering the 429 envelope', async () => {
    const outro = await entrarComo(t.app, '52998224725');
    const idOutro = decodeJwt(outro.token).idPescador as number;
    const corpo = { ...novo, municipio: saoPaulo };
    const status: number[] = [];
    for (let i = 0; i < 11; i++) {
      status.push((await outro.api({ method: 'PUT', url: `/api/pescador/${idOutro}/atualizacao-endereco`, payload: corpo })).statusCode);
    }
    expect(status.slice(0, 10).every((s) => s === 200)).toBe(true);
    const res = await outro.api({ method: 'PUT', url: `/api/pescador/${idOutro}/atualizacao-endereco`, payload: corpo });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ codigo: 429, mensagem: expect.stringContaining('Muitas requisições') });
  });
});

describe('GET /api/pescador/legado/{id}', () => {
  it('answers the migrated registry and the migrated documents only', async () => {
    const vazio = await pescador.api({ method: 'GET', url: `/api/pescador/legado/${id}` });
    expect(vazio.json().dados).toMatchObject({ idPescador: id, migrado: false, origem: null, documentos: [] });

    await t.db.execute(sql`
      UPDATE pescador SET origem_rgp = 'SISRGP', numero_primeiro_rgp = 'PA-123/1999', situacao_registro = 7 WHERE id = ${id}`);
    await t.db.execute(sql`
      INSERT INTO documento (pescador_id, tipo_documento, nome_arquivo, chave_arquivo, mime, tamanho, migrado, url_arquivo)
      VALUES (${id}, ${T.IDENTIFICACAO}, 'rg-legado.pdf', 'legado0000000000000000000000001', 'application/pdf', 10, true, 'https://legado.example/rg.pdf')`);
    const { rows } = await t.db.execute<{ id: number }>(sql`INSERT INTO solicitacao (pescador_id, tipo, situacao) VALUES (${id}, 1, 1) RETURNING id`);
    await pescador.api({
      method: 'POST', url: '/api/documentos', ...multipart({ idSolicitacao: rows[0]!.id, tipo: 1 }, [{ nome: 'novo.pdf', bytes: pdf() }]),
    });

    const res = await pescador.api({ method: 'GET', url: `/api/pescador/legado/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dados).toEqual({
      idPescador: id, migrado: true, origem: 'SISRGP', numeroRGP: 'PAPA00000000001', numeroPrimeiroRGP: 'PA-123/1999', orgao: 'SFPA-PA',
      dataPrimeiroRgp: '2001-05-10', situacao: 7, situacaoDescricao: 'Migração', dataSuspensoCancelado: null,
      documentos: [{
        id: expect.any(Number), nome: 'rg-legado.pdf', nomeArquivo: 'rg-legado.pdf', url: 'https://legado.example/rg.pdf',
        urlArquivo: 'https://legado.example/rg.pdf', chave: 'legado0000000000000000000000001', chaveArquivo: 'legado0000000000000000000000001',
        tipoDocumento: 1, migrado: true, aprovado: false,
      }],
    });
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = 1 WHERE id = ${id}`);
  });
});

describe('GET /api/pescador/{id}/imprimir-protocolo', () => {
  let antiga = 0;
  let recente = 0;

  beforeAll(async () => {
    const { rows } = await t.db.execute<{ id: number }>(sql`
      INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, numero_protocolo, enviada_em) VALUES
        (${id}, ${TipoSolicitacao.REGISTRO_INICIAL}, ${S.DEFERIDA}, 5, '20250000000077', '2025-03-10T13:05:09Z'),
        (${id}, ${TipoSolicitacao.RECADASTRAMENTO}, ${S.ENVIADA}, 5, '20260000000123', '2026-01-02T02:03:04Z'),
        (${id}, ${TipoSolicitacao.REAP}, ${S.REAP_ENVIADA}, 5, '20260000000999', '2026-02-01T12:00:00Z'),
        (${id}, ${TipoSolicitacao.EDICAO_REGISTRO}, ${S.RASCUNHO}, 2, NULL, NULL)
      RETURNING id`);
    antiga = rows[0]!.id;
    recente = rows[1]!.id;
  });

  it('prints the latest sent request: number, São Paulo time, type, name, masked CPF and the QR address', async () => {
    const res = await pescador.api({ method: 'GET', url: `/api/pescador/${id}/imprimir-protocolo` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="protocolo-20260000000123.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdfBytes = res.rawPayload;
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfBytes.subarray(-6).toString()).toContain('%%EOF');
    const texto = textoDoPdf(pdfBytes);
    expect(texto).toContain('Comprovante de protocolo de solicitação');
    expect(texto).toContain('20260000000123');
    expect(texto).toContain('01/01/2026 23:03:04'); // 02:03:04 UTC is the evening before in São Paulo
    expect(texto).toContain('Recadastramento');
    expect(texto).toContain('Aguardando Análise');
    expect(texto).toContain('MARIA JOSÉ DOS SANTOS');
    expect(texto).toContain('***.533.447-**');
    expect(texto).not.toContain(CPF);
    // Printed: where to type the number by hand (the captcha lookup); the QR code links to the check of a signed
    // code, never to the bare, sequential number (decision 0044).
    expect(texto).toContain('http://localhost:3000/consulta-protocolo');
    expect(pdfBytes.toString('latin1')).toMatch(/\/URI \(http:\/\/localhost:3000\/verificar-protocolo\?token=[A-Za-z0-9_-]{40,60}\)/);
    expect(pdfBytes.toString('latin1')).not.toContain('protocolo=20260000000123');
    expect(pdfBytes.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('prints the request asked for with idSolicitacao, and 404 for a request that was not sent', async () => {
    const res = await pescador.api({ method: 'GET', url: `/api/pescador/${id}/imprimir-protocolo?idSolicitacao=${antiga}` });
    expect(res.statusCode).toBe(200);
    const texto = textoDoPdf(res.rawPayload);
    expect(texto).toContain('20250000000077');
    expect(texto).toContain('10/03/2025 10:05:09');
    expect(texto).toContain('Registro inicial');
    const { rows } = await t.db.execute<{ id: number }>(sql`
      SELECT id FROM solicitacao WHERE pescador_id = ${id} AND numero_protocolo IS NULL LIMIT 1`);
    const rascunho = await pescador.api({ method: 'GET', url: `/api/pescador/${id}/imprimir-protocolo?idSolicitacao=${rows[0]!.id}` });
    expect(rascunho.statusCode).toBe(404);
    expect(rascunho.json()).toMatchObject({ codigo: 404, mensagem: 'Nenhuma solicitação enviada' });
    expect(recente).toBeGreaterThan(0);
  });

  it('answers 404 "Nenhuma solicitação enviada" to a fisher who sent nothing', async () => {
    const novo = await entrarComo(t.app, '11144477735');
    const idNovo = decodeJwt(novo.token).idPescador as number;
    const res = await novo.api({ method: 'GET', url: `/api/pescador/${idNovo}/imprimir-protocolo` });
    expect(res.statusCode).toBe(404);
    expect(res.json().mensagem).toBe('Nenhuma solicitação enviada');
  });

  it('lets staff print it, audited', async () => {
    const antes = (await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE recurso = 'solicitacao/protocolo' AND cpf_ator = '10000000108'`)).rows[0]!.n;
    expect((await gestor.api({ method: 'GET', url: `/api/pescador/${id}/imprimir-protocolo` })).statusCode).toBe(200);
    const depois = (await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE recurso = 'solicitacao/protocolo' AND cpf_ator = '10000000108'`)).rows[0]!.n;
    expect(depois).toBe(antes + 1);
  });
});
