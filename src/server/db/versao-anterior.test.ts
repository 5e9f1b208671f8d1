import { execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../../../bench/lib';
import { Perfil } from '../../shared/enums';
import { CONTAS_DEMO, PESCADOR_DEMO } from './seeds/demo';
import { portaLivre } from '../test/porta-livre';
import { esperarAte, iniciarServidorFilho } from '../test/servidor-filho';

/**
 * Expand/contract checked, not trusted (issue 38, point 3): during a rollout the previous release keeps serving on
 * the schema the new release's migrate step has just changed. The previous release is the code as it was just before
 * the newest migration (the parent of the commit that last changed db/migrations' journal on this branch's
 * first-parent line, or HEAD while the working tree adds one): `git archive` of it, on this checkout's node_modules,
 * builds its server bundle (its own scripts/build-server.mjs, what its container ran) and runs it (with the development
 * sign-in, which the journey uses) on a database migrated to the working tree's schema, and passes a smoke journey through the API: readiness, a fisher's and a manager's sign-in, reads of the fisher's
 * record, and a write. The same journey on a schema with a deliberately contract-breaking migration (a column
 * renamed in place) fails, so the check is not vacuous. Needs the git history (a full clone, as CI's).
 */

const RAIZ = path.resolve(import.meta.dirname, '../../..');
const JOURNAL = 'db/migrations/meta/_journal.json';
const git = (...args: string[]) => execFileSync('git', args, { cwd: RAIZ, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();

/** The commit of the previous release, as described above. */
function versaoAnterior(): string {
  const atual = fs.readFileSync(path.join(RAIZ, JOURNAL), 'utf8');
  if (git('show', `HEAD:${JOURNAL}`) !== atual.trim()) return git('rev-parse', 'HEAD');
  const ultima = git('log', '--first-parent', '-1', '--format=%H', '--', JOURNAL);
  if (!ultima) throw new Error(`no commit changed ${JOURNAL}: is this a shallow clone? (git fetch --unshallow)`);
  return git('rev-parse', `${ultima}^1`);
}

interface Passo { passo: string; status: number; corpo?: string }

/** The smoke journey against `base`; each step's status in order, and what the server said when it failed. */
async function jornada(base: string, banco: pg.Client): Promise<Passo[]> {
  const passos: Passo[] = [];
  const registrar = (passo: string, status: number, corpo?: string) => {
    passos.push({ passo, status, ...(status >= 400 && corpo ? { corpo: corpo.slice(0, 300) } : {}) });
    return status < 400;
  };
  const chamar = async (passo: string, url: string, init?: RequestInit) => {
    const r = await fetch(`${base}${url}`, init);
    return registrar(passo, r.status, await r.text());
  };
  /** A sign-in through the development identity provider; its failure is a step's 500 (a sign-in must work). */
  const entrar = async (passo: string, cpf: string) => {
    try {
      const s = await signIn(base, cpf);
      registrar(passo, s.token ? 200 : 500, 'no token');
      return s.token ? { authorization: `Bearer ${s.token}`, cookie: s.cookie, 'x-xsrf-token': s.xsrf } : null;
    } catch (err) {
      registrar(passo, 500, String(err));
      return null;
    }
  };
  if (!(await chamar('readiness', '/api/health'))) return passos;
  const { rows: [pescador] } = await banco.query<{ id: number }>('SELECT id FROM pescador WHERE cpf = $1', [PESCADOR_DEMO.cpf]);
  const { rows: [notificacao] } = await banco.query<{ id: number }>(
    "INSERT INTO notificacao (pescador_id, tipo, conteudo) VALUES ($1, 1, 'Versão anterior: teste') RETURNING id", [pescador!.id]);
  const h = await entrar('sign-in of a fisher', PESCADOR_DEMO.cpf);
  if (!h) return passos;
  await chamar('the fisher\'s record', `/api/pescador/${pescador!.id}`, { headers: h });
  await chamar('the fisher\'s address', `/api/pescador/${pescador!.id}/endereco`, { headers: h });
  await chamar('a notification marked read (a write)', `/api/notificacao/${notificacao!.id}/leitura`, {
    method: 'POST', body: '{}', headers: { ...h, 'content-type': 'application/json' },
  });
  const { rows: [lida] } = await banco.query<{ lida: boolean }>('SELECT lida_em IS NOT NULL AS lida FROM notificacao WHERE id = $1', [notificacao!.id]);
  registrar('the write is in the database', lida!.lida ? 200 : 500);
  const hGestor = await entrar('sign-in of a manager', CONTAS_DEMO.find((u) => u.perfil === Perfil.GESTOR)!.cpf);
  if (!hGestor) return passos;
  await chamar('a fisher looked up by CPF', `/api/pescador/cpf/${PESCADOR_DEMO.cpf}`, { headers: hGestor });
  return passos;
}

describe('the previous release on the new schema (expand/contract)', () => {
  const pasta = fs.mkdtempSync(path.join(os.tmpdir(), 'rgp-versao-anterior-'));
  const codigo = path.join(pasta, 'codigo');
  const adminUrl = inject('testAdminUrl');
  const nomes = { bom: `rgp_va_${crypto.randomBytes(4).toString('hex')}`, quebrado: `rgp_vq_${crypto.randomBytes(4).toString('hex')}` };
  const urlDe = (n: string) => Object.assign(new URL(adminUrl), { pathname: `/${n}` }).toString();
  const servidores: ChildProcess[] = [];
  const clientes: pg.Client[] = [];
  let commit = '';
  const bases: Record<'bom' | 'quebrado', string> = { bom: '', quebrado: '' };

  beforeAll(async () => {
    commit = versaoAnterior();
    fs.mkdirSync(codigo);
    execFileSync('sh', ['-c', `git archive --format=tar ${commit} | tar -x -C ${JSON.stringify(codigo)}`], { cwd: RAIZ });
    fs.symlinkSync(path.join(RAIZ, 'node_modules'), path.join(codigo, 'node_modules'));
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: codigo, stdio: 'ignore', timeout: 120_000 });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      // The working tree's schema (the template is migrated by this checkout's migrations and seeded).
      for (const n of Object.values(nomes)) await admin.query(`CREATE DATABASE ${n} TEMPLATE ${inject('testTemplateDb')}`);
    } finally {
      await admin.end();
    }
    for (const [chave, n] of Object.entries(nomes) as ['bom' | 'quebrado', string][]) {
      const c = new pg.Client({ connectionString: urlDe(n) });
      await c.connect();
      clientes.push(c);
      // A contract-breaking change, as a careless migration would make it: the column the old code reads, renamed.
      if (chave === 'quebrado') await c.query('ALTER TABLE pescador RENAME COLUMN nome TO nome_civil');
    }
    // Both old servers start together (each checks the migrations, finds none to apply, and listens).
    await Promise.all((Object.entries(nomes) as ['bom' | 'quebrado', string][]).map(async ([chave, n]) => {
      const dados = path.join(pasta, `dados-${chave}`);
      fs.mkdirSync(dados);
      const porta = await portaLivre();
      bases[chave] = `http://127.0.0.1:${porta}`;
      const filho = await iniciarServidorFilho(urlDe(n), dados, {
        PORT: String(porta), PUBLIC_URL: bases[chave],
        // Compatibility, not load: no shedding on a busy test machine (as the test apps run).
        OVERLOAD_MAX_SERVER_TIME_MS: '0', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      }, codigo, ['dist/server/main.mjs']);
      servidores.push(filho);
      await esperarAte(async () => {
        if (filho.exitCode !== null) return `exited with ${filho.exitCode}`;
        return fetch(`${bases[chave]}/api/health/vivo`).then((r) => (r.ok ? 'ok' : `${r.status}`), () => 'not listening');
      }, (v) => v === 'ok' || v.startsWith('exited'), 150_000);
    }));
  }, 180_000);

  afterAll(async () => {
    for (const s of servidores) s.kill('SIGKILL');
    for (const c of clientes) await c.end().catch(() => undefined);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      for (const n of Object.values(nomes)) await admin.query(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
    fs.rmSync(pasta, { recursive: true, force: true });
  });

  it('passes the smoke journey on the schema the working tree migrates to', async () => {
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    const passos = await jornada(bases.bom, clientes[0]!);
    expect(passos.filter((p) => p.status >= 400), `previous release ${commit.slice(0, 10)}`).toEqual([]);
    expect(passos.length).toBe(8);
  });

  it('fails it on a schema that renamed a column in place (the check is not vacuous)', async () => {
    const passos = await jornada(bases.quebrado, clientes[1]!);
    expect(passos.some((p) => p.status >= 500)).toBe(true);
  });
});
