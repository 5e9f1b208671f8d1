import type { DestinationStream } from 'pino';
import type { Config } from '../config';

/**
 * Where the logs go (decision 0048): JSON lines on stdout, or at a development terminal pino-pretty in this process
 * (no worker thread for the bundle). Redaction runs first, so both hide the same fields.
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
