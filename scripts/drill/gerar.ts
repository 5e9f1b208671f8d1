// The drill's configuration files (npm run drill, issue 23 point 6), as pure functions of the ports and folders so
// that scripts/drill/gerar.test.ts checks them without root: PostgreSQL's drill.conf (primary and standby), the
// pg_hba.conf, PgBouncer's ini and user list, HAProxy's configuration. Decision 0049 says why each setting is there.

/** The drill's ports on 127.0.0.1, all away from the machine's own PostgreSQL (5432) and the product's defaults. */
export const PORTAS = {
  primario: 5701,
  standby: 5702,
  pgbouncer: 5703,
  s3: 5730,
  haproxy: 5780,
  instancias: [5711, 5712, 5713],
  metricas: [5721, 5722, 5723],
} as const;

/** The standby's name in `synchronous_standby_names` and in its `primary_conninfo`. */
export const NOME_STANDBY = 'rgp_standby';
/** The product's database and role; the pool for the transaction-mode probe (step 5). */
export const BANCO = 'rgp';
export const BANCO_TRANSACAO = 'rgp_transacao';

export interface OpcoesPostgres {
  porta: number;
  /** Where the server's Unix socket goes (the drill's folder, never /var/run/postgresql of the machine's cluster). */
  pastaSocket: string;
  papel: 'primario' | 'standby';
}

/**
 * The drill's settings, included at the end of the postgresql.conf that initdb wrote. The primary waits for the
 * standby's flush before it acknowledges a commit (synchronous_commit=on with the standby named FIRST 1): an
 * acknowledged write is on both. The standby names no standby of its own: once promoted it is alone, and a
 * synchronous_standby_names naming a server that does not exist would make every commit wait for ever.
 */
export function postgresqlConf(o: OpcoesPostgres): string {
  return [
    `# RGP drill (${o.papel}): scripts/drill/gerar.ts`,
    `port = ${o.porta}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${o.pastaSocket}'`,
    'max_connections = 200',
    'shared_buffers = 64MB',
    'wal_level = replica',
    'max_wal_senders = 5',
    'max_replication_slots = 5',
    'wal_keep_size = 256MB',
    'hot_standby = on',
    'hot_standby_feedback = on',
    'synchronous_commit = on',
    `synchronous_standby_names = '${o.papel === 'primario' ? `FIRST 1 (${NOME_STANDBY})` : ''}'`,
    'fsync = on',
    'full_page_writes = on',
    "log_destination = 'stderr'",
    'logging_collector = off',
    "log_min_messages = 'warning'",
    '',
  ].join('\n');
}

/** Loopback only, trusted (the drill proves availability, not authentication: decision 0049), replication included. */
export function pgHbaConf(): string {
  return [
    '# RGP drill: loopback only',
    'local   all             all                                     trust',
    'host    all             all             127.0.0.1/32            trust',
    'local   replication     all                                     trust',
    'host    replication     all             127.0.0.1/32            trust',
    '',
  ].join('\n');
}

/** The standby's connection to the primary, with the name the primary's synchronous_standby_names waits for. */
export function primaryConninfo(portaPrimario: number): string {
  return `primary_conninfo = 'host=127.0.0.1 port=${portaPrimario} user=postgres application_name=${NOME_STANDBY}'\n`;
}

export interface OpcoesPgbouncer {
  porta: number;
  /** Where PostgreSQL answers now: the primary, and after the failover the promoted standby. */
  portaBanco: number;
  pasta: string;
}

/**
 * PgBouncer in session mode for the product (decision 0049: Debian bookworm's PgBouncer 1.18 keeps no prepared
 * statement across server connections in transaction mode, and the migrations hold a session advisory lock), and
 * a second name of the same database in transaction mode with one server connection, for step 5's probe. The
 * failover re-points both by rewriting this file with the promoted standby's port and reloading (SIGHUP).
 * server_login_retry is 1 s (default 15 s) so that the pool reconnects as soon as the promoted standby answers.
 */
export function pgbouncerIni(o: OpcoesPgbouncer): string {
  return [
    '; RGP drill: scripts/drill/gerar.ts',
    '[databases]',
    `${BANCO} = host=127.0.0.1 port=${o.portaBanco} dbname=${BANCO}`,
    `${BANCO_TRANSACAO} = host=127.0.0.1 port=${o.portaBanco} dbname=${BANCO} pool_mode=transaction pool_size=1`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${o.porta}`,
    `unix_socket_dir = ${o.pasta}`,
    `pidfile = ${o.pasta}/pgbouncer.pid`,
    `logfile = ${o.pasta}/pgbouncer.log`,
    'auth_type = trust',
    `auth_file = ${o.pasta}/userlist.txt`,
    'admin_users = postgres',
    'pool_mode = session',
    'max_client_conn = 500',
    'default_pool_size = 80',
    'server_reset_query = DISCARD ALL',
    'server_login_retry = 1',
    'server_connect_timeout = 3',
    'query_wait_timeout = 30',
    'ignore_startup_parameters = extra_float_digits',
    'log_connections = 0',
    'log_disconnections = 0',
    '',
  ].join('\n');
}

/** The roles PgBouncer lets in (auth_type trust still reads the list). */
export function pgbouncerUserlist(): string {
  return `"${BANCO}" ""\n"postgres" ""\n`;
}

export interface OpcoesHaproxy {
  porta: number;
  /** The instances' ports on 127.0.0.1, one server each. */
  instancias: readonly number[];
  /** The readiness check: 200 when the instance may take requests, 503 while it drains or its database is away. */
  caminhoSaude: string;
  socket: string;
}

/**
 * HAProxy in front of the instances: an HTTP check of readiness every second (two failures take a server out, two
 * successes bring it back, ramped up over a slow start), three retries with a redispatch to another server when a
 * connection fails, L7 retries of idempotent requests whose server died before answering (never of a POST: a
 * write is never sent twice), and the admin socket the drill reads the per-server counters from.
 */
export function haproxyCfg(o: OpcoesHaproxy): string {
  return [
    '# RGP drill: scripts/drill/gerar.ts',
    'global',
    '  maxconn 2000',
    `  stats socket ${o.socket} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 10s',
    '  timeout check 2s',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    '',
    'frontend rgp',
    `  bind 127.0.0.1:${o.porta}`,
    '  option forwardfor',
    '  default_backend instancias',
    '',
    'backend instancias',
    '  balance roundrobin',
    '  option httpchk',
    `  http-check send meth GET uri ${o.caminhoSaude}`,
    '  http-check expect status 200',
    '  http-request disable-l7-retry unless METH_GET || METH_HEAD',
    '  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 2 slowstart 5s',
    ...o.instancias.map((p, i) => `  server i${i + 1} 127.0.0.1:${p} check`),
    '',
  ].join('\n');
}
