import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import { PodMonitor, PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Role, RoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1';
import { ConfigMap, Secret, Service, ServiceAccount } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { THREADS } from '../scripts/servidor-esbuild.mjs';
import { loadConfig } from '../src/server/config';
import { POOL_PRONTIDAO_MAX } from '../src/server/db/client';
import * as contratosSaude from '../src/shared/contratos/saude';

/**
 * The deployment files (issue 23, point 2; docs/decisions/0047-container-image-and-kubernetes.md), checked without
 * Docker or Kubernetes, which this machine has neither of:
 * - every Kubernetes manifest against the API's OpenAPI schemas (`kubernetes-models`), and the CloudNativePG and
 *   Barman Cloud objects against their CRDs' openAPIV3Schema (vendored in deploy/schemas, unknown fields refused);
 * - each kustomization rendered (the subset of kustomize these files use) and checked against the house rules:
 *   replicas, rolling update, probes, memory, non-root, secrets by reference, and a configuration the server accepts;
 * - the Containerfile's stages and paths, and compose.yaml against the Compose Specification's schema.
 * The image itself is not built here (`docker build -f Containerfile .`).
 */

const RAIZ = path.resolve(import.meta.dirname, '..');
const K8S = path.join(RAIZ, 'deploy', 'kubernetes');
const ler = (...p: string[]) => fs.readFileSync(path.join(RAIZ, ...p), 'utf8');

type Obj = Record<string, unknown>;
interface Recurso extends Obj {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
}
interface VarAmbiente {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string };
  };
}
interface Sonda { httpGet?: { path: string; port: string | number } }
interface Conteiner {
  name: string;
  image: string;
  args?: string[];
  env?: VarAmbiente[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name: string; containerPort: number }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: Obj;
  readinessProbe?: Sonda;
  livenessProbe?: Sonda;
  startupProbe?: Sonda;
}
interface PodSpec { securityContext?: Obj; containers: Conteiner[]; initContainers?: Conteiner[] }

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function documentos(arquivo: string): Recurso[] {
  return parseAllDocuments(fs.readFileSync(arquivo, 'utf8')).map((d) => {
    expect(d.errors, arquivo).toEqual([]);
    return d.toJS() as Recurso;
  }).filter(Boolean);
}

function arquivosYaml(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return arquivosYaml(p);
    return /\.ya?ml$/.test(e.name) ? [p] : [];
  });
}

// ---- schemas ----------------------------------------------------------------------------------------------------

/** Core objects: the models of the official OpenAPI schemas. A kind not listed here fails (add its model). */
const MODELOS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'monitoring.coreos.com/v1/PodMonitor': PodMonitor,
  'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
  'batch/v1/CronJob': CronJob,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'rbac.authorization.k8s.io/v1/Role': Role,
  'rbac.authorization.k8s.io/v1/RoleBinding': RoleBinding,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
};

/**
 * A CRD's structural schema as the API server applies it with strict field validation (kubectl's default): a field
 * that is not declared is refused, unless the schema keeps unknown fields. CEL rules (x-kubernetes-validations) are
 * not evaluated here.
 */
function estrito(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(estrito);
  if (!isObj(schema)) return schema;
  const out: Obj = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'properties' && isObj(v) ? Object.fromEntries(Object.entries(v).map(([p, s]) => [p, estrito(s)])) : estrito(v);
  if (isObj(out.properties) && out.additionalProperties === undefined && out['x-kubernetes-preserve-unknown-fields'] !== true) {
    out.additionalProperties = false;
  }
  return out;
}

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

function validadoresDeCrd(arquivo: string): Record<string, ValidateFunction> {
  const crd = parse(ler('deploy', 'schemas', arquivo)) as {
    spec: { group: string; names: { kind: string }; versions: { name: string; schema: { openAPIV3Schema: Obj } }[] };
  };
  return Object.fromEntries(crd.spec.versions.map((v) => {
    // metadata is the API server's (ObjectMeta), not the CRD's: only its name is checked here.
    const schema = estrito({ ...v.schema.openAPIV3Schema, properties: { ...(v.schema.openAPIV3Schema.properties as Obj), metadata: { type: 'object' } } });
    return [`${crd.spec.group}/${v.name}/${crd.spec.names.kind}`, ajv.compile(schema as Obj)];
  }));
}

const CRDS: Record<string, ValidateFunction> = {
  ...validadoresDeCrd('postgresql.cnpg.io_clusters.yaml'),
  ...validadoresDeCrd('postgresql.cnpg.io_scheduledbackups.yaml'),
  ...validadoresDeCrd('barmancloud.cnpg.io_objectstores.yaml'),
};

/** The schema errors of one object, empty when valid. */
function errosDeSchema(obj: Recurso): string[] {
  const tipo = `${obj.apiVersion}/${obj.kind}`;
  if (typeof obj.metadata?.name !== 'string' || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(obj.metadata.name)) return [`${tipo}: metadata.name`];
  const Modelo = MODELOS[tipo];
  if (Modelo) {
    try {
      new Modelo(obj as never).validate();
      return [];
    } catch (err) {
      return [`${tipo} ${obj.metadata.name}: ${(err as Error).message}`];
    }
  }
  const crd = CRDS[tipo];
  if (!crd) return [`${tipo}: no schema to validate it against (add its model or CRD)`];
  return crd(obj as unknown) ? [] : (crd.errors ?? []).map((e) => `${tipo} ${obj.metadata.name}${e.instancePath}: ${e.message} ${JSON.stringify(e.params)}`);
}

