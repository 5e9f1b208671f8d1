import type { DestinationStream } from 'pino';
import type { Config } from '../config';

/**
 * Where the logs go (decision 0048). In production, and whenever stdout is not a terminal (a container, a file,
 * a pipe to a collector), nowhere special: pino's JSON lines on stdout. In development at a terminal, through
 * pino-pretty in this process (no worker thread, so the bundle needs nothing more): one coloured line per
 * event. The lines are redacted before they are formatted (plugins/redact.ts runs inside pino), so the pretty
 * output hides the same fields. pino-pretty is a development dependency, imported only here, on first use; where
 * it is not installed the logs stay JSON.
 */
export async function destinoDoLog(
  env: Config['env'],
  opts: { terminal?: boolean; saida?: NodeJS.WritableStream } = {},
): Promise<DestinationStream | undefined> {
  const terminal = opts.terminal ?? Boolean(process.stdout.isTTY);
  if (env === 'production' || !terminal) return undefined;
  try {
    const { default: pinoPretty } = await import('pino-pretty');
    return pinoPretty({
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      ...(opts.saida ? { destination: opts.saida, colorize: false, sync: true } : {}),
    });
  } catch {
    return undefined;
  }
}
