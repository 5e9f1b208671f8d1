import type { z } from 'zod';
import {
  Perfil, SituacaoAnalise, SituacaoSolicitacao as S, situacaoRegistroLabel, situacaoSolicitacaoLabel, tipoSolicitacaoLabel,
  type SituacaoRegistro, type TipoSolicitacao,
} from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import {
  MENSAGENS_SOLICITACAO_API, MOTIVOS_HISTORICO, type RgpPescador, type SolicitacaoDetalheResposta,
} from '../../../shared/schemas/solicitacao-api';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import type { AuditoriaService } from '../auditoria/auditoria.service';
import { MENSAGEM_FORA_DO_ESCOPO, podeLerPescador } from '../escopo';
import type { PescadorRow, SolicitacaoComUf, SolicitacaoRepository, SolicitacaoRow } from './solicitacao.repository';

/** Statuses in which the fisher may still change a request (wizard steps, vessel removal). */
export const SITUACOES_EDITAVEIS: readonly number[] = [S.RASCUNHO, S.ATUALIZACAO_SFPA, S.ATUALIZACAO_MPA];
/** A request sent and not yet decided: blocks the submission of another one. */
export const SITUACOES_EM_ANDAMENTO: readonly number[] = [S.ENVIADA, S.EM_ANALISE];
/** A request that is neither decided nor excluded. */
export const SITUACOES_ABERTAS: readonly number[] = [S.RASCUNHO, S.ENVIADA, S.EM_ANALISE, S.ATUALIZACAO_SFPA, S.ATUALIZACAO_MPA];
/** Open and already sent (requests filed outside the wizard are never drafts). */
export const SITUACOES_ENVIADAS_ABERTAS: readonly number[] = [S.ENVIADA, S.EM_ANALISE, S.ATUALIZACAO_SFPA, S.ATUALIZACAO_MPA];

