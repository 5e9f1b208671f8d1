/**
 * The service objectives (docs/operations.md, "Objectives") and the alert rules made from them: multi-window,
 * multi-burn-rate alerts on each objective's error budget (Google's SRE workbook, chapter 5), and the alerts that
 * watch jobs, the database, backups and certificates. `npm run gerar:alertas` writes
 * deploy/kubernetes/monitoring/prometheusrule.yaml from here; deploy/alertas.test.ts checks the file is current,
 * parses every expression and shows each alert firing on recorded series with promtool.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';

export interface Objetivo {
  /** The `slo` label of the recorded series and the alerts. */
  nome: string;
  titulo: string;
  /** method → route patterns, as the server labels them. */
  rotas: Record<string, string[]>;
  /** Share of requests answered without 5xx, over 30 days. */
  disponibilidade: number;
  /** Share of requests answered within `limiteSegundos` (a bucket of the histogram), over 30 days. */
  latencia: { alvo: number; limiteSegundos: number };
}

export const OBJETIVOS: Objetivo[] = [
  {
    nome: 'entrada', titulo: 'Entrada (login)',
    rotas: { POST: ['/api/auth/login'] },
    disponibilidade: 0.995, latencia: { alvo: 0.95, limiteSegundos: 1 },
  },
  {
    nome: 'envio-reap', titulo: 'Envio do REAP',
    rotas: { POST: ['/api/reap/questionario-basico', '/api/reap/questionario-basico/industrial'] },
    disponibilidade: 0.999, latencia: { alvo: 0.99, limiteSegundos: 2.5 },
  },
  {
    nome: 'solicitacao', titulo: 'Abertura de solicitação',
    rotas: { POST: ['/api/solicitacao'], PUT: ['/api/solicitacao'] },
    disponibilidade: 0.999, latencia: { alvo: 0.99, limiteSegundos: 2.5 },
  },
  {
    nome: 'consulta-publica', titulo: 'Consulta pública',
    rotas: {
      GET: ['/api/carteira-profissional/consulta-publica', '/api/pescador/protocolo-solicitacao-registro/:id',
        '/api/protocolo-solicitacao/verificar/:token', '/api/carteira-profissional/verificar/:token', '/api/reap/verificar/:token'],
    },
    disponibilidade: 0.995, latencia: { alvo: 0.95, limiteSegundos: 1 },
  },
];

/**
 * The change feed's freshness (GET /api/integracao/eventos, decision 0121): an event is served once every older
 * transaction has ended, so a long transaction holds the feed back. Objective: in 99.5% of the minutes of 30 days,
 * no committed change waits more than 60 s (`rgp_integracao_feed_atraso_segundos`, measured by every instance).
 */
export const FRESCOR_FEED = { nome: 'feed-integracao', titulo: 'Feed de mudanças (integração)', alvo: 0.995, limiteSegundos: 60 } as const;

/** Windows and burn rates: 2% of a 30-day budget in 1 h pages, 5% in 6 h pages, 10% in 3 days opens a ticket. */
export const QUEIMAS = [
  { longa: '1h', curta: '5m', taxa: 14.4, para: '2m', severidade: 'critical' },
  { longa: '6h', curta: '30m', taxa: 6, para: '15m', severidade: 'critical' },
  { longa: '1d', curta: '2h', taxa: 3, para: '1h', severidade: 'warning' },
  { longa: '3d', curta: '6h', taxa: 1, para: '3h', severidade: 'warning' },
] as const;

const JANELAS = [...new Set(QUEIMAS.flatMap((q) => [q.curta, q.longa]))];

/** The runbook: docs/operations.md, section "Alerts", one heading per alert (its anchor is the name in lower case). */
export const RUNBOOK = 'docs/operations.md';
export const ancora = (alerta: string) => alerta.toLowerCase();

/** Route patterns hold no regular-expression characters, so they go into `=~` as they are. */
function escapar(rota: string): string {
  if (!/^[a-z0-9/:_-]+$/i.test(rota)) throw new Error(`route ${rota} needs escaping`);
  return rota;
}

