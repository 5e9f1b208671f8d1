import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parser } from '@prometheus-io/lezer-promql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  ALERTAS_OPERACAO, ancora, ARQUIVO_REGRAS, dashboards, FRESCOR_FEED, METRICAS_EXTERNAS, OBJETIVOS, PASTA_DASHBOARDS, QUEIMAS, regrasPrometheus, RUNBOOK,
  textoDasRegras,
} from '../scripts/alertas';
import { createTestApp, type TestApp } from '../src/server/test/helpers';

/**
 * The alert rules of deploy/kubernetes/monitoring: current with scripts/alertas.ts, every expression parsed by
 * Prometheus's own PromQL grammar (@prometheus-io/lezer-promql), every metric one that a real server exports (or a
 * named exporter's), every route one the server serves, every runbook a section of docs/operations.md; and each
 * alert evaluated by promtool (Prometheus's rule tester, Debian's `prometheus` package) on recorded series: firing
 * on a bad hour, quiet on a healthy one. An alert that can never fire is a defect.
 */

const exec = promisify(execFile);
const RAIZ = path.resolve(import.meta.dirname, '..');
const regras = regrasPrometheus().spec.groups.flatMap((g) => g.rules as { record?: string; alert?: string; expr: string; annotations?: Record<string, string> }[]);
const gravadas = new Set(regras.flatMap((r) => (r.record ? [r.record] : [])));
const exprsDosDashboards = Object.values(dashboards()).flatMap((d) => d.panels.flatMap((p) => p.targets.map((t) => t.expr)));

interface Seletor { metrica: string; rotulos: Record<string, string> }

/** The parse's errors, and the vector selectors with their literal label matchers. */
function analisar(expr: string): { erros: number[]; seletores: Seletor[] } {
  const erros: number[] = [];
  const seletores: Seletor[] = [];
  parser.parse(expr).iterate({
    enter(n) {
      if (n.type.isError) erros.push(n.from);
      if (n.name === 'VectorSelector') {
        const id = n.node.getChild('Identifier');
        const rotulos: Record<string, string> = {};
        for (const m of n.node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? []) {
          const nome = m.getChild('LabelName');
          const valor = m.getChild('StringLiteral');
          if (nome && valor) rotulos[expr.slice(nome.from, nome.to)] = JSON.parse(expr.slice(valor.from, valor.to)) as string;
        }
        if (id) seletores.push({ metrica: expr.slice(id.from, id.to), rotulos });
      }
    },
  });
  return { erros, seletores };
}

let t: TestApp;
let exposicao = '';
beforeAll(async () => {
  t = await createTestApp();
  // One answered request, so the histogram's buckets are in the exposition.
  await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
  exposicao = await t.app.metricas.texto();
});
afterAll(async () => t?.close());

const temporario = fs.mkdtempSync(path.join(os.tmpdir(), 'rgp-alertas-'));
afterAll(() => fs.rmSync(temporario, { recursive: true, force: true }));

