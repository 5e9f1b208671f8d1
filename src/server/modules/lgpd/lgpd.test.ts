import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjComDigitos } from '../../../shared/cnpj';
import * as contratosRelatorio from '../../../shared/contratos/relatorio';
import { exportacaoDadosSchema } from '../../../shared/schemas/auditoria';
import { textoDoPdf } from '../../test/pdf-texto';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { tornarAtivo } from '../carteira/carteira.test-utils';
import { artesanalCompleto, definirPrazo, idDoAno } from '../reap/reap.test-utils';
import { DOCUMENTOS_BASICOS, inserirDocumentos, novoPescador, rascunhoAte, type Pescador } from '../solicitacao/passos.test-utils';

/**
 * GET /api/lgpd/meus-dados (LGPD art. 18, II and VII; decision 0044): everything the registry holds about the
 * signed-in fisher, REAPs and staff accesses (views, changes, reports that named them) included, labels beside the
 * codes, and nothing about anybody else: no other fisher, no staff member's name or CPF.
 */
let t: TestApp;
let gestor: Sessao;
let a: Pescador;
let b: Pescador;
let nomeGestor = '';
const NOME_A = 'ANA MARIA DE SOUZA';
const NOME_B = 'BENEDITO OUTRO PESCADOR';

async function fisherWithEverything(n: number, nome: string, rgp: string): Promise<Pescador> {
  const p = await novoPescador(t, n);
  await inserirDocumentos(t.db, p.id, await rascunhoAte(t, p, 1, 3), DOCUMENTOS_BASICOS);
  await tornarAtivo(t.db, p.id, { numeroRgp: rgp, dataPrimeiroRgp: '2024-02-01' });
  await t.db.execute(sql`UPDATE pescador SET nome = ${nome}, sexo = 2, escolaridade = 4 WHERE id = ${p.id}`);
  expect((await p.sessao.api({ method: 'POST', url: `/api/reap/gerar-reap-pescador/${p.id}` })).statusCode).toBe(200);
  const id = await idDoAno(t.db, p.id, 2024);
  const envio = await p.sessao.api({ method: 'POST', url: '/api/reap/questionario-basico', payload: artesanalCompleto(id, 2024, { enviada: true }) });
  expect(envio.statusCode, envio.body).toBe(200);
  await t.db.execute(sql`INSERT INTO notificacao (pescador_id, tipo, conteudo) VALUES (${p.id}, 4, ${`Pendência de ${nome}.`})`);
  // A staff view of the record, and a report filtered by the fisher's CPF.
  expect((await gestor.api({ method: 'GET', url: `/api/pescador/${p.id}` })).statusCode).toBe(200);
  const previa = await gestor.api({ method: 'GET', url: `${contratosRelatorio.previa.caminho}?cpfPescador=${p.cpf}` });
  expect(previa.statusCode, previa.body).toBe(200);
  return p;
}

