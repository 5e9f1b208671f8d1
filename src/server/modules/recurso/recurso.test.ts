import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfComDigitos } from '../../../shared/cpf';
import { hojeSaoPaulo } from '../../../shared/datas';
import { SituacaoRegistro, SituacaoSolicitacao, TipoDocumento, TipoNotificacao } from '../../../shared/enums';
import { MENSAGENS_RECURSO, ObjetoRecurso, ResultadoRecurso } from '../../../shared/schemas/recurso';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { multipart, pdf } from '../documento/documento.fixtures';
import { novoPescador, type Pescador } from '../solicitacao/passos.test-utils';
import { somarDias } from './prazos';

/**
 * Appeals (decisions 0088–0090): the window on both sides of its last day at São Paulo midnight, the act's own
 * deadline and the law's, a late filing answered NÃO CONHECIDO, reconsideration then forwarding, three instances
 * at most, the automatic provision for a REAP already sent, undoing each kind of sanction, and who sees what.
 */
let t: TestApp;
let agora = new Date();
let gestor: Sessao;
let mpa: Sessao;
let sfpaPa: Sessao;
let sfpaCe: Sessao;
let n = 9_300;
const CPF_SFPA_CE = cpfComDigitos(310_000_001);

const hoje = () => hojeSaoPaulo(new Date());
/** The instant a São Paulo wall-clock time happens (São Paulo has no daylight saving time since 2019: UTC−3). */
const emSaoPaulo = (dia: string, hora: string) => new Date(`${dia}T${hora}-03:00`);

