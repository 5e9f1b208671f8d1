import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';
import { migrarNaSessao, migrationsFolder } from './migrate';

/**
 * Squawk (a maintained linter for PostgreSQL migrations) over db/migrations, with the rules of .squawk.toml: what
 * takes a long lock on a table that already has rows (an index without CONCURRENTLY, a column type change, a
 * constraint validated at once, a dropped column or table) is refused. Drizzle's migrator runs inside a
 * transaction, where CONCURRENTLY is impossible: such a change goes into a migration only with an entry below
 * saying why the lock is short (the table is new or small), or is run by hand as an operation (docs/operations.md,
 * "Upgrade").
 */

const RAIZ = path.resolve(migrationsFolder, '..', '..');
const exec = promisify(execFile);

interface Achado { file: string; line: number; rule_name: string; message: string }

async function squawk(arquivos: string[]): Promise<Achado[]> {
  const bin = path.join(RAIZ, 'node_modules', '.bin', 'squawk');
  // Exit status 1 means findings; the JSON on stdout is the answer either way.
  const r = await exec(bin, ['--reporter', 'json', '--config', path.join(RAIZ, '.squawk.toml'), ...arquivos], { cwd: RAIZ, env: { ...process.env, NO_COLOR: '1' } })
    .catch((err: { stdout?: string; code?: number }) => {
      if (err.code === 1 && err.stdout) return { stdout: err.stdout };
      throw err;
    });
  return JSON.parse(r.stdout) as Achado[];
}

/** Written before the lint; on a new installation their tables are still empty when they run. */
const ANTES_DO_LINT = 'written before the lint; the table is empty when it runs on a new installation';

/**
 * Findings accepted in migrations written before the lint, by file and rule (how many), with the reason. A new
 * finding in one of these files fails as in any other.
 */
const ACEITOS: Record<string, { regras: Record<string, number>; motivo: string }> = {
  '0001_fisher_requests_documents.sql': {
    regras: { 'require-concurrent-index-deletion': 1, 'require-concurrent-index-creation': 9, 'constraint-missing-not-valid': 1, 'disallowed-unique-constraint': 1 },
    motivo: 'applied in the same release as 0000, on tables still empty',
  },
  '0002_analysis_task_forces_captcha.sql': { regras: { 'require-concurrent-index-creation': 1 }, motivo: ANTES_DO_LINT },
  '0003_analysis_queue_indexes.sql': { regras: { 'require-concurrent-index-creation': 4, 'require-concurrent-index-deletion': 1 }, motivo: ANTES_DO_LINT },
  '0004_audit_longer_resources.sql': { regras: { 'changing-column-type': 2 }, motivo: 'varchar widened: no rewrite since PostgreSQL 9.2, only a short ACCESS EXCLUSIVE lock' },
  '0005_analysis_type_and_totals.sql': { regras: { 'require-concurrent-index-creation': 1 }, motivo: ANTES_DO_LINT },
  '0007_documents_by_key.sql': { regras: { 'require-concurrent-index-creation': 1 }, motivo: ANTES_DO_LINT },
  '0009_administration.sql': { regras: { 'require-concurrent-index-creation': 1 }, motivo: ANTES_DO_LINT },
  '0010_batch_email.sql': { regras: { 'identifier-too-long': 1 }, motivo: 'PostgreSQL truncated the foreign key name to 63 bytes when it ran; drizzle knows it by that name' },
  '0011_report_statistics.sql': { regras: { 'require-concurrent-index-creation': 4 }, motivo: ANTES_DO_LINT },
  '0012_audit_reading.sql': { regras: { 'require-concurrent-index-creation': 5, 'require-concurrent-index-deletion': 3 }, motivo: ANTES_DO_LINT },
  '0013_acts_task_forces.sql': { regras: { 'require-concurrent-index-creation': 3, 'constraint-missing-not-valid': 1 }, motivo: ANTES_DO_LINT },
  '0015_reap_windows_history_obligations.sql': { regras: { 'adding-foreign-key-constraint': 1, 'constraint-missing-not-valid': 1 }, motivo: ANTES_DO_LINT },
  '0016_reap_warning_suspension.sql': { regras: { 'require-concurrent-index-creation': 1 }, motivo: ANTES_DO_LINT },
  '0019_idempotency_keys_encrypted.sql': { regras: { 'ban-drop-column': 1 }, motivo: 'the plain-text column of a table emptied every day, unread by the release before (contract step)' },
  '0020_appeals.sql': { regras: { 'require-concurrent-index-creation': 1 }, motivo: ANTES_DO_LINT },
  '0021_appeal_wave_indexes.sql': {
    regras: { 'require-concurrent-index-creation': 3 },
    motivo: 'ships in the same release as 0020, which creates recurso: the table is empty when it runs',
  },
  '0027_entidade_restricoes.sql': {
    regras: { 'constraint-missing-not-valid': 11, 'require-concurrent-index-creation': 1 },
    motivo: 'entidade_representativa and delegacao are one release old (0023): a few thousand rows at most, checked under the lock in milliseconds',
  },
};

