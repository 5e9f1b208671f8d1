import type { PessoaBcpf } from '../../../shared/schemas/usuario-mapa';

/**
 * The federal CPF registry (BCPF): who the people behind a CPF are. An outside system, behind this port: a real
 * HTTP client (`HttpBcpf`) when BCPF_URL is configured, else the local twin (`LocalBcpf`) answering from the
 * `bcpf_pessoa` table the seeds fill, so that a bare machine works.
 */
export interface ConsultaBcpf {
  /** Every record of the CPF (digits only): none, one, or — as the real registry may hold — more than one. */
  consultar(cpf: string): Promise<PessoaBcpf[]>;
}

/** The registry could not answer (down, too slow, refused the credentials, answered what it should not). */
export class BcpfIndisponivel extends Error {
  constructor(motivo: string, options?: { cause?: unknown }) {
    super(`BCPF indisponível: ${motivo}`, options);
    this.name = 'BcpfIndisponivel';
  }
}
