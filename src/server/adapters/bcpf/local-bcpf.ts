import { asc, eq } from 'drizzle-orm';
import type { PessoaBcpf } from '../../../shared/schemas/usuario-mapa';
import type { Database } from '../../db/client';
import { bcpfPessoa } from '../../db/schema';
import type { ConsultaBcpf } from './bcpf';

/** The local twin of the CPF registry: the `bcpf_pessoa` table (index bcpf_pessoa_cpf_idx), filled by the seeds. */
export class LocalBcpf implements ConsultaBcpf {
  constructor(private readonly db: Database) {}

  async consultar(cpf: string): Promise<PessoaBcpf[]> {
    return this.db
      .select({ cpf: bcpfPessoa.cpf, nome: bcpfPessoa.nome, matricula: bcpfPessoa.matricula, email: bcpfPessoa.email })
      .from(bcpfPessoa)
      .where(eq(bcpfPessoa.cpf, cpf))
      .orderBy(asc(bcpfPessoa.id))
      .limit(10);
  }
}
