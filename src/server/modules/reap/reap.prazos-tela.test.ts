import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodigoErro } from '../../../shared/codigos-erro';
import { SituacaoRegistro } from '../../../shared/enums';
import { erroCampo } from '../../../shared/erros-campo';
import { MENSAGENS_PRAZO_REAP } from '../../../shared/schemas/reap';
import { iniciarJobs, type Jobs } from '../../jobs/jobs';
import { createTestApp, entrarComo, type Sessao, type TestApp } from '../../test/helpers';
import { definirPrazo, pescadorComRgp } from './reap.test-utils';

/**
 * What the REAP windows screen shows is what happens (issue 33, point 5; decision 0071). Today is 2026-12-06: the
 * 2025 window started on 2026-01-01 and no job has created its obligations yet (a fresh install).
 */
let t: TestApp;
let gestor: Sessao;
const instancias: Jobs[] = [];

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-12-06T15:00:00Z'), env: { REAP_BLOCO_OBRIGACOES: '2' } });
  gestor = await entrarComo(t.app, '10000000108');
}, 60_000);
afterAll(async () => {
  for (const j of instancias) await j.stop();
  await t.close();
});

async function geracao2025(): Promise<{ criadas: number; concluida: boolean } | undefined> {
  const { rows } = await t.db.execute<{ criadas: number; concluida: boolean }>(sql`
    SELECT criadas, concluida_em IS NOT NULL AS concluida FROM reap_geracao_obrigacoes WHERE ano_referencia = 2025`);
  return rows[0];
}

/** Jobs of the REAP's creation still queued or running (pg-boss's table). */
async function jobsPendentes(): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM pgboss.job
    WHERE name IN ('abrir-prazos-reap', 'gerar-obrigacoes-reap-ano') AND state IN ('created', 'retry', 'active')`);
  return rows[0]!.n;
}

async function esperar<T>(ler: () => Promise<T>, pronto: (v: T) => boolean, ms = 60_000): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = await ler();
    if (pronto(v) || Date.now() > fim) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('a window started and not created', () => {
  it('has its obligations created when the workers start, once, though two instances start together', async () => {
    await definirPrazo(t.db, 2025, '2026-01-01', '2026-12-31');
    for (let i = 0; i < 5; i++) await pescadorComRgp(t, 760 + i, { dataPrimeiroRgp: '2024-05-01' });
    const { rows: devem } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pescador WHERE numero_rgp IS NOT NULL AND situacao_registro <> ${SituacaoRegistro.CANCELADO}
        AND coalesce(extract(year FROM data_primeiro_rgp), 2025) <= 2025`);
    const { rows: antes } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM reap_questionario WHERE ano_referencia = 2025`);
    expect(await geracao2025()).toBeUndefined();

    // Two instances start their workers at the same moment (a deployment of two replicas).
    const url = t.pool.options.connectionString!;
    for (let i = 0; i < 2; i++) {
      instancias.push(await iniciarJobs({ connectionString: url, log: t.app.log, conexoes: 2, pollingIntervalSeconds: 0.5 }));
    }
    await Promise.all(instancias.map((j) => j.trabalhar(t.app.servicos)));

    const g = await esperar(geracao2025, (v) => v?.concluida === true);
    expect(g?.concluida).toBe(true);
    // Whatever the two instances queued runs to the end.
    expect(await esperar(jobsPendentes, (n) => n === 0)).toBe(0);

    const { rows: depois } = await t.db.execute<{ n: number; duplicadas: number }>(sql`
      SELECT count(*)::int AS n,
        (SELECT count(*)::int FROM (SELECT 1 FROM reap_questionario WHERE ano_referencia = 2025
          GROUP BY pescador_id HAVING count(*) > 1) d) AS duplicadas
      FROM reap_questionario WHERE ano_referencia = 2025`);
    expect(depois[0]!.duplicadas).toBe(0);
    const criadasAgora = depois[0]!.n - antes[0]!.n;
    expect(criadasAgora).toBeGreaterThanOrEqual(5);
    expect(depois[0]!.n).toBeLessThanOrEqual(devem[0]!.n);
    // The screen's count is what was created, not the "0 criadas" of a creation walked again.
    const prazos = (await gestor.api({ method: 'GET', url: '/api/reap/prazos' })).json().dados as { anoReferencia: number; obrigacoes: { criadas: number } | null }[];
    expect(prazos.find((p) => p.anoReferencia === 2025)?.obrigacoes).toMatchObject({ criadas: criadasAgora });
    // Stopped here: left running, they would run the warning check that the later tests' own saves enqueue.
    for (const j of instancias.splice(0)) await j.stop();
  }, 90_000);

  it('a completed creation run again (a duplicate job, a second instance) does nothing', async () => {
    await definirPrazo(t.db, 2024, '2026-01-01', '2026-12-31');
    const primeira = await t.app.servicos.reap.gerarObrigacoesDoAno(2024);
    expect(primeira.aberto).toBe(true);
    const ler = async () => (await t.db.execute<{ criadas: number; ultimo: number; em: string }>(sql`
      SELECT criadas, ultimo_pescador_id AS ultimo, concluida_em::text AS em FROM reap_geracao_obrigacoes WHERE ano_referencia = 2024`)).rows[0];
    const antes = await ler();
    expect(antes?.criadas).toBe(primeira.criadas);
    expect(antes?.em).toEqual(expect.any(String));
    expect(await t.app.servicos.reap.gerarObrigacoesDoAno(2024)).toEqual({ aberto: true, criadas: 0 });
    expect(await ler()).toEqual(antes);
  });
});

async function ato(nome: string): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO ato_normativo (nome, descricao, data_inicio_vigencia) VALUES (${nome}, 'Prazo da REAP', '2026-01-01') RETURNING id`);
  return rows[0]!.id;
}