function seletor(o: Objetivo, extra = ''): string {
  const partes = Object.entries(o.rotas).map(([m, rs]) => `method="${m}",route=~"${rs.map(escapar).join('|')}"`);
  if (partes.length !== 1) {
    const metodos = Object.keys(o.rotas);
    const rotas = [...new Set(Object.values(o.rotas).flat())];
    return `{method=~"${metodos.join('|')}",route=~"${rotas.map(escapar).join('|')}"${extra}}`;
  }
  return `{${partes[0]}${extra}}`;
}

interface Regra { record?: string; alert?: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> }

function gravacoes(o: Objetivo): Regra[] {
  const todas = (j: string) => `sum(rate(rgp_http_requests_total${seletor(o)}[${j}]))`;
  return JANELAS.flatMap((j) => [
    {
      record: `rgp:slo_erros_disponibilidade:razao_${j}`,
      expr: `sum(rate(rgp_http_requests_total${seletor(o, ',status_code=~"5.."')}[${j}])) / ${todas(j)}`,
      labels: { slo: o.nome },
    },
    {
      record: `rgp:slo_erros_latencia:razao_${j}`,
      expr: `1 - sum(rate(rgp_http_request_duration_seconds_bucket${seletor(o, `,le="${o.latencia.limiteSegundos}"`)}[${j}])) / sum(rate(rgp_http_request_duration_seconds_count${seletor(o)}[${j}]))`,
      labels: { slo: o.nome },
    },
  ]);
}

/** Share of the window's minutes in which the feed held a committed change back longer than its limit. */
function gravacoesDoFeed(): Regra[] {
  return JANELAS.map((j) => ({
    record: `rgp:slo_feed_atrasado:razao_${j}`,
    expr: `avg_over_time((max(rgp_integracao_feed_atraso_segundos) > bool ${FRESCOR_FEED.limiteSegundos})[${j}:1m])`,
    labels: { slo: FRESCOR_FEED.nome },
  }));
}

function alertasDoFeed(): Regra[] {
  const orcamento = Number((1 - FRESCOR_FEED.alvo).toFixed(6));
  return QUEIMAS.map((q) => {
    const limite = Number((q.taxa * orcamento).toFixed(6));
    const serie = (j: string) => `rgp:slo_feed_atrasado:razao_${j}{slo="${FRESCOR_FEED.nome}"}`;
    return {
      alert: 'RgpSloFrescorFeed',
      expr: `${serie(q.longa)} > ${limite} and ${serie(q.curta)} > ${limite}`,
      for: q.para,
      labels: { severity: q.severidade, slo: FRESCOR_FEED.nome, janela: q.longa },
      annotations: {
        summary: `${FRESCOR_FEED.titulo}: mudanças retidas por mais de ${FRESCOR_FEED.limiteSegundos} s consomem o orçamento ${q.taxa}× mais rápido que o sustentável (janela ${q.longa})`,
        description: `Objetivo: ${(FRESCOR_FEED.alvo * 100).toFixed(1)}% dos minutos em 30 dias sem atraso acima de ${FRESCOR_FEED.limiteSegundos} s. Razão atual em ${q.longa}: {{ $value | humanizePercentage }}.`,
        runbook_url: `${RUNBOOK}#${ancora('RgpSloFrescorFeed')}`,
      },
    };
  });
}

function alertasDeQueima(o: Objetivo): Regra[] {
  const tipos = [
    { tipo: 'disponibilidade', alvo: o.disponibilidade, alerta: 'RgpSloDisponibilidade', oQue: 'respostas 5xx' },
    { tipo: 'latencia', alvo: o.latencia.alvo, alerta: 'RgpSloLatencia', oQue: `respostas acima de ${o.latencia.limiteSegundos} s` },
  ];
  return tipos.flatMap(({ tipo, alvo, alerta, oQue }) => QUEIMAS.map((q) => {
    const orcamento = Number((1 - alvo).toFixed(6));
    const limite = Number((q.taxa * orcamento).toFixed(6));
    const serie = (j: string) => `rgp:slo_erros_${tipo}:razao_${j}{slo="${o.nome}"}`;
    return {
      alert: alerta,
      expr: `${serie(q.longa)} > ${limite} and ${serie(q.curta)} > ${limite}`,
      for: q.para,
      labels: { severity: q.severidade, slo: o.nome, janela: q.longa },
      annotations: {
        summary: `${o.titulo}: ${oQue} consomem o orçamento de erro ${q.taxa}× mais rápido que o sustentável (janela ${q.longa})`,
        description: `Objetivo ${(alvo * 100).toFixed(1)}% em 30 dias. Razão atual em ${q.longa}: {{ $value | humanizePercentage }}.`,
        runbook_url: `${RUNBOOK}#${ancora(alerta)}`,
      },
    };
  }));
}

