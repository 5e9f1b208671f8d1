import type { PessoaBcpf } from '../../../shared/schemas/usuario-mapa';

/** The federal CPF registry: an HTTP client when BCPF_URL is set, else a local twin over seeded rows. */
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
