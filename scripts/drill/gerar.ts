// Pure functions of the ports and folders, so gerar.test.ts checks them without root (decision 0049).

/** Away from the machine's own PostgreSQL (5432) and the product's defaults. */
export const PORTAS = {
  primario: 5701,
  standby: 5702,
  pgbouncer: 5703,
  s3: 5730,
  haproxy: 5780,
  instancias: [5711, 5712, 5713],
  metricas: [5721, 5722, 5723],
} as const;

export const NOME_STANDBY = 'rgp_standby';
export const BANCO = 'rgp';
export const BANCO_TRANSACAO = 'rgp_transacao';

export interface OpcoesPostgres {
  porta: number;
  pastaSocket: string;
  papel: 'primario' | 'standby';
}

/**
 * Commits wait for the standby's flush. The standby names no standby: once promoted it is alone, and naming a missing
 * one would make every commit wait for ever.
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
    // pg_rewind needs it (or data checksums) to bring a failed primary back as a standby, as CloudNativePG does.
    'wal_log_hints = on',
    "log_destination = 'stderr'",
    'logging_collector = off',
    "log_min_messages = 'warning'",
    '',
  ].join('\n');
}

/** The drill proves availability, not authentication (decision 0049). */
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

export function primaryConninfo(portaPrimario: number): string {
  return `primary_conninfo = 'host=127.0.0.1 port=${portaPrimario} user=postgres application_name=${NOME_STANDBY}'\n`;
}

export interface OpcoesPgbouncer {
  porta: number;
  portaBanco: number;
  pasta: string;
}

/**
 * Session mode: PgBouncer 1.18 keeps no prepared statement across server connections in transaction mode, and the
 * migrations hold a session advisory lock (decision 0049).
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

/** auth_type trust still reads the list. */
export function pgbouncerUserlist(): string {
  return `"${BANCO}" ""\n"postgres" ""\n`;
}

export interface OpcoesHaproxy {
  porta: number;
  instancias: readonly number[];
  caminhoSaude: string;
  socket: string;
}

/** L7 retries of idempotent requests only: a POST is never sent twice. */
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