/** Alerts that are not error budgets: jobs, pools, load, the database, backups, certificates. */
export const ALERTAS_OPERACAO: Regra[] = [
  {
    alert: 'RgpJobsFalhando',
    expr: 'sum by (fila) (increase(rgp_jobs_execucoes_total{resultado="falhou"}[1h])) >= 3 and sum by (fila) (increase(rgp_jobs_execucoes_total{resultado="falhou"}[1h])) / sum by (fila) (increase(rgp_jobs_execucoes_total[1h])) > 0.2',
    for: '5m',
    labels: { severity: 'warning' },
    annotations: { summary: 'Mais de 20% das execuções da fila {{ $labels.fila }} falharam na última hora' },
  },
  {
    alert: 'RgpJobsEsperando',
    expr: 'max by (fila) (rgp_jobs_fila_idade_segundos) > 900',
    for: '10m',
    labels: { severity: 'warning' },
    annotations: { summary: 'O job mais antigo da fila {{ $labels.fila }} espera há {{ $value | humanizeDuration }}' },
  },
  {
    alert: 'RgpPoolEsperando',
    expr: 'min_over_time(rgp_db_pool_waiting[5m]) > 0',
    for: '5m',
    labels: { severity: 'warning' },
    annotations: { summary: 'Consultas esperam conexão no pool {{ $labels.pool }} de {{ $labels.pod }} há 5 minutos' },
  },
  {
    alert: 'RgpSobrecarga',
    expr: 'sum(rgp_sobrecarga_ativa) >= 2',
    for: '5m',
    labels: { severity: 'critical' },
    annotations: { summary: '{{ $value }} instâncias recusam requisições por sobrecarga' },
  },
  {
    alert: 'RgpColetaDeMetricasFalhando',
    expr: 'sum by (fonte) (increase(rgp_metricas_falhas_coleta_total[15m])) > 0',
    for: '15m',
    labels: { severity: 'warning' },
    annotations: { summary: 'Métricas de {{ $labels.fonte }} incompletas: a consulta falha ou passa do prazo' },
  },
  {
    alert: 'RgpBackupAntigo',
    expr: 'time() - max(barman_cloud_cloudnative_pg_io_last_available_backup_timestamp) > 26 * 3600',
    for: '10m',
    labels: { severity: 'critical' },
    annotations: { summary: 'O último backup base disponível tem mais de 26 horas' },
  },
  {
    // The daily restore check (deploy/kubernetes/cloudnative-pg/verificacao-restauracao.yaml): its last success, or
    // the CronJob's creation when none has passed yet, older than 30 h (a day's run, plus its 3 h deadline and slack).
    alert: 'RgpVerificacaoRestauracaoAntiga',
    expr: 'time() - max(kube_cronjob_status_last_successful_time{namespace="rgp",cronjob="rgp-db-verificar-restauracao"} or kube_cronjob_created{namespace="rgp",cronjob="rgp-db-verificar-restauracao"}) > 30 * 3600',
    for: '10m',
    labels: { severity: 'critical' },
    annotations: { summary: 'Nenhuma restauração do backup foi verificada nas últimas 30 horas: o backup pode não restaurar' },
  },
  {
    alert: 'RgpArquivamentoWalFalhando',
    expr: 'increase(cnpg_pg_stat_archiver_failed_count[15m]) > 0 or max(cnpg_pg_stat_archiver_seconds_since_last_archival) > 900',
    for: '5m',
    labels: { severity: 'critical' },
    annotations: { summary: 'O arquivamento de WAL falha ou está parado: a recuperação a um ponto no tempo perde dados e o volume de WAL enche' },
  },
  {
    alert: 'RgpVolumeWalEnchendo',
    expr: 'kubelet_volume_stats_available_bytes{persistentvolumeclaim=~"rgp-db-[0-9]+-wal"} / kubelet_volume_stats_capacity_bytes{persistentvolumeclaim=~"rgp-db-[0-9]+-wal"} < 0.3',
    for: '5m',
    labels: { severity: 'critical' },
    annotations: { summary: 'O volume de WAL {{ $labels.persistentvolumeclaim }} tem menos de 30% livre: cheio, o primário para' },
  },
  {
    alert: 'RgpReplicacaoAtrasada',
    expr: 'max by (pod) (cnpg_pg_replication_lag) > 10',
    for: '5m',
    labels: { severity: 'warning' },
    annotations: { summary: 'A réplica {{ $labels.pod }} está {{ $value }} s atrás do primário' },
  },
  {
    alert: 'RgpCertificadoExpirando',
    expr: 'certmanager_certificate_expiration_timestamp_seconds{namespace="rgp"} - time() < 21 * 86400',
    for: '1h',
    labels: { severity: 'warning' },
    annotations: { summary: 'O certificado {{ $labels.name }} expira em menos de 21 dias' },
  },
].map((r) => ({ ...r, annotations: { ...r.annotations, runbook_url: `${RUNBOOK}#${ancora(r.alert)}` } }));