const contar = (achados: Achado[]) => {
  const porArquivo: Record<string, Record<string, number>> = {};
  for (const a of achados) {
    const regras = (porArquivo[path.basename(a.file)] ??= {});
    regras[a.rule_name] = (regras[a.rule_name] ?? 0) + 1;
  }
  return porArquivo;
};

const temporario = fs.mkdtempSync(path.join(os.tmpdir(), 'rgp-squawk-'));
afterAll(() => fs.rmSync(temporario, { recursive: true, force: true }));

describe('migration lint (squawk)', () => {
  it('finds in db/migrations only the findings accepted, with a reason, in migrations written before the lint', async () => {
    const arquivos = fs.readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).map((f) => path.join(migrationsFolder, f));
    expect(arquivos.length).toBeGreaterThan(20);
    const achados = await squawk(arquivos);
    expect(contar(achados)).toEqual(Object.fromEntries(Object.entries(ACEITOS).map(([f, a]) => [f, a.regras])));
    for (const a of Object.values(ACEITOS)) expect(a.motivo.length).toBeGreaterThan(10);
  });

  it('refuses a migration that rewrites or locks a table with rows', async () => {
    const ruim = path.join(temporario, '0099_bad.sql');
    fs.writeFileSync(ruim, [
      'ALTER TABLE "pescador" ALTER COLUMN "nome" SET DATA TYPE text;',
      'CREATE INDEX "pescador_nome_idx" ON "pescador" USING btree ("nome");',
      'ALTER TABLE "solicitacao" ADD CONSTRAINT "solicitacao_pescador_fk" FOREIGN KEY ("pescador_id") REFERENCES "pescador"("id");',
      'ALTER TABLE "pescador" DROP COLUMN "apelido";',
      // What the running release still reads: renamed or dropped under it (expand/contract).
      'ALTER TABLE "solicitacao" RENAME COLUMN "passo" TO "etapa";',
      'ALTER TABLE "notificacao" RENAME TO "aviso";',
      'DROP TABLE "captcha_usado";',
      'ALTER TABLE "pescador" ADD COLUMN "ativo" boolean NOT NULL;',
    ].join('\n--> statement-breakpoint\n'));
    const regras = (await squawk([ruim])).map((a) => a.rule_name);
    expect(regras).toEqual(expect.arrayContaining([
      'changing-column-type', 'require-concurrent-index-creation', 'adding-foreign-key-constraint', 'ban-drop-column',
      'renaming-column', 'renaming-table', 'ban-drop-table', 'adding-required-field',
    ]));
  });

  it('accepts what is safe: a new table with its index, a nullable column', async () => {
    const boa = path.join(temporario, '0099_good.sql');
    fs.writeFileSync(boa, [
      'CREATE TABLE "aviso_extra" ("id" bigint PRIMARY KEY, "texto" text NOT NULL);',
      'CREATE INDEX "aviso_extra_texto_idx" ON "aviso_extra" USING btree ("texto");',
      'ALTER TABLE "pescador" ADD COLUMN "apelido_social" text;',
    ].join('\n--> statement-breakpoint\n'));
    expect(await squawk([boa])).toEqual([]);
  });
});

describe('the migrate step\'s timeouts', () => {
  it('gives up on a lock held by a running query after lock_timeout, and leaves the session as it found it', async () => {
    const t = await createTestApp();
    const url = t.config.database.url!;
    const segurando = new pg.Client({ connectionString: url });
    const migrando = new pg.Client({ connectionString: url });
    await segurando.connect();
    await migrando.connect();
    await migrando.query("SET statement_timeout = '7s'");
    try {
      // A long transaction of the running release holds the table the migrator reads first.
      await segurando.query('BEGIN; LOCK TABLE drizzle.__drizzle_migrations IN ACCESS EXCLUSIVE MODE');
      const inicio = performance.now();
      const erro = await migrarNaSessao(migrando, { lockTimeoutMs: 300, statementTimeoutMs: 60_000 }).then(() => null, (e: unknown) => e);
      expect(String((erro as { cause?: unknown } | null)?.cause ?? erro)).toMatch(/lock timeout/);
      expect(performance.now() - inicio).toBeLessThan(20_000);
      await segurando.query('ROLLBACK');
      expect((await migrando.query('SHOW lock_timeout')).rows[0]).toEqual({ lock_timeout: '0' });
      expect((await migrando.query('SHOW statement_timeout')).rows[0]).toEqual({ statement_timeout: '7s' });
      // With the lock released the same step finds nothing left to apply.
      await migrarNaSessao(migrando, { lockTimeoutMs: 300, statementTimeoutMs: 60_000 });
    } finally {
      await segurando.end();
      await migrando.end();
      await t.close();
    }
  });
});