describe('an extension is a new act', () => {
  it('refuses a window citing an act that already set one of the year, at the act\'s field; another year may cite it', async () => {
    const primeiro = await ato('Portaria MPA nº 101, de 5 de janeiro de 2026');
    const prorrogacao = await ato('Portaria MPA nº 202, de 1º de junho de 2026');
    const salvar = (ano: number, fim: string, idAtoNormativo: number) =>
      gestor.api({ method: 'PUT', url: `/api/reap/prazos/${ano}`, payload: { inicioPreenchimento: '2027-01-01', fimPreenchimento: fim, idAtoNormativo } });
    expect((await salvar(2026, '2027-06-30', primeiro)).statusCode).toBe(200);

    const mesmo = await salvar(2026, '2027-08-31', primeiro);
    expect(mesmo.statusCode).toBe(400);
    expect(mesmo.json()).toMatchObject({
      codigoErro: CodigoErro.PRAZO_REAP_ATO_REPETIDO, erros: [erroCampo('idAtoNormativo', MENSAGENS_PRAZO_REAP.atoRepetido(2026))],
    });
    // Nothing saved: the window in force and its history are the first save's.
    const { rows } = await t.db.execute<{ n: number; fim: string }>(sql`
      SELECT (SELECT count(*)::int FROM reap_prazo_historico WHERE ano_referencia = 2026) AS n,
        (SELECT fim_preenchimento::text FROM reap_prazo WHERE ano_referencia = 2026) AS fim`);
    expect(rows[0]).toEqual({ n: 1, fim: '2027-06-30' });

    expect((await salvar(2026, '2027-08-31', prorrogacao)).statusCode).toBe(200);
    // Back to the first act (in the year's history, no longer in force): refused too.
    expect((await salvar(2026, '2027-09-30', primeiro)).json().codigoErro).toBe(CodigoErro.PRAZO_REAP_ATO_REPETIDO);
    // The same act may set the window of another year.
    expect((await salvar(2027, '2028-06-30', primeiro)).statusCode).toBe(200);
  });
});

