import { CodigoErro } from '../../../shared/codigos-erro';
import { Perfil, TipoNotificacao } from '../../../shared/enums';
import { formatarData, hojeSaoPaulo } from '../../../shared/datas';
import {
  MAXIMO_INSTANCIAS, MENSAGENS_RECURSO, ORGAOS_RECURSO, ResultadoRecurso, objetoRecursoLabel, orgaoRecursoLabel, resultadoRecursoLabel,
  type ObjetoRecurso, type OrgaoRecurso, type RecursoDetalhe, type ResultadoRecurso as TResultado,
} from '../../../shared/schemas/recurso';
import { rotaRecurso } from '../../../shared/rotas-web';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import type { AuthContext } from '../auth/auth.service';
import { MENSAGEM_FORA_DO_ESCOPO, ufsDoEscopo } from '../escopo';
import type { NotificacaoService } from '../notificacao/notificacao.service';
import type { PescadorService } from '../pescador/pescador.service';
import type { AnaliseService } from '../analise/analise.service';
import type { AndamentoService } from '../solicitacao/solicitacao.service';
import { diasEntre } from './prazos';
import type { DecisaoRow, RecursoLido, RecursoRow, RecursoRepository } from './recurso.repository';

/** What the appeal services use: their SQL and the services that own what an appeal reads or changes. */
export interface DepsRecurso {
  db: Database;
  repo: RecursoRepository;
  solicitacoes: AndamentoService;
  pescadores: PescadorService;
  notificacoes: NotificacaoService;
  analises: Pick<AnaliseService, 'abrir'>;
  auditoria: AuditoriaService;
  now: () => Date;
}

export function hoje(deps: DepsRecurso): string {
  return hojeSaoPaulo(deps.now());
}

/** The instance above `orgao` (SFPA → MPA → GESTOR), or null at the top. */
export function orgaoSuperior(orgao: OrgaoRecurso): OrgaoRecurso | null {
  return ORGAOS_RECURSO[ORGAOS_RECURSO.indexOf(orgao) + 1] ?? null;
}

/** Whether a next instance exists: one above, and at most three in all (art. 57). */
export function temProximaInstancia(r: Pick<RecursoRow, 'instancia' | 'orgao'>): boolean {
  return r.instancia < MAXIMO_INSTANCIAS && orgaoSuperior(r.orgao) !== null;
}

/**
 * Who decides at an instance (decision 0088): the SFPA of the fisher's state (or of a task force serving it), the
 * ministry (MPA, GESTOR, ADMIN), its top (GESTOR, ADMIN).
 */
export function podeDecidirNo(ator: AuthContext, r: Pick<RecursoRow, 'orgao' | 'uf'>): boolean {
  switch (r.orgao) {
    case 'SFPA': {
      const ufs = ufsDoEscopo(ator);
      return ator.perfil === Perfil.SFPA && r.uf !== null && ufs !== null && ufs.includes(r.uf);
    }
    case 'MPA':
      return ator.perfil === Perfil.MPA || ator.perfil === Perfil.GESTOR || ator.perfil === Perfil.ADMIN;
    case 'GESTOR':
      return ator.perfil === Perfil.GESTOR || ator.perfil === Perfil.ADMIN;
  }
}

/** 403 for an SFPA outside the fisher's states; 406 when the appeal is at an instance the caller does not decide. */
export function exigirDecisor(ator: AuthContext, r: Pick<RecursoRow, 'orgao' | 'uf'>): void {
  if (ator.perfil === Perfil.SFPA && !(r.uf !== null && (ufsDoEscopo(ator) ?? []).includes(r.uf))) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
  if (!podeDecidirNo(ator, r)) {
    throw recusa(`${MENSAGENS_RECURSO.outraInstancia} ${orgaoRecursoLabel[r.orgao]}${r.orgao === 'SFPA' && r.uf ? ` de ${r.uf}` : ''}.`);
  }
}

/**
 * The fisher's own appeal, locked: another fisher's and a missing one answer the same 403, so probing ids tells
 * nothing (the authorisation matrix's rule for a fisher's records).
 */
export async function lockDoPescador(deps: DepsRecurso, id: number, pescadorId: number, tx: Executor): Promise<RecursoRow> {
  const r = await deps.repo.lock(id, tx);
  if (!r || r.pescadorId !== pescadorId) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
  return r;
}

export async function lockOu404(deps: DepsRecurso, id: number, tx: Executor): Promise<RecursoRow> {
  const r = await deps.repo.lock(id, tx);
  if (!r) throw AppError.notFound(MENSAGENS_RECURSO.naoEncontrado);
  return r;
}

export function recusa(mensagem: string): AppError {
  return AppError.recusa(CodigoErro.RECURSO_INDISPONIVEL, mensagem);
}

