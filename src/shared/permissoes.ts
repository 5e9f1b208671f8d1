import { Perfil } from './enums';

/**
 * Who may do what (product guide), as the one table the server's route guards, the web's guard and the authorisation
 * matrix test read. The records' scopes are the services' rules, checked behind these doors.
 */

export type NomePerfil = keyof typeof Perfil;
/** `CLIENTE`: an agency's machine client, holding the permissions named in its scopes (decision 0120). */
export type Chamador = 'ANONIMO' | 'CLIENTE' | NomePerfil;

/** A profile added to the enumeration joins `publico` and `sessao` by itself. */
export const PERFIS_TODOS = Object.keys(Perfil) as readonly NomePerfil[];
/** SFPA within its states. */
const SERVIDORES_LEITORES: readonly NomePerfil[] = ['SFPA', 'MPA', 'GESTOR', 'ADMIN', 'CONSULTA_INTERNO'];
const GESTAO: readonly NomePerfil[] = ['GESTOR', 'ADMIN'];

export const PERMISSOES = {
  /** Anyone, a machine client too. */
  publico: ['ANONIMO', 'CLIENTE', ...PERFIS_TODOS],
  sessao: PERFIS_TODOS,
  'pescador.proprio': ['INTERESSADO'],
  'pescador.ler': ['INTERESSADO', ...SERVIDORES_LEITORES],
  /**
   * An entity's agent signs in with gov.br as anyone does (INTERESSADO); being an agent is a link a manager keeps, which
   * the service checks, not a profile (docs/decisions/0110).
   */
  'representacao.agente': ['INTERESSADO'],
  'servidor.ler': SERVIDORES_LEITORES,
  /** CONSULTA_INTERNO only reads. */
  'analise.analisar': ['SFPA', 'MPA', 'GESTOR', 'ADMIN'],
  /**
   * The analyst's superior of Decreto 10.178/2019 art. 15 §2: the late analyses, their reassignment, the deadline
   * of each request type (decision 0152).
   */
  'analise.gerir': GESTAO,
  /** The manager's page of the backlog, from kept totals that name no fisher (decision 0153). */
  'analise.painel': [...GESTAO, 'CONSULTA_INTERNO'],
  /** The service checks the instance: the fisher's state's SFPA, then MPA, then GESTOR/ADMIN. */
  'recurso.decidir': ['SFPA', 'MPA', 'GESTOR', 'ADMIN'],
  /** Many appeals of one act at once: the national management; each appeal still passes the instance rule. */
  'recurso.decidirEmLote': GESTAO,
  /** GESTOR is exempt from the justification. */
  'cancelamento.solicitar': ['INTERESSADO', 'GESTOR', 'ADMIN'],
  'rgp.corrigir': ['MPA', 'GESTOR', 'ADMIN'],
  /** CONSULTA_EXTERNO sees the CPF masked. */
  'relatorio.emitir': [...SERVIDORES_LEITORES, 'CONSULTA_EXTERNO'],
  'administracao.gerir': GESTAO,
  'administracao.ler': [...GESTAO, 'CONSULTA_INTERNO'],
  'lote.processar': GESTAO,
  'auditoria.ler': GESTAO,
  /** Anonymous with the signed address cloud storage handed out. */
  'arquivo.ler': ['ANONIMO', 'INTERESSADO', ...SERVIDORES_LEITORES],
  'integracao.gerir': ['ADMIN'],
  /** A client's scopes: only the permissions whose one caller is `CLIENTE`. */
  'integracao.consultar': ['CLIENTE'],
  'integracao.eventos': ['CLIENTE'],
  /** Send a list of CPFs the agency flags: a proposed batch a GESTOR reviews (decision 0123). */
  'integracao.listas': ['CLIENTE'],
} as const satisfies Record<string, readonly Chamador[]>;

export type Permissao = keyof typeof PERMISSOES;

export function numeroPerfil(nome: NomePerfil): Perfil {
  return Perfil[nome];
}

export function nomePerfil(numero: number): NomePerfil | undefined {
  return (Object.keys(Perfil) as NomePerfil[]).find((nome) => Perfil[nome] === numero);
}

export function pode(perfil: number | null | undefined, permissao: Permissao): boolean {
  const quem: readonly Chamador[] = PERMISSOES[permissao];
  if (perfil === null || perfil === undefined) return quem.includes('ANONIMO');
  const nome = nomePerfil(perfil);
  return nome !== undefined && quem.includes(nome);
}

export function perfisDe(permissao: Permissao): Perfil[] {
  const quem: readonly Chamador[] = PERMISSOES[permissao];
  return quem.filter((c): c is NomePerfil => c !== 'ANONIMO' && c !== 'CLIENTE').map(numeroPerfil);
}

export function ehPublica(permissao: Permissao): boolean {
  const quem: readonly Chamador[] = PERMISSOES[permissao];
  return quem.includes('ANONIMO');
}

/** The permissions a machine client may be given as scopes, and nobody else calls. */
export type EscopoCliente = { [P in Permissao]: (typeof PERMISSOES)[P] extends readonly ['CLIENTE'] ? P : never }[Permissao];

export const ESCOPOS_CLIENTE = (Object.keys(PERMISSOES) as Permissao[])
  .filter((p): p is EscopoCliente => ehDeCliente(p));

export function ehDeCliente(permissao: Permissao): boolean {
  const quem: readonly Chamador[] = PERMISSOES[permissao];
  return quem.length === 1 && quem[0] === 'CLIENTE';
}