export function isoOuNull(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** The registry block of a fisher. */
export function rgpDe(p: PescadorRow): RgpPescador {
  return {
    numeroRGP: p.numeroRgp,
    numeroPrimeiroRGP: p.numeroPrimeiroRgp,
    orgao: p.orgaoRgp,
    dataPrimeiroRgp: p.dataPrimeiroRgp,
    origem: p.origemRgp,
    situacao: p.situacaoRegistro,
    situacaoDescricao: p.situacaoRegistro === null ? null : (situacaoRegistroLabel[p.situacaoRegistro as SituacaoRegistro] ?? null),
    dataSuspensoCancelado: p.dataSuspensoCancelado,
    podeAcessarSistema: p.podeAcessarSistema,
  };
}

export function tipoDescricao(tipo: number): string {
  return tipoSolicitacaoLabel[tipo as TipoSolicitacao] ?? 'Tipo inválido';
}

/** A request on the wire: its saved fields flat, then the request's own fields (which the data never overrides). */
export function detalheDe(s: SolicitacaoRow, p: PescadorRow): SolicitacaoDetalheResposta {
  const dados = (s.dados && typeof s.dados === 'object' ? s.dados : {}) as Record<string, unknown>;
  return {
    ...dados,
    id: s.id,
    tipo: s.tipo,
    tipoDescricao: tipoDescricao(s.tipo),
    situacao: s.situacao,
    situacaoDescricao: situacaoSolicitacaoLabel(s.situacao),
    passo: s.passo,
    declaraCiencia: s.declaraCiencia,
    idPescador: s.pescadorId,
    dataCriacao: s.criadoEm.toISOString(),
    dataEnvio: isoOuNull(s.enviadaEm),
    numeroProtocolo: s.numeroProtocolo,
    idSolicitacaoOrigem: s.solicitacaoOrigemId,
    inativa: s.inativa,
    rgp: rgpDe(p),
  };
}

export function isServidor(ator: AuthContext): boolean {
  return ator.perfil !== Perfil.INTERESSADO;
}

/**
 * Reading scope of a request: the fisher's own; staff per escopo.ts, by the state of the fisher's address or by
 * the state the request was sent from (the analysis queue's state). A missing request is 404 only for those who
 * could read any request; everybody else gets 403, so existence is never revealed.
 */
export function exigirLeituraSolicitacao(ator: AuthContext, r: SolicitacaoComUf | undefined): asserts r is SolicitacaoComUf {
  if (!r) {
    if (podeLerPescador(ator, 0, null)) throw AppError.notFound(MENSAGENS_SOLICITACAO_API.solicitacaoNaoEncontrada);
    throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
  }
  const pid = r.solicitacao.pescadorId;
  const ok = podeLerPescador(ator, pid, r.ufCadastro)
    || (r.solicitacao.ufPescador !== null && ator.perfil === Perfil.SFPA && podeLerPescador(ator, pid, r.solicitacao.ufPescador));
  if (!ok) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
}

/** Writing a request: only its own fisher, whether or not it exists. */
export function exigirDono(ator: AuthContext, r: SolicitacaoComUf | undefined): asserts r is SolicitacaoComUf {
  if (ator.perfil !== Perfil.INTERESSADO || ator.idPescador === null || !r || r.solicitacao.pescadorId !== ator.idPescador) {
    throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
  }
}

/** The signed-in fisher's id (routes let only fishers in). */
export function pescadorDoAtor(ator: AuthContext): number {
  if (ator.perfil !== Perfil.INTERESSADO || ator.idPescador === null) throw AppError.forbidden(MENSAGEM_FORA_DO_ESCOPO);
  return ator.idPescador;
}

/** A staff view of a fisher's request data goes to the audit trail (a fisher's own view does not). */
export async function auditarLeitura(
  auditoria: AuditoriaService, ator: AuthContext, recurso: string, recursoId: string | number, detalhes?: Record<string, unknown>,
): Promise<void> {
  if (!isServidor(ator)) return;
  await auditoria.visualizacao(ator, recurso, recursoId, detalhes);
}

/**
 * 400 for a step that does not validate: the specification's message when one of the issues carries it,
 * else 'Confira todos os campos obrigatórios do formulário'; `erros` lists `campo: mensagem` per issue.
 */
export function erroDeValidacao(issues: readonly z.core.$ZodIssue[]): AppError {
  const daEspecificacao = new Set<string>(Object.values(MENSAGENS_SOLICITACAO));
  const primeira = issues.find((i) => daEspecificacao.has(i.message));
  const erros = issues.map((i) => `${i.path.map(String).join('.') || 'corpo'}: ${i.message}`);
  return new AppError(400, primeira?.message ?? MENSAGENS_SOLICITACAO.confira, { erros });
}

/** 400 'Confira…' with the given `campo: mensagem` list. */
export function erroDeCampos(erros: string[]): AppError {
  return new AppError(400, MENSAGENS_SOLICITACAO.confira, { erros });
}

/**
 * Files a request that is sent at once (first-RGP edit, cancellation, regularisation): ENVIADA with its
 * protocol number, the history row and a new analysis waiting. Call inside a transaction.
 */
export async function registrarPedidoEnviado(repo: SolicitacaoRepository, p: {
  pescador: PescadorRow;
  tipo: number;
  dados: Record<string, unknown>;
  ator: AuthContext;
  motivo: string;
  justificativaCancelamento?: string | null;
}): Promise<SolicitacaoRow> {
  const criada = await repo.insertSolicitacao({
    pescadorId: p.pescador.id,
    tipo: p.tipo,
    situacao: S.ENVIADA,
    declaraCiencia: true,
    dados: p.dados,
    justificativaCancelamento: p.justificativaCancelamento ?? null,
  });
  const enviada = await repo.marcarEnviada(criada.id, { ufPescador: p.pescador.uf });
  await repo.insertHistorico({
    solicitacaoId: enviada.id,
    situacaoAnterior: null,
    situacaoNova: S.ENVIADA,
    cpfAtor: p.ator.cpf,
    perfilAtor: p.ator.perfil,
    motivo: p.motivo,
  });
  await repo.insertAnalise({ solicitacaoId: enviada.id, situacaoAnalise: SituacaoAnalise.AGUARDANDO_ANALISE, ufPescador: enviada.ufPescador });
  return enviada;
}

/** A request returned by the ministry (ATUALIZACAO_MPA) comes back to the ministry instance, which SFPA may not take. */
export function instanciaDaNovaAnalise(situacaoAnterior: number): 'MPA' | 'SFPA' {
  return situacaoAnterior === S.ATUALIZACAO_MPA ? 'MPA' : 'SFPA';
}

/**
 * Files a request that is sent at once, or resubmits the one of the same type that the analysis returned for
 * update (ATUALIZACAO_SFPA/ATUALIZACAO_MPA): filing again is how the fisher answers the rejection of a request
 * that has no wizard. Another of the type sent, under analysis or in draft answers 406 with `emAndamento`.
 * Call inside a transaction, with the fisher's row locked.
 */
export async function enviarOuReenviarPedido(repo: SolicitacaoRepository, p: {
  pescador: PescadorRow;
  tipo: number;
  dados: Record<string, unknown>;
  ator: AuthContext;
  motivo: string;
  emAndamento: string;
  justificativaCancelamento?: string | null;
}): Promise<SolicitacaoRow> {
  const abertas = await repo.findAbertas(p.pescador.id, [p.tipo], SITUACOES_ABERTAS);
  const devolvida = abertas.find((s) => s.situacao === S.ATUALIZACAO_SFPA || s.situacao === S.ATUALIZACAO_MPA);
  if (abertas.some((s) => s !== devolvida)) throw AppError.notAcceptable(p.emAndamento);
  if (!devolvida) return registrarPedidoEnviado(repo, p);

  await repo.updateSolicitacao(devolvida.id, {
    dados: p.dados,
    ...(p.justificativaCancelamento !== undefined ? { justificativaCancelamento: p.justificativaCancelamento } : {}),
  });
  const enviada = await repo.marcarEnviada(devolvida.id, { ufPescador: p.pescador.uf });
  await repo.insertHistorico({
    solicitacaoId: enviada.id,
    situacaoAnterior: devolvida.situacao,
    situacaoNova: S.ENVIADA,
    cpfAtor: p.ator.cpf,
    perfilAtor: p.ator.perfil,
    motivo: MOTIVOS_HISTORICO.reenviada,
  });
  await repo.insertAnalise({
    solicitacaoId: enviada.id,
    situacaoAnalise: SituacaoAnalise.AGUARDANDO_ANALISE,
    ufPescador: enviada.ufPescador,
    instancia: instanciaDaNovaAnalise(devolvida.situacao),
  });
  return enviada;
}