beforeAll(async () => {
  // Sessions long enough for the clock to move to the next São Paulo midnight.
  t = await createTestApp({ now: () => agora, env: { SESSION_TTL_HOURS: '72' } });
  gestor = await entrarComo(t.app, '10000000108');
  mpa = await entrarComo(t.app, '20000000299');
  sfpaPa = await entrarComo(t.app, '30000000388');
  await t.db.execute(sql`
    WITH u AS (INSERT INTO usuario (cpf, nome, bloqueado) VALUES (${CPF_SFPA_CE}, 'ANALISTA SFPA-CE', false) RETURNING id)
    INSERT INTO usuario_mapa (usuario_id, tipo_usuario, sigla_orgao, uf_orgao, matricula, email, acesso_customizado,
      hora_limite_inicio_acesso, hora_limite_termino_acesso, usuario_pode_acessar_todos_dias)
    SELECT id, 3, 'SFPA-CE', 'CE', 'CE-1', 'ce@rgp.local', true, '00:00', '23:59', true FROM u`);
  sfpaCe = await entrarComo(t.app, CPF_SFPA_CE);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** An active fisher of Pará, signed in. */
async function pescadorAtivo(): Promise<Pescador> {
  const p = await novoPescador(t, n++);
  await t.db.execute(sql`UPDATE pescador SET uf = 'PA', situacao_registro = 1, numero_rgp = ${`PA${p.id}`} WHERE id = ${p.id}`);
  return p;
}

async function ato(prazoRecursoDias: number | null, prazoDecisaoDias: number | null = null, inicio = hoje()): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia, prazo_recurso_dias, prazo_decisao_recurso_dias)
    VALUES (${`Portaria de teste ${n}`}, 'Ato de teste dos recursos.', ${inicio}, ${prazoRecursoDias}, ${prazoDecisaoDias}) RETURNING id`);
  return rows[0]!.id;
}

/** A batch (1 cancels, 2 suspends) of one fisher, requested by `orgao`. */
async function lote(p: Pescador, atoId: number, tipo: 1 | 2, orgao = 'sfpa-pa'): Promise<void> {
  const res = await gestor.api({
    method: 'POST', url: '/api/lote-pescador/manual',
    payload: {
      atoNormativo: atoId, tipo, orgaoSolicitante: orgao, justificativa: 'Auditoria encontrou indícios.', listaCpfPescador: [p.cpf],
      ...(tipo === 2 ? { dataLimiteSuspensao: somarDias(hoje(), 365) } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function contestaveis(p: Pescador) {
  const res = await p.sessao.api({ method: 'GET', url: '/api/recursos/contestaveis' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados.contestaveis as { chave: string; objeto: number; ultimoDia: string; noPrazo: boolean; atoNormativo: string | null }[];
}

/** Opens the appeal against the only thing contested, uploads a document, files it; answers the envelope. */
async function recorrer(p: Pescador, objeto: number, comDocumento = false) {
  const c = (await contestaveis(p)).find((x) => x.objeto === objeto)!;
  expect(c).toBeDefined();
  const aberto = await p.sessao.api({ method: 'POST', url: '/api/recursos', payload: { chave: c.chave } });
  expect(aberto.statusCode, aberto.body).toBe(200);
  const rec = aberto.json().dados as { id: number; idSolicitacao: number };
  if (comDocumento) {
    const doc = await p.sessao.api({
      method: 'POST', url: '/api/documentos', ...multipart({ idSolicitacao: rec.idSolicitacao, tipo: TipoDocumento.ADICIONAL }, [{ nome: 'nota.pdf', bytes: pdf() }]),
    });
    expect(doc.statusCode, doc.body).toBe(200);
  }
  const res = await p.sessao.api({ method: 'POST', url: `/api/recursos/${rec.id}/enviar`, payload: { razoes: 'Eu pesco e tenho as notas de venda.' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { mensagem: string; dados: Record<string, unknown> & { id: number } };
}

async function decidir(s: Sessao, id: number, resultado: number, justificativa = 'Analisei as provas.') {
  const b = await s.api({ method: 'POST', url: `/api/recursos/${id}/bloquear` });
  expect(b.statusCode, b.body).toBe(200);
  const res = await s.api({ method: 'POST', url: `/api/recursos/${id}/decidir`, payload: { resultado, justificativa } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados as Record<string, unknown>;
}

async function situacaoRegistro(p: Pescador): Promise<number> {
  const { rows } = await t.db.execute<{ s: number }>(sql`SELECT situacao_registro AS s FROM pescador WHERE id = ${p.id}`);
  return rows[0]!.s;
}

describe('the window to appeal', () => {
  it("is the act's own days from its entry into force, and ends at São Paulo midnight of the last day", async () => {
    // An act in force for 30 days, whose batch suspended them the day it came into force: today is the last day.
    const atoId = await ato(30, null, somarDias(hoje(), -30));
    const [noLimite, atrasado] = [await pescadorAtivo(), await pescadorAtivo()];
    await lote(noLimite, atoId, 2);
    await lote(atrasado, atoId, 2);
    await t.db.execute(sql`
      UPDATE pescador_historico_situacao SET criado_em = criado_em - interval '30 days' WHERE pescador_id IN (${noLimite.id}, ${atrasado.id})`);
    const ultimo = hoje();
    const [c] = await contestaveis(noLimite);
    expect(c).toMatchObject({ objeto: ObjetoRecurso.SUSPENSAO, ultimoDia: ultimo, noPrazo: true, atoNormativo: expect.stringContaining('Portaria de teste') });

    try {
      agora = emSaoPaulo(ultimo, '23:59:59');
      noLimite.sessao = await entrarComo(t.app, noLimite.cpf);
      const r1 = await recorrer(noLimite, ObjetoRecurso.SUSPENSAO, true);
      expect(r1.mensagem).toBe(MENSAGENS_RECURSO.enviado);
      expect(r1.dados).toMatchObject({ tempestivo: true, instancia: 1, orgao: 'SFPA', resultado: null, prazoInstancia: somarDias(ultimo, 5) });

      agora = emSaoPaulo(somarDias(ultimo, 1), '00:00:00');
      atrasado.sessao = await entrarComo(t.app, atrasado.cpf);
      const r2 = await recorrer(atrasado, ObjetoRecurso.SUSPENSAO);
      expect(r2.mensagem).toBe(MENSAGENS_RECURSO.enviadoForaDoPrazo);
      expect(r2.dados).toMatchObject({ tempestivo: false, resultado: ResultadoRecurso.NAO_CONHECIDO, situacaoSolicitacao: SituacaoSolicitacao.FINALIZADA });
      const decisoes = r2.dados.decisoes as { resultado: number; justificativa: string; perfilAtor: number | null }[];
      expect(decisoes).toEqual([expect.objectContaining({
        resultado: ResultadoRecurso.NAO_CONHECIDO, perfilAtor: null,
        justificativa: MENSAGENS_RECURSO.naoConhecidoIntempestivo(ultimo.split('-').reverse().join('/')),
      })]);
      // Not heard, the sanction stands; the fisher is told why.
      expect(await situacaoRegistro(atrasado)).toBe(SituacaoRegistro.SUSPENSO);
      const { rows } = await t.db.execute<{ conteudo: string }>(sql`
        SELECT conteudo FROM notificacao WHERE pescador_id = ${atrasado.id} AND tipo = ${TipoNotificacao.RECURSO}`);
      expect(rows.map((r) => r.conteudo).join(' ')).toContain('art. 63');
    } finally {
      agora = new Date();
    }
  });

  it("is the law's 10 days when the act sets none", async () => {
    const p = await pescadorAtivo();
    await lote(p, await ato(null), 2);
    expect((await contestaveis(p))[0]!.ultimoDia).toBe(somarDias(hoje(), 10));
  });
});

describe('instances', () => {
  it('the SFPA that requested the batch does not reconsider, MPA provides it: the registry is active again, with history and notice', async () => {
    const p = await pescadorAtivo();
    await lote(p, await ato(30), 2);
    expect(await situacaoRegistro(p)).toBe(SituacaoRegistro.SUSPENSO);
    const { dados: r } = await recorrer(p, ObjetoRecurso.SUSPENSAO, true);
    // No suspensive effect while it waits (art. 61).
    expect(await situacaoRegistro(p)).toBe(SituacaoRegistro.SUSPENSO);

    // MPA is not the instance now (406); the SFPA of another state is out of scope (403).
    expect((await mpa.api({ method: 'POST', url: `/api/recursos/${r.id}/bloquear` })).statusCode).toBe(406);
    expect((await sfpaCe.api({ method: 'POST', url: `/api/recursos/${r.id}/bloquear` })).statusCode).toBe(403);
    expect((await sfpaCe.api({ method: 'GET', url: `/api/recursos/${r.id}` })).statusCode).toBe(403);
    // At the reconsideration, NÃO PROVIDO is not an answer: the authority reconsiders or forwards.
    await sfpaPa.api({ method: 'POST', url: `/api/recursos/${r.id}/bloquear` });
    const invalido = await sfpaPa.api({ method: 'POST', url: `/api/recursos/${r.id}/decidir`, payload: { resultado: 3, justificativa: 'x' } });
    expect(invalido.statusCode).toBe(406);

    const encaminhado = await decidir(sfpaPa, r.id, ResultadoRecurso.NAO_RECONSIDERADO, 'Mantenho a suspensão.');
    expect(encaminhado).toMatchObject({ instancia: 2, orgao: 'MPA', resultado: null, prazoInstancia: somarDias(hoje(), 30), diasRestantes: 30 });

    const fila = await mpa.api({ method: 'GET', url: '/api/recursos?orgao=MPA' });
    expect(fila.json().dados.recursos.map((x: { id: number }) => x.id)).toContain(r.id);

    const provido = await decidir(mpa, r.id, ResultadoRecurso.PROVIDO, 'As notas fiscais comprovam a atividade.');
    expect(provido).toMatchObject({ resultado: ResultadoRecurso.PROVIDO, situacaoSolicitacao: SituacaoSolicitacao.DEFERIDA });
    expect(await situacaoRegistro(p)).toBe(SituacaoRegistro.ATIVO);
    const { rows } = await t.db.execute<{ anterior: number; nova: number; motivo: string }>(sql`
      SELECT situacao_anterior AS anterior, situacao_nova AS nova, motivo FROM pescador_historico_situacao WHERE pescador_id = ${p.id} ORDER BY id`);
    expect(rows.at(-1)).toMatchObject({ anterior: SituacaoRegistro.SUSPENSO, nova: SituacaoRegistro.ATIVO, motivo: expect.stringContaining('provido') });

    // The fisher reads it; another fisher may not.
    const lido = await p.sessao.api({ method: 'GET', url: `/api/recursos/${r.id}` });
    expect(lido.json().dados.decisoes.map((d: { resultado: number }) => d.resultado)).toEqual([ResultadoRecurso.NAO_RECONSIDERADO, ResultadoRecurso.PROVIDO]);
    const outro = await pescadorAtivo();
    expect((await outro.sessao.api({ method: 'GET', url: `/api/recursos/${r.id}` })).statusCode).toBe(403);
    expect((await outro.sessao.api({ method: 'POST', url: `/api/recursos/${r.id}/proxima-instancia`, payload: { razoes: 'x' } })).statusCode).toBe(403);
  });

  it('not provided goes up under the same window, three instances at most; the clock is extended once', async () => {
    const p = await pescadorAtivo();
    await lote(p, await ato(15, 60), 1, 'MPA');
    const { dados: r } = await recorrer(p, ObjetoRecurso.CANCELAMENTO);
    expect(r).toMatchObject({ orgao: 'MPA', instancia: 1 });
    await decidir(mpa, r.id, ResultadoRecurso.NAO_RECONSIDERADO);
    // MPA decided, so the next instance is the ministry's top, with the act's 60 days.
    const naoProvido = await decidir(gestor, r.id, ResultadoRecurso.NAO_PROVIDO);
    expect(naoProvido).toMatchObject({ instancia: 2, orgao: 'GESTOR', resultado: ResultadoRecurso.NAO_PROVIDO, ultimoDiaProximaInstancia: null, podeIrAProximaInstancia: false });
    const sem = await p.sessao.api({ method: 'POST', url: `/api/recursos/${r.id}/proxima-instancia`, payload: { razoes: 'Quero outra análise.' } });
    expect(sem.statusCode).toBe(406);
    expect(await situacaoRegistro(p)).toBe(SituacaoRegistro.CANCELADO);
  });

  it('from an SFPA: reconsideration, MPA, then the third instance; a fourth does not exist', async () => {
    const p = await pescadorAtivo();
    await lote(p, await ato(20), 1);
    const { dados: r } = await recorrer(p, ObjetoRecurso.CANCELAMENTO);
    await decidir(sfpaPa, r.id, ResultadoRecurso.NAO_RECONSIDERADO);

    const prorrogado = await mpa.api({ method: 'POST', url: `/api/recursos/${r.id}/prorrogar`, payload: { justificativa: 'Muitos recursos do mesmo ato.' } });
    expect(prorrogado.json().dados).toMatchObject({ prorrogado: true, prazoInstancia: somarDias(hoje(), 60) });
    expect((await mpa.api({ method: 'POST', url: `/api/recursos/${r.id}/prorrogar`, payload: { justificativa: 'De novo.' } })).statusCode).toBe(406);

    const naoProvido = await decidir(mpa, r.id, ResultadoRecurso.NAO_PROVIDO);
    expect(naoProvido).toMatchObject({ ultimoDiaProximaInstancia: somarDias(hoje(), 20), podeIrAProximaInstancia: true });
    const acima = await p.sessao.api({ method: 'POST', url: `/api/recursos/${r.id}/proxima-instancia`, payload: { razoes: 'Tenho novas provas.' } });
    expect(acima.statusCode, acima.body).toBe(200);
    expect(acima.json().dados).toMatchObject({ instancia: 3, orgao: 'GESTOR', resultado: null });
    expect((await mpa.api({ method: 'POST', url: `/api/recursos/${r.id}/bloquear` })).statusCode).toBe(406);
    const terceira = await decidir(gestor, r.id, ResultadoRecurso.NAO_PROVIDO);
    expect(terceira).toMatchObject({ podeIrAProximaInstancia: false, ultimoDiaProximaInstancia: null });
    expect((await p.sessao.api({ method: 'POST', url: `/api/recursos/${r.id}/proxima-instancia`, payload: { razoes: 'x' } })).statusCode).toBe(406);
  });
});

describe('effects', () => {
  /** A REAP warning of `ano` to the fisher, `enviadaAntes`: their REAP of that year sent a day before it (or never). */
  async function aviso(p: Pescador, ano: number, enviadaAntes: boolean): Promise<void> {
    await t.db.execute(sql`
      WITH av AS (
        INSERT INTO reap_aviso (ano_referencia, fim_preenchimento, iniciado_em) VALUES (${ano}, ${`${ano + 1}-03-31`}, now())
        ON CONFLICT (ano_referencia, fim_preenchimento) DO UPDATE SET ano_referencia = EXCLUDED.ano_referencia RETURNING id
      )
      INSERT INTO reap_aviso_pescador (aviso_id, pescador_id) SELECT id, ${p.id} FROM av`);
    if (!enviadaAntes) return;
    await t.db.execute(sql`
      WITH s AS (
        INSERT INTO solicitacao (pescador_id, tipo, situacao, numero_protocolo) VALUES (${p.id}, 4, 9, ${`REAP${p.id}`}) RETURNING id
      )
      INSERT INTO reap_questionario (solicitacao_id, pescador_id, ano_referencia, categoria, enviada, enviada_em)
      SELECT id, ${p.id}, ${ano}, 2, true, now() - interval '1 day' FROM s`);
  }

  it('a cancellation reconsidered by the SFPA that requested it puts the registry back to what it was', async () => {
    const p = await pescadorAtivo();
    await lote(p, await ato(30), 1);
    expect(await situacaoRegistro(p)).toBe(SituacaoRegistro.CANCELADO);
    const { dados: r } = await recorrer(p, ObjetoRecurso.CANCELAMENTO);
    const provido = await decidir(sfpaPa, r.id, ResultadoRecurso.PROVIDO, 'Reconsidero: o CPF foi incluído por engano.');
    expect(provido).toMatchObject({ instancia: 1, resultado: ResultadoRecurso.PROVIDO });
    expect(await situacaoRegistro(p)).toBe(SituacaoRegistro.ATIVO);
  });

  it('a REAP warning contested by a fisher whose REAP was sent before it is provided by the system, naming the evidence', async () => {
    const p = await pescadorAtivo();
    await aviso(p, 2021, true);
    const res = await recorrer(p, ObjetoRecurso.AVISO_REAP);
    expect(res.mensagem).toBe(MENSAGENS_RECURSO.providoAutomaticamente);
    const decisoes = res.dados.decisoes as { resultado: number; justificativa: string; perfilAtor: number | null }[];
    expect(decisoes).toEqual([expect.objectContaining({ resultado: ResultadoRecurso.PROVIDO, perfilAtor: null })]);
    expect(decisoes[0]!.justificativa).toContain('A REAP de 2021 foi enviada em');
    expect(decisoes[0]!.justificativa).toContain(`protocolo REAP${p.id}`);
    const { rows } = await t.db.execute<{ motivo: string }>(sql`
      SELECT h.motivo FROM solicitacao_historico h WHERE h.solicitacao_id = ${res.dados.idSolicitacao as number} ORDER BY h.id DESC LIMIT 1`);
    expect(rows[0]!.motivo).toContain('A REAP de 2021 foi enviada em');
  });

  it('a REAP warning without a REAP sent goes to the ministry; provided, the warning is withdrawn and the notice says so', async () => {
    const p = await pescadorAtivo();
    await aviso(p, 2022, false);
    const { dados: r } = await recorrer(p, ObjetoRecurso.AVISO_REAP);
    expect(r).toMatchObject({ orgao: 'MPA', resultado: null });
    await decidir(mpa, r.id, ResultadoRecurso.PROVIDO, 'O pescador comprovou o envio por outro canal.');
    const { rows } = await t.db.execute<{ conteudo: string }>(sql`
      SELECT conteudo FROM notificacao WHERE pescador_id = ${p.id} AND tipo = ${TipoNotificacao.RECURSO} ORDER BY id DESC LIMIT 1`);
    expect(rows[0]!.conteudo).toContain('o aviso da REAP de 2022 foi retirado');
  });

  it('a refusal provided sends the request back to analysis', async () => {
    const p = await pescadorAtivo();
    const { rows } = await t.db.execute<{ id: number }>(sql`
      WITH s AS (
        INSERT INTO solicitacao (pescador_id, tipo, situacao, numero_protocolo, uf_pescador) VALUES (${p.id}, 10, 5, ${`IND${p.id}`}, 'PA') RETURNING id
      ), a AS (
        INSERT INTO analise_solicitacao (solicitacao_id, situacao_analise, uf_pescador, perfil_analista, tipo_solicitacao)
        SELECT id, 4, 'PA', 3, 10 FROM s
      ), h AS (
        INSERT INTO solicitacao_historico (solicitacao_id, situacao_anterior, situacao_nova, motivo) SELECT id, 2, 5, 'Prazo encerrado' FROM s
      )
      SELECT id FROM s`);
    const contestada = rows[0]!.id;
    const { dados: r } = await recorrer(p, ObjetoRecurso.INDEFERIMENTO);
    expect(r).toMatchObject({ orgao: 'SFPA', ultimoDia: somarDias(hoje(), 10) });
    await decidir(sfpaPa, r.id, ResultadoRecurso.PROVIDO, 'Reconsidero: o documento estava legível.');
    const { rows: depois } = await t.db.execute<{ situacao: number; analises: number }>(sql`
      SELECT s.situacao, (SELECT count(*)::int FROM analise_solicitacao a WHERE a.solicitacao_id = s.id AND a.situacao_analise = 1) AS analises
      FROM solicitacao s WHERE s.id = ${contestada}`);
    expect(depois[0]).toEqual({ situacao: SituacaoSolicitacao.ENVIADA, analises: 1 });
  });
});
