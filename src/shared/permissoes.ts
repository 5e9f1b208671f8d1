import { Perfil } from './enums';

/**
 * Who may do what (product guide, "Who may do what"), as data: the one table that the server's authorisation
 * (every contract names a permission; src/server/plugins/contratos.ts turns it into the route's guard), the web's
 * one guard component (components/exigir-perfil.tsx) and the authorisation matrix test read. A change of
 * permission is one line here. The records' scopes (a fisher's own records, an SFPA's states) are the services'
 * rules, checked on every record behind these doors.
 */

/** The callers of the API: the anonymous one and each profile, by name. */
export type NomePerfil = keyof typeof Perfil;
export type Chamador = 'ANONIMO' | NomePerfil;

/** Every profile (a profile added to the enumeration joins `publico` and `sessao` by itself). */
export const PERFIS_TODOS = Object.keys(Perfil) as readonly NomePerfil[];
/** Staff who read fishers, requests and analyses (SFPA within its states). */
const SERVIDORES_LEITORES: readonly NomePerfil[] = ['SFPA', 'MPA', 'GESTOR', 'ADMIN', 'CONSULTA_INTERNO'];
/** Who manages the administration: map users, access hours, acts, task forces, batches, REAP windows. */
const GESTAO: readonly NomePerfil[] = ['GESTOR', 'ADMIN'];

export const PERMISSOES = {
  /** Anyone, signed in or not: public lookups (captcha), sign-in, reference lists, open statistics, health. */
  publico: ['ANONIMO', ...PERFIS_TODOS],
  /** Any signed-in caller (refreshing the session). */
  sessao: PERFIS_TODOS,
  /** The fisher, on their own records: filing requests, documents, REAP, notifications, LGPD rights. */
  'pescador.proprio': ['INTERESSADO'],
  /** Reading a fisher and their requests, documents, REAP, card: the fisher their own, staff readers in scope. */
  'pescador.ler': ['INTERESSADO', ...SERVIDORES_LEITORES],
  /** Staff reading fishers by CPF and the analyses. */
  'servidor.ler': SERVIDORES_LEITORES,
  /** Analysing requests (CONSULTA_INTERNO only reads). */
  'analise.analisar': ['SFPA', 'MPA', 'GESTOR', 'ADMIN'],
  /** Deciding appeals: the service checks the instance (the SFPA of the fisher's state, then MPA, then GESTOR/ADMIN). */
  'recurso.decidir': ['SFPA', 'MPA', 'GESTOR', 'ADMIN'],
  /** Cancelling a registry: the fisher theirs; GESTOR (exempt from the justification) and ADMIN anyone's. */
  'cancelamento.solicitar': ['INTERESSADO', 'GESTOR', 'ADMIN'],
  /** Correcting the first RGP: the staff who may analyse any state. */
  'rgp.corrigir': ['MPA', 'GESTOR', 'ADMIN'],
  /** The fisher report: staff readers (SFPA within its states) and CONSULTA_EXTERNO (CPF masked). */
  'relatorio.emitir': [...SERVIDORES_LEITORES, 'CONSULTA_EXTERNO'],
  /** Managing the administration (decisions 0026, 0028, 0030, 0031): users, hours, acts, task forces, REAP windows. */
  'administracao.gerir': GESTAO,
  /** Reading the administration (CONSULTA_INTERNO read-only). */
  'administracao.ler': [...GESTAO, 'CONSULTA_INTERNO'],
  /** Batch suspension and cancellation of fishers. */
  'lote.processar': GESTAO,
  /** Reading the audit trail (decision 0032). */
  'auditoria.ler': GESTAO,
  /** A stored file: with the caller's token, or (anonymous) with the signed address that cloud-storage handed out. */
  'arquivo.ler': ['ANONIMO', 'INTERESSADO', ...SERVIDORES_LEITORES],
} as const satisfies Record<string, readonly Chamador[]>;

export type Permissao = keyof typeof PERMISSOES;

/** The profile number of a profile name. */
export function numeroPerfil(nome: NomePerfil): Perfil {
  return Perfil[nome];
}

/** The name of a profile number, or undefined for a number that is no profile. */
export function nomePerfil(numero: number): NomePerfil | undefined {
  return (Object.keys(Perfil) as NomePerfil[]).find((nome) => Perfil[nome] === numero);
}

/** Whether a caller (the anonymous one: null) holds the permission. */
export function pode(perfil: number | null | undefined, permissao: Permissao): boolean {
  const quem: readonly Chamador[] = PERMISSOES[permissao];
  if (perfil === null || perfil === undefined) return quem.includes('ANONIMO');
  const nome = nomePerfil(perfil);
  return nome !== undefined && quem.includes(nome);
}

/** The profile numbers a permission lets in (the anonymous caller left out). */
export function perfisDe(permissao: Permissao): Perfil[] {
  const quem: readonly Chamador[] = PERMISSOES[permissao];
  return quem.filter((c): c is NomePerfil => c !== 'ANONIMO').map(numeroPerfil);
}

/** Whether the permission admits the anonymous caller (the route takes no token). */
export function ehPublica(permissao: Permissao): boolean {
  const quem: readonly Chamador[] = PERMISSOES[permissao];
  return quem.includes('ANONIMO');
}