/** Metrics read from outside the server, and who exports them. */
export const METRICAS_EXTERNAS: Record<string, string> = {
  barman_cloud_cloudnative_pg_io_last_available_backup_timestamp: 'Barman Cloud plugin (CloudNativePG instance exporter)',
  cnpg_pg_stat_archiver_failed_count: 'CloudNativePG instance exporter',
  cnpg_pg_stat_archiver_seconds_since_last_archival: 'CloudNativePG instance exporter',
  cnpg_pg_replication_lag: 'CloudNativePG instance exporter',
  kube_cronjob_status_last_successful_time: 'kube-state-metrics',
  kube_cronjob_created: 'kube-state-metrics',
  kubelet_volume_stats_available_bytes: 'kubelet',
  kubelet_volume_stats_capacity_bytes: 'kubelet',
  certmanager_certificate_expiration_timestamp_seconds: 'cert-manager',
};

export function regrasPrometheus() {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'rgp', labels: { 'app.kubernetes.io/name': 'rgp', 'app.kubernetes.io/part-of': 'rgp' } },
    spec: {
      groups: [
        { name: 'rgp-slo-gravacoes', rules: [...OBJETIVOS.flatMap(gravacoes), ...gravacoesDoFeed()] },
        { name: 'rgp-slo-alertas', rules: [...OBJETIVOS.flatMap(alertasDeQueima), ...alertasDoFeed()] },
        { name: 'rgp-operacao', rules: ALERTAS_OPERACAO },
      ],
    },
  };
}

interface Painel { titulo: string; exprs: Record<string, string>; unidade: string }

function dashboard(uid: string, titulo: string, paineis: Painel[]) {
  return {
    uid, title: titulo, schemaVersion: 39, time: { from: 'now-24h', to: 'now' }, refresh: '1m', tags: ['rgp'],
    templating: { list: [{ name: 'datasource', type: 'datasource', query: 'prometheus' }] },
    panels: paineis.map((p, i) => ({
      id: i + 1, type: 'timeseries', title: p.titulo, datasource: { type: 'prometheus', uid: '${datasource}' },
      gridPos: { x: (i % 2) * 12, y: Math.floor(i / 2) * 8, w: 12, h: 8 },
      fieldConfig: { defaults: { unit: p.unidade }, overrides: [] },
      targets: Object.entries(p.exprs).map(([legenda, expr], j) => ({ refId: String.fromCharCode(65 + j), expr, legendFormat: legenda })),
    })),
  };
}

const razoes = (o: Objetivo): Painel => ({
  titulo: `${o.titulo}: erros e lentidão (1 h) contra o orçamento`,
  unidade: 'percentunit',
  exprs: {
    '5xx': `rgp:slo_erros_disponibilidade:razao_1h{slo="${o.nome}"}`,
    [`acima de ${o.latencia.limiteSegundos} s`]: `rgp:slo_erros_latencia:razao_1h{slo="${o.nome}"}`,
    'orçamento 5xx': `vector(${Number((1 - o.disponibilidade).toFixed(6))})`,
  },
});