// ---- kustomize (the subset used here) ---------------------------------------------------------------------------

/** Strategic merge as kustomize does it for these files: maps by key, lists of named items by name, null deletes. */
function fundir(base: unknown, patch: unknown): unknown {
  const nomeados = (l: unknown): l is Obj[] => Array.isArray(l) && l.every((i) => isObj(i) && typeof i.name === 'string');
  if (nomeados(base) && nomeados(patch)) {
    const out = base.map((i) => structuredClone(i));
    for (const p of patch) {
      const i = out.findIndex((b) => b.name === p.name);
      if (i >= 0) out[i] = fundir(out[i], p) as Obj;
      else out.push(p);
    }
    return out;
  }
  if (isObj(base) && isObj(patch)) {
    const out: Obj = structuredClone(base);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete out[k];
      else out[k] = k in base ? fundir(base[k], v) : v;
    }
    return out;
  }
  return patch;
}

function podSpec(obj: Recurso): PodSpec | undefined {
  const spec = obj.spec as { template?: { spec?: PodSpec }; jobTemplate?: { spec: { template: { spec: PodSpec } } } } | undefined;
  return spec?.template?.spec ?? spec?.jobTemplate?.spec.template.spec;
}
const conteineres = (p: PodSpec) => [...(p.initContainers ?? []), ...p.containers];