beforeAll(async () => {
  t = await createTestApp();
  gestor = await entrarComo(t.app, '10000000108');
  nomeGestor = (await t.db.execute<{ nome: string }>(sql`SELECT nome FROM usuario WHERE cpf = '10000000108'`)).rows[0]!.nome;
  await definirPrazo(t.db, 2024, '2026-01-01', '2026-12-31');
  a = await fisherWithEverything(9501, NOME_A, 'PAPA00000009501');
  b = await fisherWithEverything(9502, NOME_B, 'PAPA00000009502');
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function exportar(p: Pescador) {
  const res = await p.sessao.api({ method: 'GET', url: '/api/lgpd/meus-dados' });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** Every value of `chave` anywhere in `valor`. */
function valoresDe(valor: unknown, chave: string): unknown[] {
  if (Array.isArray(valor)) return valor.flatMap((v) => valoresDe(v, chave));
  if (valor && typeof valor === 'object') {
    return Object.entries(valor).flatMap(([k, v]) => [...(k === chave ? [v] : []), ...valoresDe(v, chave)]);
  }
  return [];
}

describe('GET /api/lgpd/meus-dados', () => {
  it('puts the label beside each code: sexo 2 "Feminino", schooling, the request\'s steps, notifications, documents', async () => {
    const d = (await exportar(a)).json().dados;
    expect(d.pescador).toMatchObject({ sexo: 2, sexoDescricao: 'Feminino', escolaridade: 4, escolaridadeDescricao: '5ª a 9ª série do ensino fundamental completa' });
    expect(d.sobre).toMatch(/^Dados pessoais que o Registro Geral/);
    const [solicitacao] = d.solicitacoes;
    expect(solicitacao.dadosAtividadePesca.ambientePescaDescricao).toEqual(
      expect.arrayContaining([expect.any(String)]),
    );
    expect(solicitacao.dadosAtividadePesca.ambientePescaDescricao).toHaveLength(solicitacao.dadosAtividadePesca.ambientePesca.length);
    expect(valoresDe(d.solicitacoes, 'sexoDescricao')).toContain(solicitacao.sexo === 1 ? 'Masculino' : 'Feminino');
    expect(valoresDe(d, 'tipoDocumentoDescricao')).toContain('Foto 3x4');
    expect(d.notificacoes).toEqual([expect.objectContaining({ tipo: 4, tipoDescricao: 'Pendência' })]);
    // No label says it does not know a code the forms offered.
    expect(JSON.stringify(d)).not.toContain('Código não reconhecido');
  });

  it('includes the fisher\'s REAPs, what was declared with its labels, documents without file addresses', async () => {
    const d = (await exportar(a)).json().dados;
    // 2024 sent; 2025 owed (generated, pending).
    expect(d.reaps.map((r: { anoReferencia: number; situacaoDescricao: string }) => [r.anoReferencia, r.situacaoDescricao]).sort())
      .toEqual([[2024, 'Enviada'], [2025, 'Pendente']]);
    const reap = d.reaps.find((r: { anoReferencia: number }) => r.anoReferencia === 2024);
    expect(reap).toMatchObject({
      anoReferencia: 2024, categoria: 2, categoriaDescricao: 'Artesanal', enviada: true, situacao: 9, situacaoDescricao: 'Enviada',
      realizouPesca: true, tipoPrestacaoServico: 1, tipoPrestacaoServicoDescricao: 'Autônomo (por conta própria)',
      codigoVerificacao: expect.stringMatching(/^[A-Z2-9]{16}$/),
    });
    expect(reap.resultadosOperacaoPesca[0]).toMatchObject({ especiePescado: { id: 1, nome: expect.any(String) }, totalPescado: 1234.567 });
    expect(reap.resultadosOperacaoPesca[0].tipoUnidadeMedidaDescricao).toEqual(expect.any(String));
    expect(reap.reapsArtesanais[0]).toMatchObject({ mesReferencia: 1, mesReferenciaDescricao: 'janeiro' });
    expect(reap.locaisPescaPetrecho[0].areaPretendidaPesca).toMatchObject({ nomePopularLocalPesca: 'Baía do Guajará' });
    expect(reap.locaisPescaPetrecho[0].petrechoPescaDescricao).toEqual(expect.any(String));
    expect(valoresDe(d, 'url')).toEqual([]);
    expect(valoresDe(d, 'chave')).toEqual([]);
  });

  it('lists who among the staff viewed the data and the reports that named them: agency, profile, date; never the person', async () => {
    const d = (await exportar(a)).json().dados;
    const visualizacao = d.acessos.find((x: { tipo: string }) => x.tipo === 'VISUALIZACAO');
    expect(visualizacao).toMatchObject({ descricao: 'Visualizou seu cadastro', orgao: 'MPA', perfil: 'Gestor', criadoEm: expect.any(String) });
    const relatorio = d.acessos.find((x: { tipo: string }) => x.tipo === 'RELATORIO');
    expect(relatorio).toMatchObject({ descricao: 'Consultou um relatório de pescadores filtrado pelos seus dados', orgao: 'MPA', perfil: 'Gestor' });
    for (const x of d.acessos) expect(Object.keys(x).sort()).toEqual(['criadoEm', 'descricao', 'id', 'nomeOrgao', 'orgao', 'perfil', 'tipo']);
    // Exactly one report named A (B's report named B), newest first.
    expect(d.acessos.filter((x: { tipo: string }) => x.tipo === 'RELATORIO')).toHaveLength(1);
    const datas = d.acessos.map((x: { criadoEm: string }) => x.criadoEm);
    expect([...datas].sort().reverse()).toEqual(datas);
  });

  it('holds nothing of another fisher, nor the staff member\'s name or CPF', async () => {
    const res = await exportar(a);
    const texto = res.body;
    for (const alheio of [b.cpf, NOME_B, 'BENEDITO', 'PAPA00000009502', `Pendência de ${NOME_B}.`, '10000000108', nomeGestor]) {
      expect(texto, alheio).not.toContain(alheio);
    }
    const d = res.json().dados;
    expect(valoresDe(d, 'idPescador').every((v) => v === a.id)).toBe(true);
    expect(d.pescador.id).toBe(a.id);
    // And B's export is B's.
    const deB = (await exportar(b)).json().dados;
    expect(deB.pescador.nome).toBe(NOME_B);
    expect(JSON.stringify(deB)).not.toContain(a.cpf);
  });

  it('keeps every label through the shared schema, as the web parses it before saving the file', async () => {
    const d = (await exportar(a)).json().dados;
    expect(exportacaoDadosSchema.parse(d)).toEqual(d);
  });
});

describe('the delegations the fisher gave and the channels they chose', () => {
  it('are in the export with their labels, in the PDF as sections, and B sees none of A\'s', async () => {
    const ano = new Date().getUTCFullYear();
    const entidade = await gestor.api({ method: 'POST', url: '/api/entidades', payload: {
      tipo: 1, cnpj: cnpjComDigitos('112223300901'), nome: 'Colônia de Pescadores Z-10 (LGPD)', ufs: ['PA'], municipios: [1501402],
      atoCooperacao: 'Acordo de Cooperação Técnica 3/2026', vigenciaInicio: `${ano - 1}-01-01`, vigenciaFim: `${ano + 5}-12-31`,
    } });
    expect(entidade.statusCode, entidade.body).toBe(200);
    const concedida = await a.sessao.api({ method: 'POST', url: '/api/delegacoes', payload: { idEntidade: entidade.json().dados.id, servicos: [2, 3], fim: `${ano + 2}-06-30` } });
    expect(concedida.statusCode, concedida.body).toBe(200);
    expect((await a.sessao.api({ method: 'PUT', url: '/api/notificacao/preferencias', payload: { email: true, sms: false, govbr: true } })).statusCode).toBe(200);

    const dados = exportacaoDadosSchema.parse((await exportar(a)).json().dados);
    expect(dados.delegacoes).toEqual([{
      entidade: 'Colônia de Pescadores Z-10 (LGPD)', tipoEntidadeDescricao: 'Colônia de pescadores', servicos: [2, 3],
      servicosDescricao: ['REAP', 'Documentos'], inicio: expect.any(String), fim: `${ano + 2}-06-30`, situacao: 1,
      situacaoDescricao: expect.any(String), origemDescricao: 'Concedida por você na sua conta gov.br', revogadaEm: null, justificativaRecusa: null,
    }]);
    expect(dados.canaisDeAviso).toEqual({ email: true, sms: false, govbr: true });
    expect(exportacaoDadosSchema.parse((await exportar(b)).json().dados).delegacoes).toEqual([]);

    const res = await a.sessao.api({ method: 'GET', url: '/api/lgpd/meus-dados/pdf' });
    const texto = (await textoDoPdf(res.rawPayload)).join(' ');
    expect(texto).toContain('Delegações a entidades representativas');
    expect(texto).toContain('Colônia de Pescadores Z-10 (LGPD)');
    expect(texto).toContain('Para: REAP; Documentos.');
    expect(texto).toContain('SMS: desligado');
  });
});

describe('GET /api/lgpd/meus-dados/pdf', () => {
  async function pdfDe(p: Pescador) {
    const res = await p.sessao.api({ method: 'GET', url: '/api/lgpd/meus-dados/pdf' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="meus-dados-rgp.pdf"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    return (await textoDoPdf(res.rawPayload)).join(' ');
  }

  it('reads as labelled sections in Portuguese of the same data: registry, requests, REAPs, notifications, accesses', async () => {
    const texto = await pdfDe(a);
    for (const titulo of ['Meus dados no RGP', 'Cadastro', 'Solicitações', 'REAPs', 'Documentos migrados do sistema anterior', 'Notificações', 'Quem acessou seus dados']) {
      expect(texto, titulo).toContain(titulo);
    }
    // The codes read as their descriptions, under Portuguese names, accents kept.
    expect(texto).toContain(NOME_A);
    expect(texto).toContain(a.cpf);
    expect(texto).toMatch(/Sexo Feminino/);
    expect(texto).toMatch(/Escolaridade 5ª a 9ª série do ensino fundamental completa/);
    expect(texto).toContain('REAP de 2024: Enviada');
    expect(texto).toContain('REAP de 2025: Pendente');
    expect(texto).toContain('Autônomo (por conta própria)');
    expect(texto).toContain('Baía do Guajará');
    expect(texto).toContain(`Pendência de ${NOME_A}.`);
    expect(texto).toContain('Visualizou seu cadastro');
    expect(texto).toContain('Consultou um relatório de pescadores filtrado pelos seus dados');
    expect(texto).toContain('Foto 3x4');
    // Dates as a person writes them, never ISO.
    expect(texto).toMatch(/Data do primeiro RGP 01\/02\/2024/);
    expect(texto).toMatch(/Situação Ativo/);
    // Codes are written as they are, quantities with the decimal comma.
    expect(texto).toMatch(/Código do município \(IBGE\) 1501402/);
    expect(texto).toContain('1.234,567');
    expect(texto).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(texto).not.toContain('Código não reconhecido');
  });

  it("holds nothing of another fisher, nor the staff member's name or CPF; B's PDF is B's", async () => {
    const texto = await pdfDe(a);
    for (const alheio of [b.cpf, NOME_B, 'BENEDITO', 'PAPA00000009502', '10000000108', nomeGestor]) {
      expect(texto, alheio).not.toContain(alheio);
    }
    const deB = await pdfDe(b);
    expect(deB).toContain(NOME_B);
    expect(deB).not.toContain(a.cpf);
    expect(deB).not.toContain(NOME_A);
  });

  it('is audited as the JSON export is, saying which format', async () => {
    const contar = async () => (await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM auditoria WHERE acao = 'EXPORTACAO_DADOS_PESSOAIS' AND recurso_id = ${String(a.id)}
        AND detalhes->>'formato' = 'pdf'`)).rows[0]!.n;
    const antes = await contar();
    await pdfDe(a);
    expect(await contar()).toBe(antes + 1);
  });

  it('answers 401 without a session and 403 to staff', async () => {
    const anonimo = await t.app.inject({ method: 'GET', url: '/api/lgpd/meus-dados/pdf' });
    expect(anonimo.statusCode).toBe(401);
    expect(anonimo.headers['content-type']).toMatch(/json/);
    expect((await gestor.api({ method: 'GET', url: '/api/lgpd/meus-dados/pdf' })).statusCode).toBe(403);
  });
});