/** Grafana dashboards (JSON model): the service, and the REAP deadline week. */
export function dashboards() {
  const operacao: Painel[] = [
    { titulo: 'Requisições por segundo, por status', unidade: 'reqps', exprs: { '{{status_code}}': 'sum by (status_code) (rate(rgp_http_requests_total[5m]))' } },
    { titulo: 'Instâncias em sobrecarga', unidade: 'none', exprs: { sobrecarga: 'sum(rgp_sobrecarga_ativa)' } },
    { titulo: 'Pools: conexões em uso e consultas esperando', unidade: 'none', exprs: { '{{pool}} em uso': 'sum by (pool) (rgp_db_pool_total - rgp_db_pool_idle)', '{{pool}} esperando': 'sum by (pool) (rgp_db_pool_waiting)' } },
    { titulo: 'Jobs: falhas por fila (1 h)', unidade: 'none', exprs: { '{{fila}}': 'sum by (fila) (increase(rgp_jobs_execucoes_total{resultado="falhou"}[1h]))' } },
    { titulo: 'Jobs: espera do mais antigo por fila', unidade: 's', exprs: { '{{fila}}': 'max by (fila) (rgp_jobs_fila_idade_segundos)' } },
    { titulo: 'Atraso do event loop (p99)', unidade: 's', exprs: { '{{pod}}': 'nodejs_eventloop_lag_p99_seconds' } },
    { titulo: 'Atraso da réplica', unidade: 's', exprs: { '{{pod}}': 'cnpg_pg_replication_lag' } },
    {
      titulo: 'Feed de mudanças: atraso da mudança mais antiga retida', unidade: 's',
      exprs: { atraso: 'max(rgp_integracao_feed_atraso_segundos)', limite: `vector(${FRESCOR_FEED.limiteSegundos})` },
    },
  ];
  const reap = OBJETIVOS.find((o) => o.nome === 'envio-reap')!;
  const seletorReap = seletor(reap);
  return {
    'rgp-servico.json': dashboard('rgp-servico', 'RGP – serviço', [...OBJETIVOS.map(razoes), ...operacao]),
    'rgp-semana-reap.json': dashboard('rgp-semana-reap', 'RGP – semana do prazo do REAP', [
      { titulo: 'REAP enviados por minuto', unidade: 'none', exprs: { enviados: `sum(rate(rgp_http_requests_total${seletorReap.replace('}', ',status_code=~"2.."}')}[5m])) * 60` } },
      { titulo: 'Envio do REAP: p95', unidade: 's', exprs: { p95: `histogram_quantile(0.95, sum by (le) (rate(rgp_http_request_duration_seconds_bucket${seletorReap}[5m])))` } },
      razoes(reap),
      razoes(OBJETIVOS.find((o) => o.nome === 'entrada')!),
      operacao[1]!, operacao[2]!,
      { titulo: 'Instâncias', unidade: 'none', exprs: { instancias: 'count(rgp_sobrecarga_ativa)' } },
      { titulo: 'Memória por instância (RSS)', unidade: 'bytes', exprs: { '{{pod}}': 'process_resident_memory_bytes' } },
    ]),
  };
}

export const PASTA_DASHBOARDS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'deploy', 'grafana');

export const ARQUIVO_REGRAS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'deploy', 'kubernetes', 'monitoring', 'prometheusrule.yaml');

export function textoDasRegras(): string {
  return `# Generated by \`npm run gerar:alertas\` from scripts/alertas.ts (the objectives of docs/operations.md): edit there.\n${stringify(regrasPrometheus(), { lineWidth: 0 })}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.mkdirSync(path.dirname(ARQUIVO_REGRAS), { recursive: true });
  fs.writeFileSync(ARQUIVO_REGRAS, textoDasRegras());
  console.log(`wrote ${path.relative(process.cwd(), ARQUIVO_REGRAS)}`);
  fs.mkdirSync(PASTA_DASHBOARDS, { recursive: true });
  for (const [nome, d] of Object.entries(dashboards())) fs.writeFileSync(path.join(PASTA_DASHBOARDS, nome), `${JSON.stringify(d, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), PASTA_DASHBOARDS)}`);
}