describe('the window in force saved again unchanged', () => {
  it('is a success that changes nothing: a retry after a lost answer adds no history row', async () => {
    const portaria = await ato('Portaria MPA nº 303, de 2 de janeiro de 2027');
    const salvar = () => gestor.api({
      method: 'PUT', url: '/api/reap/prazos/2028', payload: { inicioPreenchimento: '2029-01-01', fimPreenchimento: '2029-06-30', idAtoNormativo: portaria },
    });
    const primeira = await salvar();
    expect(primeira.statusCode, primeira.body).toBe(200);
    const segunda = await salvar();
    expect(segunda.statusCode, segunda.body).toBe(200);
    expect(segunda.json().dados).toEqual(primeira.json().dados);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM reap_prazo_historico WHERE ano_referencia = 2028`);
    expect(rows[0]!.n).toBe(1);
  });
});

describe('the count before a save that warns or suspends', () => {
  const contar = (s: Sessao, ano: number, q = '') => s.api({ method: 'GET', url: `/api/reap/prazos/${ano}/inadimplentes${q}` });
  /** The round's own rule (registrarAvisados), joined: the year's unsent obligations of registries not cancelled. */
  async function pelaRegraDoAviso(ano: number): Promise<number> {
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM reap_questionario q JOIN pescador p ON p.id = q.pescador_id
      WHERE q.ano_referencia = ${ano} AND NOT q.enviada AND p.situacao_registro <> ${SituacaoRegistro.CANCELADO}`);
    return rows[0]!.n;
  }

  it('answers whom a warning or suspension of the year reaches today, and whether saving that end warns at once', async () => {
    // 2023: a window that closed on 2026-06-30, its obligations not created yet.
    await definirPrazo(t.db, 2023, '2026-01-01', '2026-06-30');
    const donos = [];
    for (let i = 0; i < 4; i++) donos.push(await pescadorComRgp(t, 780 + i, { dataPrimeiroRgp: '2022-02-01' }));
    const antes = await contar(gestor, 2023);
    expect(antes.statusCode, antes.body).toBe(200);
    expect(antes.json().dados).toEqual({ anoReferencia: 2023, inadimplentes: 0, obrigacoesCompletas: false, avisaAoSalvar: true });

    await t.app.servicos.reap.gerarObrigacoesDoAno(2023);
    const criadas = await pelaRegraDoAviso(2023);
    expect(criadas).toBeGreaterThanOrEqual(4);
    expect((await contar(gestor, 2023)).json().dados).toEqual({ anoReferencia: 2023, inadimplentes: criadas, obrigacoesCompletas: true, avisaAoSalvar: true });

    // One sends the year, one has the registry cancelled: neither is reached any more.
    await t.db.execute(sql`UPDATE reap_questionario SET enviada = true WHERE pescador_id = ${donos[0]!.id} AND ano_referencia = 2023`);
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = ${SituacaoRegistro.CANCELADO} WHERE id = ${donos[1]!.id}`);
    expect(await pelaRegraDoAviso(2023)).toBe(criadas - 2);
    expect((await contar(gestor, 2023)).json().dados.inadimplentes).toBe(criadas - 2);
    // A registry with no situation is not reached by the round either.
    await t.db.execute(sql`UPDATE pescador SET situacao_registro = NULL WHERE id = ${donos[2]!.id}`);
    expect(await pelaRegraDoAviso(2023)).toBe(criadas - 3);
    expect((await contar(gestor, 2023)).json().dados.inadimplentes).toBe(criadas - 3);

    // An end ahead warns nobody now; an end already warned neither.
    expect((await contar(gestor, 2023, '?fimPreenchimento=2027-01-31')).json().dados.avisaAoSalvar).toBe(false);
    await t.db.execute(sql`INSERT INTO reap_aviso (ano_referencia, fim_preenchimento) VALUES (2023, '2026-06-30')`);
    expect((await contar(gestor, 2023)).json().dados.avisaAoSalvar).toBe(false);
    expect((await contar(gestor, 2023, '?fimPreenchimento=2026-07-31')).json().dados.avisaAoSalvar).toBe(true);
    // A year with no window: nobody, nothing warned.
    expect((await contar(gestor, 2019)).json().dados).toEqual({ anoReferencia: 2019, inadimplentes: 0, obrigacoesCompletas: false, avisaAoSalvar: false });
  });

  it('is for those who save (GESTOR, ADMIN) and refuses a date that is not one', async () => {
    for (const cpf of ['30000000388', '60000000655']) expect((await contar(await entrarComo(t.app, cpf), 2023)).statusCode, cpf).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/reap/prazos/2023/inadimplentes' })).statusCode).toBe(401);
    expect((await contar(gestor, 2023, '?fimPreenchimento=31/12/2026')).statusCode).toBe(400);
  });
});