/** Renders a kustomization folder: resources (files and folders), patches by path, images. Anything else fails. */
function renderizar(dir: string): Recurso[] {
  const k = parse(fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as {
    resources?: string[]; patches?: { path: string }[]; images?: { name: string; newName?: string; newTag?: string }[];
  };
  expect(Object.keys(k).filter((c) => !['apiVersion', 'kind', 'resources', 'patches', 'images'].includes(c)), `${dir}: kustomize fields this test does not render`).toEqual([]);
  let objs: Recurso[] = [];
  for (const r of k.resources ?? []) {
    const p = path.resolve(dir, r);
    objs.push(...(fs.statSync(p).isDirectory() ? renderizar(p) : documentos(p)));
  }
  for (const patch of k.patches ?? []) {
    expect(Object.keys(patch)).toEqual(['path']);
    for (const p of documentos(path.join(dir, patch.path))) {
      const alvo = objs.findIndex((o) => o.kind === p.kind && o.metadata.name === p.metadata.name);
      expect(alvo, `${patch.path}: ${p.kind} ${p.metadata.name} is not among the resources`).toBeGreaterThanOrEqual(0);
      objs = objs.map((o, i) => (i === alvo ? fundir(o, p) as Recurso : o));
    }
  }
  for (const img of k.images ?? []) {
    for (const o of objs) {
      const pod = podSpec(o);
      for (const c of pod ? conteineres(pod) : []) {
        if (c.image === img.name || c.image.startsWith(`${img.name}:`)) c.image = `${img.newName ?? img.name}:${img.newTag ?? 'latest'}`;
      }
    }
  }
  return objs;
}

/** The kustomization folders, and the files that are patches (partial objects, validated once merged). */
const KUSTOMIZACOES = arquivosYaml(K8S).filter((f) => path.basename(f) === 'kustomization.yaml').map(path.dirname);
const PATCHES = new Set(KUSTOMIZACOES.flatMap((d) => {
  const k = parse(fs.readFileSync(path.join(d, 'kustomization.yaml'), 'utf8')) as { patches?: { path: string }[] };
  return (k.patches ?? []).map((p) => path.join(d, p.path));
}));

// ---- what the server and the image declare ----------------------------------------------------------------------

const SEGREDOS = ['DATABASE_URL', 'JWT_SECRET', 'CARTEIRA_TOKEN_SECRET', 'CAPTCHA_HMAC_SECRET', 'FILE_SIGNING_SECRET', 'OIDC_CLIENT_SECRET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'SMTP_PASSWORD'];
/** Names that hold a secret: their value never appears in a manifest. */
const PARECE_SEGREDO = /SECRET|PASSWORD|SENHA|TOKEN|ACCESS_KEY|DATABASE_(REPLICA_)?URL|_DB_USER/;
/** Measured RSS (issue 23): idle, public lookup load, largest report job. */
const RSS_MEDIDO_MB = { repouso: 146, consulta: 411, relatorio: 367 };

const mebibytes = (q: string) => {
  const m = /^(\d+)(Mi|Gi)$/.exec(q);
  if (!m) throw new Error(`unexpected quantity ${q}`);
  return Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1);
};

/** The routes of the saude module, as its contracts declare them (the server registers them from these). */
const ROTAS_SAUDE = Object.values(contratosSaude).map((c) => c.caminho);

/**
 * What `npm run build` writes: the bundles that scripts/build-server.mjs names, the server and its worker threads'
 * bundles when it builds them together (`construirServidorComThreads('dist/server')`), and Vite's outDir.
 */
const PRODUZIDOS_PELO_BUILD = [
  ...[...ler('scripts', 'build-server.mjs').matchAll(/'(dist\/server\/[\w-]+\.mjs)'/g)].map((m) => m[1]!),
  ...(/construirServidorComThreads\('dist\/server'/.test(ler('scripts', 'build-server.mjs'))
    ? ['dist/server/main.mjs', ...THREADS.map((t) => `dist/server/${t.nome}.mjs`)]
    : []),
  /outDir: '\.\.\/\.\.\/dist\/web'/.test(ler('vite.config.ts')) ? 'dist/web' : '(vite outDir changed)',
];

interface Instrucao { instrucao: string; args: string }
interface Estagio { de: string; nome?: string; instrucoes: Instrucao[] }

/** The Containerfile's stages and instructions (comments dropped, continuation lines joined). */
function lerContainerfile(): Estagio[] {
  const linhas = ler('Containerfile').split('\n').filter((l) => !/^\s*#/.test(l)).join('\n').replace(/\\\n/g, ' ').split('\n');
  const estagios: Estagio[] = [];
  for (const linha of linhas.map((l) => l.trim()).filter(Boolean)) {
    const [, instrucao, args] = /^(\S+)\s+(.*)$/.exec(linha) ?? [];
    if (!instrucao || args === undefined) throw new Error(`Containerfile: cannot read "${linha}"`);
    if (instrucao.toUpperCase() === 'FROM') {
      const [, de, nome] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      estagios.push({ de: de!, ...(nome ? { nome } : {}), instrucoes: [] });
    } else if (instrucao.toUpperCase() !== 'ARG' || estagios.length > 0) {
      estagios.at(-1)?.instrucoes.push({ instrucao: instrucao.toUpperCase(), args });
    }
  }
  return estagios;
}

const IMAGEM = lerContainerfile();
const FINAL = IMAGEM.at(-1)!;
const doFinal = (i: string) => FINAL.instrucoes.filter((x) => x.instrucao === i);
const UID_DA_IMAGEM = Number(/^(\d+)/.exec(doFinal('USER').at(-1)?.args ?? '')?.[1]);

/** Dummy values for the secrets, of the lengths the server requires, to check a configuration's shape. */
function valorFicticio(nome: string): string {
  if (nome.includes('DATABASE')) return 'postgresql://rgp:senha@db.example:5432/rgp';
  return `ficticio-${nome.toLowerCase()}-`.padEnd(40, 'x');
}

/** Connections PostgreSQL keeps for itself, the operator's exporter and replication, beside the server's pools. */
const RESERVA_CONEXOES = 20;

/** The environment a pod's server container reads: its ConfigMaps (envFrom), then its own env, which wins. */
function ambienteDoPod(pod: PodSpec, configMaps: Map<string, Record<string, string>>): Record<string, string> {
  const [servidor] = pod.containers;
  const ambiente: Record<string, string> = {};
  for (const f of servidor!.envFrom ?? []) Object.assign(ambiente, configMaps.get(f.configMapRef!.name));
  for (const e of servidor!.env ?? []) {
    ambiente[e.name] = e.valueFrom?.secretKeyRef ? valorFicticio(e.name) : e.valueFrom?.configMapKeyRef ? configMaps.get(e.valueFrom.configMapKeyRef.name)![e.valueFrom.configMapKeyRef.key]! : (e.value ?? '').replace(/\$\(([A-Z0-9_]+)\)/g, (_m, n: string) => encodeURIComponent(ambiente[n] ?? ''));
    if (e.valueFrom?.secretKeyRef?.optional) delete ambiente[e.name];
  }
  return ambiente;
}

type Implantacao = Recurso & { spec: { replicas: number; strategy: { rollingUpdate: { maxSurge: number } }; template: { spec: PodSpec } } };

/**
 * What the rendered manifests ask of PostgreSQL at the peak. Each Deployment's pods at their most (the autoscaler's
 * maximum where one targets it, else its replicas, plus the rollout's surge), each with its request, job queue and
 * readiness pools on the primary and its read pool on the standby (same max_connections), sized by its own env.
 */
function errosDeOrcamento(objs: Recurso[]): string[] {
  const cluster = objs.find((o) => o.kind === 'Cluster') as (Recurso & { spec: { postgresql: { parameters: Record<string, string> } } }) | undefined;
  const deps = objs.filter((o) => o.kind === 'Deployment') as Implantacao[];
  if (!cluster || deps.length === 0) return ['the Deployments or the database Cluster are missing'];
  const hpas = objs.filter((o) => o.kind === 'HorizontalPodAutoscaler') as (Recurso & { spec: { maxReplicas: number; scaleTargetRef: { name: string } } })[];
  const configMaps = new Map(objs.filter((o) => o.kind === 'ConfigMap').map((c) => [c.metadata.name, c.data as Record<string, string>]));
  const maximo = Number(cluster.spec.postgresql.parameters.max_connections ?? 100);
  let primario = RESERVA_CONEXOES;
  let standby = RESERVA_CONEXOES;
  const partes: string[] = [];
  for (const dep of deps) {
    const amb = ambienteDoPod(dep.spec.template.spec, configMaps);
    const config = loadConfig({ NODE_ENV: 'test', ...Object.fromEntries(['DB_POOL_MAX', 'JOBS_POOL_MAX'].filter((k) => amb[k]).map((k) => [k, amb[k]!])) });
    const hpa = hpas.find((h) => h.spec.scaleTargetRef.name === dep.metadata.name);
    const instancias = (hpa?.spec.maxReplicas ?? dep.spec.replicas) + dep.spec.strategy.rollingUpdate.maxSurge;
    const porInstancia = config.database.poolMax + config.database.poolJobsMax + POOL_PRONTIDAO_MAX;
    primario += instancias * porInstancia;
    standby += amb.DATABASE_REPLICA_URL ? instancias * config.database.poolMax : 0;
    partes.push(`${dep.metadata.name} ${instancias} × (${config.database.poolMax} + ${config.database.poolJobsMax} + ${POOL_PRONTIDAO_MAX})`);
  }
  return [
    ...(primario > maximo ? [`primary: ${partes.join(' + ')} + ${RESERVA_CONEXOES} = ${primario} > max_connections ${maximo}`] : []),
    ...(standby > maximo ? [`standby: ${standby} > max_connections ${maximo}`] : []),
  ];
}

// ---- tests ------------------------------------------------------------------------------------------------------

describe('Kubernetes manifests', () => {
  const arquivos = arquivosYaml(K8S);

  it('validates every object of every manifest against the Kubernetes API (and CRD) schemas', () => {
    const objetos = arquivos.filter((f) => path.basename(f) !== 'kustomization.yaml' && !PATCHES.has(f)).flatMap(documentos);
    expect(objetos.length).toBeGreaterThan(10);
    expect(objetos.flatMap(errosDeSchema)).toEqual([]);
  });

  it('refuses an object that breaks the schemas (the validation is not vacuous)', () => {
    const [dep] = documentos(path.join(K8S, 'base', 'deployment.yaml'));
    const quebrado = fundir(dep, { spec: { replicas: 'três' } }) as Recurso;
    expect(errosDeSchema(quebrado).join()).toMatch(/replicas/);
    const [cluster] = documentos(path.join(K8S, 'cloudnative-pg', 'cluster.yaml'));
    expect(errosDeSchema(fundir(cluster, { spec: { instancs: 2 } }) as Recurso).join()).toMatch(/additional properties/);
    expect(errosDeSchema(fundir(cluster, { spec: { postgresql: { synchronous: { method: 'all' } } } }) as Recurso).join()).toMatch(/allowed values/);
  });

  it('keeps no secret value in any file: no Secret object, no secret-looking key in a ConfigMap', () => {
    for (const f of arquivos) {
      for (const o of documentos(f)) {
        expect(o.kind, `${f}: secrets are created by the operator, never committed`).not.toBe('Secret');
        if (o.kind === 'ConfigMap') expect(Object.keys(o.data as Obj).filter((k) => PARECE_SEGREDO.test(k)), f).toEqual([]);
      }
    }
  });

  // The monitoring folder holds no server (deploy/alertas.test.ts checks it).
  it.each(KUSTOMIZACOES.filter((d) => path.basename(d) !== 'monitoring').map((d) => [path.relative(RAIZ, d), d]))('%s renders to valid objects that follow the house rules', (_nome, dir) => {
    const objs = renderizar(dir);
    expect(objs.flatMap(errosDeSchema)).toEqual([]);
    const chaves = objs.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(chaves.filter((c, i) => chaves.indexOf(c) !== i), 'objects defined twice').toEqual([]);
    const achar = (kind: string, nome?: string) => objs.filter((o) => o.kind === kind && (nome === undefined || o.metadata.name === nome));

    const [dep] = achar('Deployment', 'rgp') as (Recurso & { spec: { replicas: number; strategy: Obj; selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string> }; spec: PodSpec } } })[];
    expect(dep).toBeDefined();
    const pod = dep!.spec.template.spec;
    const rotulos = dep!.spec.template.metadata.labels;
    const [servidor] = pod.containers;

    // Instances and rollout.
    expect(dep!.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(dep!.spec.strategy).toMatchObject({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } });
    expect(dep!.spec.selector.matchLabels).toEqual(Object.fromEntries(Object.keys(dep!.spec.selector.matchLabels).map((k) => [k, rotulos[k]])));

    // Each Deployment (the web and the job workers) has exactly one disruption budget over exactly its pods.
    const pdbs = achar('PodDisruptionBudget') as (Recurso & { spec: { selector: { matchLabels: Record<string, string> }; maxUnavailable?: number; minAvailable?: number } })[];
    const deps = achar('Deployment') as Implantacao[];
    expect(pdbs).toHaveLength(deps.length);
    for (const d of deps) {
      const seletor = (d.spec as unknown as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
      const seus = pdbs.filter((b) => JSON.stringify(b.spec.selector.matchLabels) === JSON.stringify(seletor));
      expect(seus, `${d.metadata.name}: one PodDisruptionBudget`).toHaveLength(1);
      expect(seus[0]!.spec.maxUnavailable ?? d.spec.replicas - seus[0]!.spec.minAvailable!).toBeLessThan(d.spec.replicas);
    }

    // Probes: readiness asks the database, liveness and startup never do; both routes exist.
    expect(servidor!.readinessProbe?.httpGet?.path).toBe('/api/health');
    expect(servidor!.livenessProbe?.httpGet?.path).toBe('/api/health/vivo');
    expect(servidor!.startupProbe?.httpGet?.path).toBe('/api/health/vivo');
    expect(servidor!.livenessProbe).not.toEqual(servidor!.readinessProbe);
    expect(ROTAS_SAUDE).toEqual(expect.arrayContaining(['/api/health', '/api/health/vivo']));

    // Resources: every container has requests and limits; the server's fit what was measured.
    for (const c of conteineres(pod)) {
      expect(c.resources?.requests, c.name).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
      expect(c.resources?.limits, c.name).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    }
    const limite = mebibytes(servidor!.resources!.limits!.memory!);
    const pedido = mebibytes(servidor!.resources!.requests!.memory!);
    expect(pedido).toBeGreaterThanOrEqual(RSS_MEDIDO_MB.repouso * 2);
    expect(limite).toBeGreaterThanOrEqual(Math.max(RSS_MEDIDO_MB.consulta, RSS_MEDIDO_MB.relatorio) * 1.5);
    const heap = Number(/--max-old-space-size=(\d+)/.exec(servidor!.env?.find((e) => e.name === 'NODE_OPTIONS')?.value ?? '')?.[1]);
    expect(heap, 'NODE_OPTIONS caps the V8 heap').toBeGreaterThan(0);
    expect(heap).toBeLessThanOrEqual(limite * 0.65);

    // Non-root, read-only, no capabilities; the same user as the image's.
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: UID_DA_IMAGEM });
    expect(UID_DA_IMAGEM).toBeGreaterThan(0);
    for (const c of conteineres(pod)) {
      expect(c.securityContext, c.name).toMatchObject({
        runAsNonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] },
      });
      expect(c.image, c.name).toBe(servidor!.image);
    }

    // The migrate step runs first, from the bundle the build makes.
    const migrar = pod.initContainers?.find((c) => c.name === 'migrate');
    expect(migrar?.args).toEqual(['dist/server/migrate.mjs']);
    expect(PRODUZIDOS_PELO_BUILD).toContain('dist/server/migrate.mjs');
    expect(migrar?.env?.find((e) => e.name === 'DATABASE_URL')).toEqual(servidor!.env?.find((e) => e.name === 'DATABASE_URL'));

    // Secrets by reference only; every ConfigMap named exists with its keys; $(VAR) only after VAR.
    const configMaps = new Map(achar('ConfigMap').map((c) => [c.metadata.name, c.data as Record<string, string>]));
    for (const c of conteineres(pod)) {
      const vistos = new Set<string>();
      for (const e of c.env ?? []) {
        if (PARECE_SEGREDO.test(e.name)) {
          const referencias = [...(e.value ?? '').matchAll(/\$\(([A-Z0-9_]+)\)/g)].map((m) => m[1]!);
          expect(e.valueFrom?.secretKeyRef ?? (referencias.length > 0 && referencias.every((r) => PARECE_SEGREDO.test(r))), `${c.name} ${e.name}: a secret from a Secret`).toBeTruthy();
        }
        for (const [, ref] of (e.value ?? '').matchAll(/\$\(([A-Z0-9_]+)\)/g)) expect(vistos.has(ref!), `${c.name} ${e.name}: $(${ref}) must be defined above it`).toBe(true);
        const cm = e.valueFrom?.configMapKeyRef;
        if (cm) expect(configMaps.get(cm.name)?.[cm.key], `${c.name} ${e.name}: ${cm.name}/${cm.key}`).toBeDefined();
        vistos.add(e.name);
      }
      for (const f of c.envFrom ?? []) {
        expect(f.secretRef, `${c.name}: secrets one by one (secretKeyRef), not envFrom`).toBeUndefined();
        expect(configMaps.has(f.configMapRef!.name), f.configMapRef!.name).toBe(true);
      }
    }
    for (const s of SEGREDOS) expect(servidor!.env?.find((e) => e.name === s)?.valueFrom?.secretKeyRef, s).toBeDefined();

    // The server accepts this configuration (the secrets replaced by values of the right shape).
    const ambiente = ambienteDoPod(pod, configMaps);
    const config = loadConfig(ambiente);
    expect(config.papel, 'the web runs no job worker').toBe('web');
    expect(config.env).toBe('production');
    expect(config.files.s3, 'several instances need the bucket').toBeDefined();
    expect(config.email.smtp, 'e-mail through SMTP, not a pod\'s disk').toBeDefined();
    const portas = Object.fromEntries((servidor!.ports ?? []).map((p) => [p.name, p.containerPort]));
    expect(portas).toEqual({ http: config.port, metrics: Number(ambiente.METRICS_PORT) });

    // Services select these pods and name ports that exist; the ingress routes the product's port only.
    for (const svc of achar('Service') as (Recurso & { spec: { selector: Record<string, string>; ports: { targetPort: string }[] } })[]) {
      expect(Object.entries(svc.spec.selector).every(([k, v]) => rotulos[k] === v), svc.metadata.name).toBe(true);
      for (const p of svc.spec.ports) expect(Object.keys(portas)).toContain(p.targetPort);
    }

    // The job workers in their own Deployment (issue 38, point 4): the same image, secrets and database as the web,
    // INSTANCE_ROLE=jobs, their own resources and budget, no autoscaler, no Service, a NetworkPolicy of their own.
    const [jobs] = achar('Deployment', 'rgp-jobs') as (Implantacao & { spec: { selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string> } } } })[];
    expect(jobs, 'the job workers\' Deployment').toBeDefined();
    const podJobs = jobs!.spec.template.spec;
    const [trabalhador] = podJobs.containers;
    const configJobs = loadConfig(ambienteDoPod(podJobs, configMaps));
    expect(configJobs.papel).toBe('jobs');
    expect(configJobs.env).toBe('production');
    expect(jobs!.spec.replicas, 'a second worker takes the jobs of one that dies').toBeGreaterThanOrEqual(2);
    expect(jobs!.spec.strategy).toMatchObject({ rollingUpdate: { maxSurge: 0 } });
    expect(trabalhador!.image).toBe(servidor!.image);
    expect(trabalhador!.resources).not.toEqual(servidor!.resources);
    const limiteJobs = mebibytes(trabalhador!.resources!.limits!.memory!);
    expect(limiteJobs).toBeGreaterThanOrEqual(RSS_MEDIDO_MB.relatorio * 1.5);
    const heapJobs = Number(/--max-old-space-size=(\d+)/.exec(trabalhador!.env?.find((e) => e.name === 'NODE_OPTIONS')?.value ?? '')?.[1]);
    expect(heapJobs).toBeGreaterThan(0);
    expect(heapJobs).toBeLessThanOrEqual(limiteJobs * 0.65);
    expect(podJobs.securityContext).toEqual(pod.securityContext);
    for (const c of conteineres(podJobs)) expect(c.securityContext, c.name).toEqual(servidor!.securityContext);
    for (const s of [...SEGREDOS, 'DATABASE_REPLICA_URL']) {
      expect(trabalhador!.env?.find((e) => e.name === s), `rgp-jobs ${s}`).toEqual(servidor!.env?.find((e) => e.name === s));
    }
    expect(podJobs.initContainers?.find((c) => c.name === 'migrate')).toEqual(migrar);
    expect(achar('HorizontalPodAutoscaler').map((h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name)).not.toContain('rgp-jobs');
    const rotulosJobs = jobs!.spec.template.metadata.labels;
    for (const svc of achar('Service') as (Recurso & { spec: { selector: Record<string, string> } })[]) {
      expect(Object.entries(svc.spec.selector).every(([k, v]) => rotulosJobs[k] === v), `${svc.metadata.name} must not send requests to the job workers`).toBe(false);
    }
    const politicas = achar('NetworkPolicy') as (Recurso & { spec: { podSelector: { matchLabels: Record<string, string> } } })[];
    expect(politicas.some((n) => JSON.stringify(n.spec.podSelector.matchLabels) === JSON.stringify(jobs!.spec.selector.matchLabels))).toBe(true);

    for (const ing of achar('Ingress')) {
      const backends = JSON.stringify(ing.spec).match(/"service":\{[^}]*\}[^}]*\}/g) ?? [];
      expect(backends.length).toBeGreaterThan(0);
      for (const b of backends) {
        expect(b).not.toMatch(/metrics/);
        expect(achar('Service').map((s) => s.metadata.name)).toContain(JSON.parse(`{${b}}`).service.name);
      }
    }
  });

  it('wires the CloudNativePG cluster: primary for DATABASE_URL, standby for the heavy reads, backups', () => {
    const objs = renderizar(path.join(K8S, 'cloudnative-pg'));
    const cluster = objs.find((o) => o.kind === 'Cluster') as Recurso & { spec: { instances: number; postgresql: { synchronous: Obj }; plugins: { parameters: { barmanObjectName: string } }[] } };
    const nome = cluster.metadata.name;
    expect(cluster.spec.instances).toBeGreaterThanOrEqual(2);
    expect(cluster.spec.postgresql.synchronous).toMatchObject({ number: 1 });
    const objectStores = objs.filter((o) => o.kind === 'ObjectStore').map((o) => o.metadata.name);
    for (const p of cluster.spec.plugins) expect(objectStores).toContain(p.parameters.barmanObjectName);
    for (const b of objs.filter((o) => o.kind === 'ScheduledBackup')) expect((b.spec as { cluster: { name: string } }).cluster.name).toBe(nome);

    const deps = objs.filter((o) => o.kind === 'Deployment');
    expect(deps.map((d) => d.metadata.name).sort()).toEqual(['rgp', 'rgp-jobs']);
    for (const dep of deps) {
      for (const c of conteineres(podSpec(dep)!)) {
        expect(c.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef, `${dep.metadata.name} ${c.name}`).toEqual({ name: `${nome}-app`, key: 'uri' });
      }
      const replica = podSpec(dep)!.containers[0]!.env?.find((e) => e.name === 'DATABASE_REPLICA_URL')?.value;
      expect(replica).toMatch(new RegExp(`@${nome}-ro:5432/`));
    }
    const restauracao = documentos(path.join(K8S, 'cloudnative-pg', 'restore', 'cluster-restore.yaml'))[0]!;
    expect(JSON.stringify(restauracao.spec)).toContain(`"serverName":"${nome}"`);
  });

  it('checks a restore every day: a CronJob restores the latest backup into a scratch cluster it alone may touch', () => {
    const objs = renderizar(path.join(K8S, 'cloudnative-pg'));
    const cluster = objs.find((o) => o.kind === 'Cluster' && o.metadata.name === 'rgp-db')!;
    const cron = objs.find((o) => o.kind === 'CronJob' && o.metadata.name === 'rgp-db-verificar-restauracao') as Recurso & { spec: { schedule: string; concurrencyPolicy: string } };
    expect(cron, 'the restore check').toBeDefined();
    expect(cron.spec.concurrencyPolicy).toBe('Forbid');
    // After the nightly base backup.
    const backup = objs.find((o) => o.kind === 'ScheduledBackup') as Recurso & { spec: { schedule: string } };
    expect(Number(cron.spec.schedule.split(' ')[1])).toBeGreaterThan(Number(backup.spec.schedule.split(' ')[2]));
    const pod = podSpec(cron)!;
    const [verificar] = pod.containers;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(verificar!.securityContext).toMatchObject({ runAsNonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    expect(verificar!.resources?.limits).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    // The scratch cluster it creates: valid against the CRD, restored from the real cluster's backups, archiving nowhere.
    const cm = objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'rgp-db-verificacao')!.data as Record<string, string>;
    const rascunho = parse(cm['cluster.yaml']!) as Recurso & { spec: Obj };
    expect(errosDeSchema(rascunho)).toEqual([]);
    const origem = (rascunho.spec as { externalClusters: { plugin: { parameters: Record<string, string> } }[] }).externalClusters[0]!.plugin.parameters;
    const arquivador = (cluster.spec as { plugins: { parameters: Record<string, string> }[] }).plugins[0]!.parameters;
    expect(origem).toEqual({ barmanObjectName: arquivador.barmanObjectName, serverName: cluster.metadata.name });
    expect(rascunho.spec.plugins, 'the scratch cluster must not archive into the real backups').toBeUndefined();
    expect(JSON.stringify(rascunho.spec.bootstrap)).not.toContain('recoveryTarget');
    expect(cm['verificar.sh']).toContain(`kubectl create -f /verificacao/cluster.yaml`);
    expect(cm['verificar.sh']).toMatch(/trap .*kubectl delete cluster "\$N"/);
    // Its permissions reach the scratch cluster and its pod only (never the real rgp-db or the server's pods).
    const papel = objs.find((o) => o.kind === 'Role' && o.metadata.name === 'rgp-db-verificacao') as Recurso & { rules: { resources: string[]; verbs: string[]; resourceNames?: string[] }[] };
    for (const r of papel.rules.filter((x) => x.verbs.some((v) => ['delete', 'patch'].includes(v)) || x.resources.includes('pods/exec'))) {
      expect(r.resourceNames?.every((n) => n.startsWith(rascunho.metadata.name)), JSON.stringify(r)).toBe(true);
    }
    expect((pod as PodSpec & { serviceAccountName?: string }).serviceAccountName).toBe('rgp-db-verificacao');
  });

  it('keeps the connection budget: the autoscaler\'s maximum, plus a rollout\'s extra pod, fits max_connections', () => {
    const objs = renderizar(path.join(K8S, 'cloudnative-pg'));
    expect(errosDeOrcamento(objs)).toEqual([]);
    // The check is not vacuous: twice the instances, or a bigger pool, break it.
    const hpa = objs.find((o) => o.kind === 'HorizontalPodAutoscaler')!;
    const dobro = objs.map((o) => (o === hpa ? fundir(o, { spec: { maxReplicas: 22 } }) as Recurso : o));
    expect(errosDeOrcamento(dobro).join()).toMatch(/primary/);
    const cm = objs.find((o) => o.kind === 'ConfigMap')!;
    const poolGrande = objs.map((o) => (o === cm ? fundir(o, { data: { DB_POOL_MAX: '25' } }) as Recurso : o));
    expect(errosDeOrcamento(poolGrande).join()).toMatch(/standby/);
    // The job workers count too: ten of them break it.
    const jobs = objs.find((o) => o.kind === 'Deployment' && o.metadata.name === 'rgp-jobs')!;
    expect(errosDeOrcamento(objs.map((o) => (o === jobs ? fundir(o, { spec: { replicas: 10 } }) as Recurso : o))).join()).toMatch(/primary.*rgp-jobs 10 ×/);
  });
});

