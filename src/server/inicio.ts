import net from 'node:net';
import { ConfigError, type Config } from './config';

/** What the start decides before it opens anything (decision 0067): the identity provider and the start's line. */

export function ehLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  if (net.isIPv6(h)) return h === '::1' || /^::ffff:127\./.test(h);
  return false;
}

export type ProvedorDeIdentidade =
  | { tipo: 'oidc'; emissor: string }
  | { tipo: 'desenvolvimento'; demonstracao: boolean };

/**
 * The development provider signs in any CPF without a password, so it is refused on an address the network reaches
 * and with DATABASE_URL (real data), unless DEV_IDP_UNSAFE=true says it is meant.
 */
export function provedorDeIdentidade(
  config: Pick<Config, 'oidc' | 'host' | 'database' | 'devIdpInseguro' | 'seedDemo'>,
): ProvedorDeIdentidade {
  if (config.oidc) return { tipo: 'oidc', emissor: config.oidc.issuer };
  const motivos: string[] = [];
  if (!ehLoopback(config.host)) motivos.push(`HOST=${config.host} is reachable from other machines`);
  if (config.database.url) motivos.push('DATABASE_URL is set (real data: any real staff CPF would sign in)');
  if (motivos.length > 0 && !config.devIdpInseguro) {
    throw new ConfigError([
      'Refusing to mount the development identity provider, which signs in any CPF without a password:',
      ...motivos.map((m) => `  ${m}`),
      'Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (gov.br), or listen on loopback (unset HOST) without',
      'DATABASE_URL, or set DEV_IDP_UNSAFE=true if this is a test on purpose.',
      'O provedor de identidade de desenvolvimento (entrada sem senha) não é montado acessível pela rede nem com DATABASE_URL.',
    ].join('\n'));
  }
  return { tipo: 'desenvolvimento', demonstracao: config.seedDemo };
}

/** Portuguese: the person at the terminal reads it. */
export function linhaDeInicio(publicUrl: string, provedor: ProvedorDeIdentidade): string {
  if (provedor.tipo === 'oidc') return `RGP em ${publicUrl} — entre com o gov.br (${provedor.emissor}).`;
  const quem = provedor.demonstracao
    ? 'um CPF de demonstração (ex.: 500.000.005-66, ADMIN; lista no README) ou qualquer CPF válido'
    : 'qualquer CPF válido';
  return `RGP em ${publicUrl} — entre com ${quem}, sem senha (provedor de identidade de desenvolvimento em /dev-idp).`;
}
