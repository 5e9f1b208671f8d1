import { Perfil, SituacaoRegistro, tipoSolicitacaoLabel, type TipoSolicitacao } from '../../../shared/enums';
import { formatarData } from '../../../shared/datas';
import { ObjetoRecurso, type OrgaoRecurso } from '../../../shared/schemas/recurso';
import { diasParaDecidir, ultimoDiaParaRecorrer } from './prazos';
import type { AvisoRow, IndeferimentoRow, NovoRecurso, SancaoRow } from './recurso.repository';

/**
 * What a fisher may contest (decision 0088), named and with its window: each a `Contestado`, found by its key
 * ('S<request>', 'H<registry history line>', 'A<warning round>'), from which an appeal is opened.
 */
export interface Contestado {
  chave: string;
  objeto: ObjetoRecurso;
  descricao: string;
  atoNome: string | null;
  /** Who decided it: the appeal's first instance, which may reconsider. */
  orgao: OrgaoRecurso;
  dados: Omit<NovoRecurso, 'solicitacaoId' | 'pescadorId' | 'uf' | 'orgao'>;
  /** A REAP year whose sending before the sanction decides the appeal by itself (decision 0090). */
  reap: { ano: number; sancaoEm: Date } | null;
}

/** A batch's appeals go to the agency that requested it: an SFPA by its name, the ministry otherwise. */
export function orgaoDoLote(orgaoSolicitante: string): OrgaoRecurso {
  return /^\s*SFPA\b/i.test(orgaoSolicitante) ? 'SFPA' : 'MPA';
}

export function deIndeferimento(r: IndeferimentoRow): Contestado {
  const inicioPrazo = r.finalizadaEm;
  return {
    chave: `S${r.solicitacaoId}`,
    objeto: ObjetoRecurso.INDEFERIMENTO,
    descricao: `${tipoSolicitacaoLabel[r.tipo as TipoSolicitacao] ?? 'Solicitação'}${r.numeroProtocolo ? `, protocolo ${r.numeroProtocolo}` : ''}, indeferida em ${formatarData(inicioPrazo)}`,
    atoNome: null,
    orgao: r.perfilAnalista === Perfil.SFPA ? 'SFPA' : 'MPA',
    dados: {
      objeto: ObjetoRecurso.INDEFERIMENTO, chaveObjeto: `S${r.solicitacaoId}`, solicitacaoContestadaId: r.solicitacaoId,
      historicoSituacaoId: null, loteId: null, avisoId: null, anoReferencia: null, atoNormativoId: null,
      inicioPrazo, ultimoDia: ultimoDiaParaRecorrer(inicioPrazo, null), prazoDecisaoDias: diasParaDecidir(null),
    },
    reap: null,
  };
}

/**
 * A batch's suspension or cancellation: its window opens when the act comes into force, or when the batch applied
 * it if that was later (nobody is late for a sanction not yet applied).
 */
export function deSancao(r: SancaoRow): Contestado {
  const objeto = r.situacaoNova === SituacaoRegistro.CANCELADO ? ObjetoRecurso.CANCELAMENTO : ObjetoRecurso.SUSPENSAO;
  const inicioPrazo = r.atoInicio > r.aplicadaEm ? r.atoInicio : r.aplicadaEm;
  const oQue = objeto === ObjetoRecurso.CANCELAMENTO ? 'Cancelamento' : 'Suspensão';
  return {
    chave: `H${r.historicoId}`,
    objeto,
    descricao: r.reapAnoReferencia !== null
      ? `${oQue} do registro por falta da REAP de ${r.reapAnoReferencia}, em ${formatarData(r.aplicadaEm)}`
      : `${oQue} do registro pelo lote nº ${r.loteId}, em ${formatarData(r.aplicadaEm)}`,
    atoNome: r.atoNome,
    orgao: orgaoDoLote(r.orgaoSolicitante),
    dados: {
      objeto, chaveObjeto: `H${r.historicoId}`, solicitacaoContestadaId: null, historicoSituacaoId: r.historicoId, loteId: r.loteId,
      avisoId: null, anoReferencia: r.reapAnoReferencia, atoNormativoId: r.atoId,
      inicioPrazo, ultimoDia: ultimoDiaParaRecorrer(inicioPrazo, r.prazoRecursoDias), prazoDecisaoDias: diasParaDecidir(r.prazoDecisaoRecursoDias),
    },
    reap: r.reapAnoReferencia !== null ? { ano: r.reapAnoReferencia, sancaoEm: r.aplicadaEmInstante } : null,
  };
}

/** A REAP warning: its window opens on the day it reached the fisher; the ministry warned, so the ministry decides. */
export function deAviso(r: AvisoRow): Contestado {
  return {
    chave: `A${r.avisoId}`,
    objeto: ObjetoRecurso.AVISO_REAP,
    descricao: `Aviso de REAP de ${r.anoReferencia} não enviada (prazo encerrado em ${formatarData(r.fimPreenchimento)}), recebido em ${formatarData(r.avisadoEm)}`,
    atoNome: r.atoNome,
    orgao: 'MPA',
    dados: {
      objeto: ObjetoRecurso.AVISO_REAP, chaveObjeto: `A${r.avisoId}`, solicitacaoContestadaId: null, historicoSituacaoId: null,
      loteId: null, avisoId: r.avisoId, anoReferencia: r.anoReferencia, atoNormativoId: r.atoId,
      inicioPrazo: r.avisadoEm, ultimoDia: ultimoDiaParaRecorrer(r.avisadoEm, r.prazoRecursoDias),
      prazoDecisaoDias: diasParaDecidir(r.prazoDecisaoRecursoDias),
    },
    reap: { ano: r.anoReferencia, sancaoEm: r.avisadoEmInstante },
  };
}