/** A notification of the appeal (tipo 8) to its fisher, opening the appeal's page. */
export async function notificar(deps: DepsRecurso, r: Pick<RecursoRow, 'id' | 'pescadorId'>, conteudo: string, tx: Executor): Promise<void> {
  await deps.notificacoes.criar({ pescadorId: r.pescadorId, tipo: TipoNotificacao.RECURSO, conteudo, urlRedirecionamento: rotaRecurso(r.id) }, tx);
}

/** Records an instance's decision (null actor: the system's). */
export async function registrarDecisao(
  deps: DepsRecurso, r: Pick<RecursoRow, 'id' | 'instancia' | 'orgao'>, resultado: TResultado, justificativa: string,
  ator: AuthContext | null, tx: Executor,
): Promise<void> {
  await deps.repo.inserirDecisao({
    recursoId: r.id, instancia: r.instancia, orgao: r.orgao, resultado, justificativa, cpfAtor: ator?.cpf ?? null, perfilAtor: ator?.perfil ?? null,
  }, tx);
}

export const rotuloResultado = (resultado: number): string => resultadoRecursoLabel[resultado as TResultado] ?? '';

/** The appeal as its screens read it, for `ator`. */
export function detalheDe(r: RecursoLido, decisoes: DecisaoRow[], ator: AuthContext, dia: string): RecursoDetalhe {
  const enviado = r.tempestivo !== null;
  const pendente = enviado && r.resultado === null;
  const podeProxima = r.resultado === ResultadoRecurso.NAO_PROVIDO && r.ultimoDiaProximaInstancia !== null && temProximaInstancia(r);
  return {
    id: r.id,
    idSolicitacao: r.solicitacaoId,
    numeroProtocolo: r.numeroProtocolo,
    situacaoSolicitacao: r.situacaoSolicitacao,
    nomePescador: r.nomePescador,
    uf: r.uf,
    objeto: r.objeto,
    objetoDescricao: objetoRecursoLabel[r.objeto as ObjetoRecurso] ?? '',
    descricao: descricaoDe(r),
    atoNormativo: r.atoNome,
    inicioPrazo: r.inicioPrazo,
    ultimoDia: r.ultimoDia,
    noPrazo: dia <= r.ultimoDia,
    razoes: r.razoes,
    enviado,
    tempestivo: r.tempestivo,
    instancia: r.instancia,
    orgao: r.orgao,
    orgaoDescricao: orgaoRecursoLabel[r.orgao] + (r.orgao === 'SFPA' && r.uf ? ` de ${r.uf}` : ''),
    recebidoEm: r.recebidoEm,
    prazoInstancia: r.prazoInstancia,
    diasRestantes: pendente && r.prazoInstancia ? diasEntre(dia, r.prazoInstancia) : null,
    prorrogado: r.prorrogado,
    justificativaProrrogacao: r.justificativaProrrogacao,
    resultado: r.resultado,
    resultadoDescricao: r.resultado !== null ? rotuloResultado(r.resultado) : null,
    ultimoDiaProximaInstancia: podeProxima ? r.ultimoDiaProximaInstancia : null,
    podeIrAProximaInstancia: podeProxima && dia <= r.ultimoDiaProximaInstancia!,
    analista: r.nomeAnalista,
    bloqueadoPeloAtor: r.analistaId !== null && r.analistaId === ator.idUsuarioMapa,
    podeDecidir: pendente && podeDecidirNo(ator, r),
    decisoes: decisoes.map((d) => ({
      instancia: d.instancia, orgao: d.orgao, resultado: d.resultado, resultadoDescricao: rotuloResultado(d.resultado),
      justificativa: d.justificativa, perfilAtor: d.perfilAtor, data: d.criadoEm.toISOString(),
    })),
  };
}

/** What is contested, in a line (the act's name when a batch's). */
export function descricaoDe(r: Pick<RecursoLido, 'objeto' | 'atoNome' | 'anoReferencia' | 'inicioPrazo' | 'loteId'>): string {
  const base = objetoRecursoLabel[r.objeto as ObjetoRecurso] ?? '';
  const ano = r.anoReferencia ? ` (REAP de ${r.anoReferencia})` : '';
  const ato = r.atoNome ? `, ${r.atoNome}` : '';
  return `${base}${ano}${ato}, prazo contado de ${formatarData(r.inicioPrazo)}`;
}

/** The last day after `dia` that the window of `r` allows again (its own length: the act's days or the law's 10). */
export function mesmaJanela(r: Pick<RecursoRow, 'inicioPrazo' | 'ultimoDia'>): number {
  return diasEntre(r.inicioPrazo, r.ultimoDia);
}