describe('Containerfile', () => {
  const ignorados = ler('.dockerignore').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));

  it('builds in one stage with npm ci and npm run build, and runs as a non-root user with a health check', () => {
    expect(IMAGEM.length).toBeGreaterThanOrEqual(2);
    const construcao = IMAGEM[0]!.instrucoes.filter((i) => i.instrucao === 'RUN').map((i) => i.args).join('\n');
    expect(construcao).toMatch(/npm ci\b/);
    expect(construcao).toMatch(/npm run build\b/);
    expect(construcao).toMatch(/npm prune --omit=dev/);
    expect(UID_DA_IMAGEM).toBeGreaterThan(0);
    expect(doFinal('HEALTHCHECK').at(-1)?.args).toMatch(/\/api\/health'/);
    expect(doFinal('EXPOSE').flatMap((e) => e.args.split(/\s+/))).toEqual(expect.arrayContaining(['3000', '9464']));
    // The entrypoint is the carried Node; the command the server bundle, both made by the build.
    expect(JSON.parse(doFinal('ENTRYPOINT').at(-1)!.args)[0]).toBe('/usr/local/bin/node');
    const cmd = JSON.parse(doFinal('CMD').at(-1)!.args) as string[];
    expect(PRODUZIDOS_PELO_BUILD).toContain(cmd[0]);
    expect(doFinal('RUN'), 'the runtime image has no shell to run anything').toEqual([]);
  });

  it('copies only paths that exist in the repository, the build produces, or an earlier step made', () => {
    const ondeConstroi = IMAGEM[0]!.instrucoes.find((i) => i.instrucao === 'WORKDIR')!.args;
    const feitosNaConstrucao = IMAGEM[0]!.instrucoes.filter((i) => i.instrucao === 'RUN').map((i) => i.args).join(' ');
    const copias = IMAGEM.flatMap((e) => e.instrucoes).filter((i) => i.instrucao === 'COPY');
    expect(copias.length).toBeGreaterThan(4);
    for (const { args } of copias) {
      const partes = args.split(/\s+/).filter((p) => !p.startsWith('--'));
      const de = /--from=(\S+)/.exec(args)?.[1];
      const fontes = partes.slice(0, -1);
      for (const fonte of fontes) {
        if (!de) {
          if (fonte === '.') continue;
          expect(fs.existsSync(path.join(RAIZ, fonte)), `COPY ${fonte}`).toBe(true);
          expect(ignorados.some((i) => fonte === i || fonte.startsWith(`${i}/`)), `COPY ${fonte} is in .dockerignore`).toBe(false);
          continue;
        }
        expect(IMAGEM.some((e) => e.nome === de), `--from=${de}`).toBe(true);
        if (fonte.startsWith(`${ondeConstroi}/`)) {
          const rel = fonte.slice(ondeConstroi.length + 1);
          const ok = PRODUZIDOS_PELO_BUILD.includes(rel) || (rel === 'dist/server' && PRODUZIDOS_PELO_BUILD.some((p) => p.startsWith('dist/server/')))
            || fs.existsSync(path.join(RAIZ, rel));
          expect(ok, `COPY --from=${de} ${fonte}: neither in the repository nor made by npm run build`).toBe(true);
        } else {
          expect(feitosNaConstrucao, `COPY --from=${de} ${fonte}: made by a RUN of the build stage`).toContain(fonte);
        }
      }
    }
    // What the server reads at run time is in the image: the migrations (found upwards from dist/server), the web.
    const destinos = copias.map((c) => c.args.split(/\s+/).at(-1));
    expect(destinos).toEqual(expect.arrayContaining(['./db/migrations', './dist/web', './dist/server', './node_modules']));
    // The carried Node is the one the image runs.
    expect(copias.some((c) => /node_modules\/node\/bin\/node|\/out\/bin\/node \/usr\/local\/bin\/node/.test(c.args))).toBe(true);
    expect(feitosNaConstrucao).toContain('cp node_modules/node/bin/node /out/bin/node');
  });
});

