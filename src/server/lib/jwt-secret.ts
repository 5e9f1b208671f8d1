import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The token signing key: JWT_SECRET when set (required in production); otherwise a random key kept in
 * DATA_DIR, so that sessions survive a restart of a local installation.
 */
export async function resolveJwtSecret(configured: string | undefined, dataDir: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing.length >= 64) return new TextEncoder().encode(existing);
  } catch {
    // first start
  }
  const secret = crypto.randomBytes(48).toString('hex');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, secret, { mode: 0o600 });
  return new TextEncoder().encode(secret);
}