describe('alert rules', () => {
  it('the committed PrometheusRule is what scripts/alertas.ts makes (npm run gerar:alertas)', () => {
    expect(fs.readFileSync(ARQUIVO_REGRAS, 'utf8')).toBe(textoDasRegras());
  });

  it('the committed Grafana dashboards are what scripts/alertas.ts makes', () => {
    for (const [nome, d] of Object.entries(dashboards())) {
      expect(JSON.parse(fs.readFileSync(path.join(PASTA_DASHBOARDS, nome), 'utf8')), nome).toEqual(d);
    }
    expect(fs.readdirSync(PASTA_DASHBOARDS).sort()).toEqual(Object.keys(dashboards()).sort());
  });

  it('parses every expression of the rules and dashboards with the PromQL grammar, and the parse is not vacuous', () => {
    expect(regras.length).toBeGreaterThan(50);
    for (const r of regras) expect(analisar(r.expr).erros, r.expr).toEqual([]);
    expect(exprsDosDashboards.length).toBeGreaterThan(20);
    for (const e of exprsDosDashboards) expect(analisar(e).erros, e).toEqual([]);
    expect(analisar('sum(rate(rgp_http_requests_total[5m]) /').erros.length).toBeGreaterThan(0);
  });

  it('uses only metrics the server exports (scraped from a running one), named exporters\' or recorded here', () => {
    const familias = new Map([...exposicao.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
    const exportadas = new Set([...familias].flatMap(([nome, tipo]) => (tipo === 'histogram' ? [`${nome}_bucket`, `${nome}_count`, `${nome}_sum`] : [nome])));
    expect(exportadas).toContain('rgp_jobs_execucoes_total');
    const usadas = new Set([...regras.map((r) => r.expr), ...exprsDosDashboards].flatMap((e) => analisar(e).seletores.map((s) => s.metrica)));
    const desconhecidas = [...usadas].filter((m) => !exportadas.has(m) && !gravadas.has(m) && !(m in METRICAS_EXTERNAS) && m !== 'ALERTS');
    expect(desconhecidas).toEqual([]);
    // Each external metric listed is used, so the list does not rot.
    expect(Object.keys(METRICAS_EXTERNAS).filter((m) => !usadas.has(m))).toEqual([]);
  });

  it('names routes the server serves, and latency limits that are buckets of its histogram', () => {
    for (const o of OBJETIVOS) {
      for (const [method, rotas] of Object.entries(o.rotas)) {
        for (const url of rotas) expect(t.app.hasRoute({ method: method as 'GET', url }), `${method} ${url}`).toBe(true);
      }
      expect(exposicao).toMatch(new RegExp(`^rgp_http_request_duration_seconds_bucket\\{le="${o.latencia.limiteSegundos}",`, 'm'));
    }
  });

  it('gives each alert a runbook section of docs/operations.md', () => {
    const titulos = new Set([...fs.readFileSync(path.join(RAIZ, 'docs', 'operations.md'), 'utf8').matchAll(/^#+ (.+)$/gm)]
      .map((m) => m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N} -]/gu, '').replace(/ /g, '-')));
    for (const r of regras.filter((x) => x.alert)) {
      expect(r.annotations?.runbook_url).toBe(`${RUNBOOK}#${ancora(r.alert!)}`);
      expect(titulos, r.alert).toContain(ancora(r.alert!));
    }
  });
});

// ---- promtool: each alert firing on recorded series, and quiet on healthy ones ----------------------------------

/** A series at a constant rate per 1-minute step over 75 minutes (promtool's expanding notation). */
const serie = (nome: string, rotulos: Record<string, string>, valores: string) =>
  ({ series: `${nome}{${Object.entries(rotulos).map(([k, v]) => `${k}="${v}"`).join(',')}}`, values: valores });
const PASSOS = 75;
const cresce = (porPasso: number) => `0+${porPasso}x${PASSOS}`;
const fixo = (v: number) => `${v}x${PASSOS}`;

/** Requests of an objective's first route: `erros` of each 1000 are 5xx, `lentas` of each 1000 above its limit. */
function trafego(o: (typeof OBJETIVOS)[number], erros: number, lentas: number) {
  const [method, rotas] = Object.entries(o.rotas)[0]!;
  const base = { method, route: rotas[0]!, pod: 'rgp-a' };
  return [
    serie('rgp_http_requests_total', { ...base, status_code: '200' }, cresce(1000 - erros)),
    serie('rgp_http_requests_total', { ...base, status_code: '503' }, cresce(erros)),
    serie('rgp_http_request_duration_seconds_bucket', { ...base, le: String(o.latencia.limiteSegundos) }, cresce(1000 - lentas)),
    serie('rgp_http_request_duration_seconds_count', base, cresce(1000)),
  ];
}

/** `slo`: the objective whose rules it needs (they are evaluated alone, which keeps promtool fast), else the operation alerts. */
interface Cenario { alerta: string; slo?: string; filtro?: string; ruim: ReturnType<typeof serie>[]; saudavel: ReturnType<typeof serie>[] }

const CENARIOS: Cenario[] = [
  ...OBJETIVOS.flatMap((o) => {
    // Healthy: errors at 40% of the budget; bad: 30 times the budget (the page of the 1 h window).
    const metade = (alvo: number) => Math.floor((1 - alvo) * 1000 * 0.4);
    const ruim = (alvo: number) => Math.min(1000, Math.ceil((1 - alvo) * 1000 * 30));
    return [
      { alerta: 'RgpSloDisponibilidade', slo: o.nome, filtro: `slo="${o.nome}",janela="1h"`, ruim: trafego(o, ruim(o.disponibilidade), 0), saudavel: trafego(o, metade(o.disponibilidade), metade(o.latencia.alvo)) },
      { alerta: 'RgpSloLatencia', slo: o.nome, filtro: `slo="${o.nome}",janela="1h"`, ruim: trafego(o, 0, ruim(o.latencia.alvo)), saudavel: trafego(o, metade(o.disponibilidade), metade(o.latencia.alvo)) },
    ];
  }),
  {
    alerta: 'RgpJobsFalhando',
    ruim: [serie('rgp_jobs_execucoes_total', { fila: 'processar-lote', resultado: 'falhou' }, cresce(1)), serie('rgp_jobs_execucoes_total', { fila: 'processar-lote', resultado: 'concluido' }, cresce(1))],
    saudavel: [serie('rgp_jobs_execucoes_total', { fila: 'processar-lote', resultado: 'falhou' }, fixo(2)), serie('rgp_jobs_execucoes_total', { fila: 'processar-lote', resultado: 'concluido' }, cresce(5))],
  },
  {
    alerta: 'RgpJobsEsperando',
    ruim: [serie('rgp_jobs_fila_idade_segundos', { fila: 'gerar-relatorio', pod: 'rgp-a' }, fixo(1800))],
    saudavel: [serie('rgp_jobs_fila_idade_segundos', { fila: 'gerar-relatorio', pod: 'rgp-a' }, fixo(20))],
  },
  {
    alerta: 'RgpPoolEsperando',
    ruim: [serie('rgp_db_pool_waiting', { pool: 'primario', pod: 'rgp-a' }, fixo(3))],
    saudavel: [serie('rgp_db_pool_waiting', { pool: 'primario', pod: 'rgp-a' }, `0 0 4 0 0 2 0x${PASSOS}`)],
  },
  {
    alerta: 'RgpSobrecarga',
    ruim: [serie('rgp_sobrecarga_ativa', { pod: 'rgp-a' }, fixo(1)), serie('rgp_sobrecarga_ativa', { pod: 'rgp-b' }, fixo(1))],
    saudavel: [serie('rgp_sobrecarga_ativa', { pod: 'rgp-a' }, fixo(1)), serie('rgp_sobrecarga_ativa', { pod: 'rgp-b' }, fixo(0))],
  },
  {
    alerta: 'RgpColetaDeMetricasFalhando',
    ruim: [serie('rgp_metricas_falhas_coleta_total', { fonte: 'filas', pod: 'rgp-a' }, cresce(1))],
    saudavel: [serie('rgp_metricas_falhas_coleta_total', { fonte: 'filas', pod: 'rgp-a' }, fixo(4))],
  },
  {
    // Time starts at the epoch: an old backup is one from before it.
    alerta: 'RgpBackupAntigo',
    ruim: [serie('barman_cloud_cloudnative_pg_io_last_available_backup_timestamp', { pod: 'rgp-db-1' }, fixo(-30 * 3600))],
    saudavel: [serie('barman_cloud_cloudnative_pg_io_last_available_backup_timestamp', { pod: 'rgp-db-1' }, fixo(600))],
  },
  {
    // Time starts at the epoch: a success or a creation from before it is old.
    alerta: 'RgpVerificacaoRestauracaoAntiga',
    ruim: [
      serie('kube_cronjob_status_last_successful_time', { namespace: 'rgp', cronjob: 'rgp-db-verificar-restauracao' }, fixo(-40 * 3600)),
      serie('kube_cronjob_created', { namespace: 'rgp', cronjob: 'rgp-db-verificar-restauracao' }, fixo(-90 * 86400)),
    ],
    saudavel: [
      serie('kube_cronjob_status_last_successful_time', { namespace: 'rgp', cronjob: 'rgp-db-verificar-restauracao' }, fixo(-20 * 3600)),
      serie('kube_cronjob_created', { namespace: 'rgp', cronjob: 'rgp-db-verificar-restauracao' }, fixo(-90 * 86400)),
    ],
  },
  {
    // A CronJob made 40 h ago whose check never passed.
    alerta: 'RgpVerificacaoRestauracaoAntiga',
    ruim: [serie('kube_cronjob_created', { namespace: 'rgp', cronjob: 'rgp-db-verificar-restauracao' }, fixo(-40 * 3600))],
    saudavel: [serie('kube_cronjob_created', { namespace: 'rgp', cronjob: 'rgp-db-verificar-restauracao' }, fixo(-3600))],
  },
  {
    // The feed held back past its limit for the whole hour, against a few seconds.
    alerta: 'RgpSloFrescorFeed', slo: FRESCOR_FEED.nome, filtro: `slo="${FRESCOR_FEED.nome}",janela="1h"`,
    ruim: [serie('rgp_integracao_feed_atraso_segundos', { pod: 'rgp-a' }, fixo(FRESCOR_FEED.limiteSegundos * 5))],
    saudavel: [serie('rgp_integracao_feed_atraso_segundos', { pod: 'rgp-a' }, `3 0 12 0 45 0x${PASSOS}`)],
  },
  {
    alerta: 'RgpArquivamentoWalFalhando',
    ruim: [serie('cnpg_pg_stat_archiver_failed_count', { pod: 'rgp-db-1' }, cresce(1)), serie('cnpg_pg_stat_archiver_seconds_since_last_archival', { pod: 'rgp-db-1' }, fixo(30))],
    saudavel: [serie('cnpg_pg_stat_archiver_failed_count', { pod: 'rgp-db-1' }, fixo(7)), serie('cnpg_pg_stat_archiver_seconds_since_last_archival', { pod: 'rgp-db-1' }, fixo(30))],
  },
  {
    alerta: 'RgpVolumeWalEnchendo',
    ruim: [serie('kubelet_volume_stats_available_bytes', { persistentvolumeclaim: 'rgp-db-1-wal' }, fixo(4)), serie('kubelet_volume_stats_capacity_bytes', { persistentvolumeclaim: 'rgp-db-1-wal' }, fixo(20))],
    saudavel: [serie('kubelet_volume_stats_available_bytes', { persistentvolumeclaim: 'rgp-db-1-wal' }, fixo(15)), serie('kubelet_volume_stats_capacity_bytes', { persistentvolumeclaim: 'rgp-db-1-wal' }, fixo(20))],
  },
  {
    alerta: 'RgpReplicacaoAtrasada',
    ruim: [serie('cnpg_pg_replication_lag', { pod: 'rgp-db-2' }, fixo(45))],
    saudavel: [serie('cnpg_pg_replication_lag', { pod: 'rgp-db-2' }, fixo(0.2))],
  },
  {
    alerta: 'RgpCertificadoExpirando',
    ruim: [serie('certmanager_certificate_expiration_timestamp_seconds', { namespace: 'rgp', name: 'rgp-tls' }, fixo(10 * 86400))],
    saudavel: [serie('certmanager_certificate_expiration_timestamp_seconds', { namespace: 'rgp', name: 'rgp-tls' }, fixo(60 * 86400))],
  },
];

describe('alerts on recorded series (promtool test rules)', () => {
  it('covers every alert of the rules with a bad and a healthy case', () => {
    const alertas = new Set(regras.flatMap((r) => (r.alert ? [r.alert] : [])));
    expect(new Set(CENARIOS.map((c) => c.alerta))).toEqual(alertas);
    // Availability and latency of the request objectives, and the feed's freshness.
    expect(ALERTAS_OPERACAO.length + 3).toBe(alertas.size);
    expect(QUEIMAS.map((q) => q.taxa)).toEqual([14.4, 6, 3, 1]);
  });

  it('fires each alert on its bad hours and none on healthy ones', async () => {
    const grupos = regrasPrometheus().spec.groups;
    /** The rules a scenario needs: its objective's recordings and alerts, or the operation group. */
    const regrasDe = (slo: string | undefined) => (slo
      ? grupos.filter((g) => g.name.startsWith('rgp-slo')).map((g) => ({ ...g, rules: (g.rules as { labels?: Record<string, string> }[]).filter((r) => r.labels?.slo === slo) }))
      : grupos.filter((g) => !g.name.startsWith('rgp-slo')));
    const contar = (c: Cenario) => `count(ALERTS{alertname="${c.alerta}",alertstate="firing"${c.filtro ? `,${c.filtro}` : ''}})`;
    const caso = (series: Cenario['ruim'], expr: string, esperado: { labels: string; value: number }[]) =>
      ({ interval: '1m', input_series: series, promql_expr_test: [{ expr, eval_time: '75m', exp_samples: esperado }] });
    const promtool = async (nome: string, slo: string | undefined, testes: unknown[]) => {
      const arquivoRegras = path.join(temporario, `${nome}.regras.yaml`);
      fs.writeFileSync(arquivoRegras, stringify({ groups: regrasDe(slo) }, { lineWidth: 0 }));
      const arquivoTeste = path.join(temporario, `${nome}.teste.yaml`);
      fs.writeFileSync(arquivoTeste, stringify({ rule_files: [arquivoRegras], evaluation_interval: '1m', tests: testes }, { lineWidth: 0 }));
      const r = await exec('promtool', ['test', 'rules', arquivoTeste]).catch((e: { stdout: string; stderr: string }) => e);
      return `${r.stdout}\n${r.stderr}`;
    };
    const conjuntos = [...new Set(CENARIOS.map((c) => c.slo))];
    const saidas = await Promise.all(conjuntos.map((slo) => promtool(slo ?? 'operacao', slo, CENARIOS.filter((c) => c.slo === slo).flatMap((c) => [
      caso(c.ruim, contar(c), [{ labels: '{}', value: 1 }]),
      caso(c.saudavel, 'count(ALERTS{alertstate="firing"})', []),
    ]))));
    for (const s of saidas) expect(s).toMatch(/SUCCESS/);
    // The healthy expectation is not vacuous: bad series under it make promtool fail.
    const c0 = CENARIOS[0]!;
    expect(await promtool('quebrado', c0.slo, [caso(c0.ruim, 'count(ALERTS{alertstate="firing"})', [])])).toMatch(/FAILED/);
  }, 60_000);

  it('the monitoring kustomization lists the PodMonitors and the rules, and the PodMonitor scrapes the server\'s metrics port', () => {
    const k = parse(fs.readFileSync(path.join(RAIZ, 'deploy', 'kubernetes', 'monitoring', 'kustomization.yaml'), 'utf8')) as { resources: string[] };
    expect(k.resources).toEqual(['podmonitor.yaml', 'prometheusrule.yaml']);
    const docs = fs.readFileSync(path.join(RAIZ, 'deploy', 'kubernetes', 'monitoring', 'podmonitor.yaml'), 'utf8').split(/^---$/m).map((d) => parse(d) as { metadata: { name: string }; spec: { podMetricsEndpoints: { port: string }[] } });
    expect(docs.map((d) => d.metadata.name)).toEqual(['rgp', 'rgp-db']);
    const deployment = fs.readFileSync(path.join(RAIZ, 'deploy', 'kubernetes', 'base', 'deployment.yaml'), 'utf8');
    expect(deployment).toMatch(/- name: metrics\s+containerPort: 9464/);
    expect(docs[0]!.spec.podMetricsEndpoints[0]!.port).toBe('metrics');
  });
});
