import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BANCO, BANCO_TRANSACAO, haproxyCfg, NOME_STANDBY, pgbouncerIni, pgbouncerUserlist, pgHbaConf, PORTAS, postgresqlConf, primaryConninfo,
} from './gerar';

/**
 * The drill's configuration files (npm run drill, decision 0049), checked without root: what the drill itself needs
 * root and minutes for. Each test names the property of the cluster the setting carries.
 */

/** `key = value` lines of a postgresql.conf or an ini section, as a map. */
function chaves(texto: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const linha of texto.split('\n')) {
    const r = /^\s*([a-z_]+)\s*=\s*(.*?)\s*$/.exec(linha);
    if (r) m.set(r[1]!, r[2]!);
  }
  return m;
}

function secao(ini: string, nome: string): string {
  const partes = ini.split(/^\[/m);
  return partes.find((p) => p.startsWith(`${nome}]`)) ?? '';
}

describe('the drill\'s PostgreSQL settings', () => {
  it('makes the primary wait for the named standby before acknowledging a commit', () => {
    const c = chaves(postgresqlConf({ porta: 5701, pastaSocket: '/tmp/x', papel: 'primario' }));
    expect(c.get('port')).toBe('5701');
    expect(c.get('synchronous_commit')).toBe('on');
    expect(c.get('synchronous_standby_names')).toBe(`'FIRST 1 (${NOME_STANDBY})'`);
    expect(c.get('wal_level')).toBe('replica');
    expect(Number(c.get('max_wal_senders'))).toBeGreaterThan(0);
    // Its own socket folder and loopback only: the machine's cluster on 5432 is never touched.
    expect(c.get('unix_socket_directories')).toBe("'/tmp/x'");
    expect(c.get('listen_addresses')).toBe("'127.0.0.1'");
    // Without data checksums, pg_rewind needs hint bits logged to bring the failed primary back as a standby.
    expect(c.get('wal_log_hints')).toBe('on');
  });

  it('leaves the standby naming no standby of its own, so that once promoted its commits do not wait for ever', () => {
    const c = chaves(postgresqlConf({ porta: 5702, pastaSocket: '/tmp/y', papel: 'standby' }));
    expect(c.get('port')).toBe('5702');
    expect(c.get('synchronous_standby_names')).toBe("''");
    expect(c.get('hot_standby')).toBe('on');
  });

  it('gives the standby the name the primary waits for, and lets replication in over loopback only', () => {
    expect(primaryConninfo(5701)).toBe(`primary_conninfo = 'host=127.0.0.1 port=5701 user=postgres application_name=${NOME_STANDBY}'\n`);
    const hba = pgHbaConf().split('\n').filter((l) => l && !l.startsWith('#'));
    expect(hba).toContain('host    replication     all             127.0.0.1/32            trust');
    expect(hba.every((l) => l.startsWith('local') || l.includes('127.0.0.1/32'))).toBe(true);
  });
});

describe('the drill\'s PgBouncer', () => {
  const ini = pgbouncerIni({ porta: 5703, portaBanco: 5701, pasta: '/tmp/pgb' });

  it('serves the product in session mode (session advisory locks, named prepared statements: decision 0049)', () => {
    const c = chaves(secao(ini, 'pgbouncer'));
    expect(c.get('pool_mode')).toBe('session');
    expect(c.get('listen_port')).toBe('5703');
    expect(c.get('listen_addr')).toBe('127.0.0.1');
    expect(c.get('server_reset_query')).toBe('DISCARD ALL');
    // Reconnects within a second of the promoted standby answering (the default waits 15 s).
    expect(c.get('server_login_retry')).toBe('1');
    expect(Number(c.get('default_pool_size'))).toBeGreaterThanOrEqual(3 * (8 + 10 + 1));
  });

  it('points both pools at the database it is given, the probe\'s in transaction mode with one server connection', () => {
    const dbs = chaves(secao(ini, 'databases'));
    expect(dbs.get(BANCO)).toBe(`host=127.0.0.1 port=5701 dbname=${BANCO}`);
    expect(dbs.get(BANCO_TRANSACAO)).toBe(`host=127.0.0.1 port=5701 dbname=${BANCO} pool_mode=transaction pool_size=1`);
    // The failover rewrites the file with the promoted standby's port.
    const depois = chaves(secao(pgbouncerIni({ porta: 5703, portaBanco: 5702, pasta: '/tmp/pgb' }), 'databases'));
    expect(depois.get(BANCO)).toContain('port=5702');
    expect(depois.get(BANCO_TRANSACAO)).toContain('port=5702');
  });

  it('lists the product\'s role and the admin', () => {
    expect(pgbouncerUserlist()).toBe(`"${BANCO}" ""\n"postgres" ""\n`);
  });
});

describe('the drill\'s HAProxy', () => {
  const cfg = haproxyCfg({ porta: 5780, instancias: PORTAS.instancias, caminhoSaude: '/api/health', socket: '/tmp/h/admin.sock' });
  const linhas = cfg.split('\n').map((l) => l.trim());

  it('checks each instance\'s readiness every second and ramps a returning one up', () => {
    expect(linhas).toContain('http-check send meth GET uri /api/health');
    expect(linhas).toContain('http-check expect status 200');
    expect(linhas).toContain('default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 2 slowstart 5s');
    expect(linhas.filter((l) => l.startsWith('server '))).toEqual([
      'server i1 127.0.0.1:5711 check', 'server i2 127.0.0.1:5712 check', 'server i3 127.0.0.1:5713 check',
    ]);
  });

  it('retries on another server when a connection fails, and never replays a write', () => {
    expect(linhas).toContain('retries 3');
    expect(linhas).toContain('option redispatch 1');
    expect(linhas).toContain('retry-on conn-failure empty-response response-timeout');
    expect(linhas).toContain('http-request disable-l7-retry unless METH_GET || METH_HEAD');
  });

  it('is a configuration HAProxy accepts, where HAProxy is installed', () => {
    if (!fs.existsSync('/usr/sbin/haproxy')) return;
    const pasta = fs.mkdtempSync(path.join(os.tmpdir(), 'rgp-drill-cfg-'));
    try {
      const arquivo = path.join(pasta, 'haproxy.cfg');
      fs.writeFileSync(arquivo, haproxyCfg({ porta: 5780, instancias: PORTAS.instancias, caminhoSaude: '/api/health', socket: path.join(pasta, 'a.sock') }));
      expect(() => execFileSync('/usr/sbin/haproxy', ['-c', '-q', '-f', arquivo], { stdio: 'pipe' })).not.toThrow();
    } finally {
      fs.rmSync(pasta, { recursive: true, force: true });
    }
  });
});

describe('the drill\'s ports', () => {
  it('are all distinct and away from the machine\'s PostgreSQL and the product\'s defaults', () => {
    const todas = Object.values(PORTAS).flat();
    expect(new Set(todas).size).toBe(todas.length);
    for (const p of [5432, 3000, 9464, 5488, 6432]) expect(todas).not.toContain(p);
  });
});
