import type { Database } from '../../db/client';
import type { ConsultaBcpf } from './bcpf';
import { HttpBcpf } from './http-bcpf';
import { LocalBcpf } from './local-bcpf';

export interface BcpfConfig {
  url: string | undefined;
  usuario: string | undefined;
  senha: string | undefined;
  timeoutMs: number;
}

/** The real registry when its address is configured (BCPF_URL), else the local twin (the default). */
export function criarConsultaBcpf(config: BcpfConfig, db: Database): ConsultaBcpf {
  if (config.url) return new HttpBcpf({ url: config.url, usuario: config.usuario, senha: config.senha, timeoutMs: config.timeoutMs });
  return new LocalBcpf(db);
}
