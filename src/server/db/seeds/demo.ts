import { sql } from 'drizzle-orm';
import { Perfil } from '../../../shared/enums';
import type { Database } from '../client';

/**
 * Demo accounts (README lists them). They exist only in the embedded database or with SEED_DEMO=true, and may
 * sign in at any hour so that a demonstration or a test never depends on the clock.
 */
export const CONTAS_DEMO = [
  { cpf: '10000000108', nome: 'GESTORA DE DEMONSTRAÇÃO', perfil: Perfil.GESTOR, orgao: 'MPA', uf: 'DF' },
  { cpf: '20000000299', nome: 'ANALISTA MPA DE DEMONSTRAÇÃO', perfil: Perfil.MPA, orgao: 'MPA', uf: 'DF' },
  { cpf: '30000000388', nome: 'ANALISTA SFPA-PA DE DEMONSTRAÇÃO', perfil: Perfil.SFPA, orgao: 'SFPA-PA', uf: 'PA' },
  { cpf: '50000000566', nome: 'ADMINISTRADOR DE DEMONSTRAÇÃO', perfil: Perfil.ADMIN, orgao: 'MPA', uf: 'DF' },
  { cpf: '60000000655', nome: 'CONSULTA INTERNA DE DEMONSTRAÇÃO', perfil: Perfil.CONSULTA_INTERNO, orgao: 'MPA', uf: 'DF' },
  { cpf: '70000000744', nome: 'CONSULTA EXTERNA DE DEMONSTRAÇÃO', perfil: Perfil.CONSULTA_EXTERNO, orgao: 'MPA', uf: 'DF' },
] as const;

export const PESCADOR_DEMO = { cpf: '40000000477', nome: 'PESCADOR DE DEMONSTRAÇÃO' } as const;

/**
 * The local twin of the federal CPF registry (bcpf_pessoa, src/server/adapters/bcpf): the demo staff and three
 * people who are not map users yet, one of them recorded twice (the lookup's 'more than one' case).
 */
export const PESSOAS_BCPF_DEMO = [
  ...CONTAS_DEMO.map((c) => ({ cpf: c.cpf, nome: c.nome, matricula: `DEMO-${c.perfil}`, email: `demo.${c.perfil}@rgp.local` })),
  { cpf: '80000000833', nome: 'MARIA DE NAZARÉ SOUZA', matricula: '1234567', email: 'maria.souza@pesca.gov.br' },
  { cpf: '80000000914', nome: 'JOSÉ RIBAMAR COSTA', matricula: '7654321', email: 'jose.costa@pesca.gov.br' },
  { cpf: '80000001058', nome: 'ANTÔNIO CARLOS LIMA', matricula: '1111111', email: null },
  { cpf: '80000001058', nome: 'ANTONIO CARLOS LIMA', matricula: '2222222', email: null },
] as const;

export async function seedDemo(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const c of CONTAS_DEMO) {
      await tx.execute(sql`
        WITH u AS (
          INSERT INTO usuario (cpf, nome, bloqueado) VALUES (${c.cpf}, ${c.nome}, false)
          ON CONFLICT (cpf) DO UPDATE SET nome = EXCLUDED.nome
          RETURNING id
        )
        INSERT INTO usuario_mapa (usuario_id, tipo_usuario, sigla_orgao, uf_orgao, matricula, email,
          acesso_customizado, hora_limite_inicio_acesso, hora_limite_termino_acesso, usuario_pode_acessar_todos_dias)
        SELECT id, ${c.perfil}, ${c.orgao}, ${c.uf}, ${'DEMO-' + c.perfil}, ${`demo.${c.perfil}@rgp.local`},
          true, '00:00', '23:59', true FROM u
        ON CONFLICT (usuario_id) DO NOTHING`);
    }
    await tx.execute(sql`
      INSERT INTO pescador (cpf, nome) VALUES (${PESCADOR_DEMO.cpf}, ${PESCADOR_DEMO.nome})
      ON CONFLICT (cpf) DO NOTHING`);
    for (const p of PESSOAS_BCPF_DEMO) {
      await tx.execute(sql`
        INSERT INTO bcpf_pessoa (cpf, nome, matricula, email)
        SELECT ${p.cpf}, ${p.nome}, ${p.matricula}, ${p.email}
        WHERE NOT EXISTS (SELECT 1 FROM bcpf_pessoa WHERE cpf = ${p.cpf} AND matricula = ${p.matricula})`);
    }
  });
}