describe('compose.yaml', () => {
  const texto = ler('compose.yaml');
  const compose = parse(texto, { merge: true }) as { services: Record<string, Obj & { environment?: Record<string, string>; command?: string[]; depends_on?: Record<string, { condition: string }>; image?: string; user?: string }> };

  it('is valid against the Compose Specification schema', () => {
    // Draft-07, which Ajv speaks by default; its $schema is spelled in a way Ajv does not look up.
    const { $schema: _draft, ...schema } = JSON.parse(ler('deploy', 'schemas', 'compose-spec.json')) as Obj;
    const valida = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    expect(valida(compose) ? [] : valida.errors).toEqual([]);
  });

  it('runs PostgreSQL 15, S3 storage, the migrate step, then the product as a non-root user', () => {
    const s = compose.services;
    expect(s.postgres?.image).toMatch(/postgres:15\b/);
    expect(s.migrate?.command).toEqual(['dist/server/migrate.mjs']);
    expect(s.rgp?.depends_on?.migrate?.condition).toBe('service_completed_successfully');
    expect(s.migrate?.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(s.rgp?.user).toBe(`${UID_DA_IMAGEM}:${UID_DA_IMAGEM}`);
    expect(s.rgp?.read_only).toBe(true);
  });

  it('takes every secret from the environment (.env), and the server accepts the result', () => {
    const amb = compose.services.rgp!.environment!;
    for (const [k, v] of Object.entries(amb)) {
      if (PARECE_SEGREDO.test(k)) expect(v, k).toMatch(/\$\{[A-Z0-9_]+:\?[^}]+\}/);
    }
    // Interpolated as Compose does, with dummy values for what .env must give.
    const exemplo = ler('deploy', 'compose.env.example');
    const interpolar = (v: string) => v.replace(/\$\{([A-Z0-9_]+)(?::([?-])([^}]*))?\}/g, (_m, nome: string, op?: string, resto?: string) => {
      if (op === '?') {
        expect(exemplo, `deploy/compose.env.example names ${nome}`).toMatch(new RegExp(`^${nome}=`, 'm'));
        return nome === 'PUBLIC_URL' ? 'https://rgp.example.gov.br' : valorFicticio(nome);
      }
      return op === '-' ? resto ?? '' : valorFicticio(nome);
    });
    const config = loadConfig(Object.fromEntries(Object.entries(amb).map(([k, v]) => [k, interpolar(String(v))])));
    expect(config.env).toBe('production');
    // Only the gateway of the file's own network (where the host's proxy comes from) is a trusted proxy.
    const rede = (parse(texto) as { networks: { default: { ipam: { config: { gateway: string }[] } } } }).networks.default.ipam.config[0]!;
    expect(config.trustProxy).toEqual([rede.gateway]);
    expect(config.files.s3).toBeDefined();
    expect(texto).not.toMatch(/(SECRET|PASSWORD)[A-Z_]*:\s*["']?[A-Za-z0-9]{8,}/);
  });
});
