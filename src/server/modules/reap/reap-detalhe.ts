import { SituacaoSolicitacao, TipoDocumento } from '../../../shared/enums';
import { reapNoPrazo } from '../../../shared/regras/reap';
import type { Obrigacao, Questionario, ReapArtesanalCorpo } from '../../../shared/schemas/reap';
import type { DocumentoService } from '../documento/documento.service';
import type { QuestionarioRow, ReapRepository } from './reap.repository';

// A REAP on the wire: the obligation, and the questionnaire with its documents.

/** The documents of each form: justifications of the artesanal one (type 6), work-relation proofs of the industrial one (type 7). */
export const DOCUMENTO_JUSTIFICATIVA = TipoDocumento.ADICIONAL;
export const DOCUMENTO_RELACAO_TRABALHO = TipoDocumento.VISTO_TRABALHO;

/** An obligation as answered on `hoje` (São Paulo): its situation, its window and whether it may be filled now. */
export function paraObrigacao(r: QuestionarioRow, hoje: string): Obrigacao {
  return {
    id: r.id,
    idSolicitacao: r.solicitacaoId,
    idPescador: r.pescadorId,
    anoReferencia: r.anoReferencia,
    categoria: r.categoria,
    enviada: r.enviada,
    iniciada: r.dados !== null,
    situacao: r.enviada ? SituacaoSolicitacao.REAP_ENVIADA : SituacaoSolicitacao.REAP_PENDENTE,
    inicioPreenchimento: r.inicioPreenchimento,
    fimPreenchimento: r.fimPreenchimento,
    noPrazo: !r.enviada && (r.atrasoPermitido === true || reapNoPrazo(r.anoReferencia, hoje, r.inicioPreenchimento, r.fimPreenchimento)),
    enviadaEm: r.enviadaEm ? new Date(r.enviadaEm).toISOString() : null,
  };
}

/** The questionnaire with what was saved of it (every field answered, null when not filled), its fisher and its documents. */
export async function paraQuestionario(
  repo: ReapRepository, documentos: DocumentoService, q: QuestionarioRow, hoje: string,
  /** The species' names when the caller has read them already (a save, with its checks). */
  especiesLidas?: Map<number, { nome: string; nomeCientifico: string }>,
): Promise<Questionario> {
  const d = (q.dados ?? {}) as Partial<ReapArtesanalCorpo> & { houveComercializacao?: boolean | null };
  const docs = await documentos.ativosDaSolicitacao(q.solicitacaoId);
  const ops = d.resultadosOperacaoPesca ?? [];
  const especies = especiesLidas ?? await repo.especies(ops.map((o) => o.especiePescado?.id).filter((v): v is number => typeof v === 'number'));
  const n = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);
  return {
    ...paraObrigacao(q, hoje),
    solicitacao: { id: q.solicitacaoId },
    pescador: { nome: q.nomePescador, cpf: q.cpfPescador, uf: q.ufPescador },
    tipoPrestacaoServico: q.tipoPrestacaoServico,
    realizouPesca: q.realizouPesca,
    houveComercializacao: n(d.houveComercializacao),
    totalDiasTrabalhadoAno: q.totalDiasTrabalhadoAno,
    reapsArtesanais: (d.reapsArtesanais ?? []).map((m) => ({ mesReferencia: m.mesReferencia, quantidadeDiasTrabalhados: n(m.quantidadeDiasTrabalhados) })),
    resultadosOperacaoPesca: ops.map((o) => {
      const e = typeof o.especiePescado?.id === 'number' ? especies.get(o.especiePescado.id) : undefined;
      return {
        especiePescado: { id: n(o.especiePescado?.id), nome: e?.nome ?? null, nomeCientifico: e?.nomeCientifico ?? null },
        tipoUnidadeMedida: { id: n(o.tipoUnidadeMedida?.id) },
        totalPescado: n(o.totalPescado),
        precoQuilo: n(o.precoQuilo),
      };
    }),
    gruposAlvosPescado: (d.gruposAlvosPescado ?? []).map((g) => ({ grupoAlvo: n(g.grupoAlvo) })),
    locaisPescaPetrecho: (d.locaisPescaPetrecho ?? []).map((l) => ({
      ambientePesca: n(l.ambientePesca),
      petrechoPesca: n(l.petrechoPesca),
      areaPretendidaPesca: l.areaPretendidaPesca ? {
        idMunicipio: n(l.areaPretendidaPesca.idMunicipio),
        tipoLocalPesca: n(l.areaPretendidaPesca.tipoLocalPesca),
        nomePopularLocalPesca: n(l.areaPretendidaPesca.nomePopularLocalPesca),
      } : null,
    })),
    ufsComercializacao: (d.ufsComercializacao ?? []).map((u) => ({
      uf: n(u.uf), comercializacoesPescado: (u.comercializacoesPescado ?? []).map((c) => ({ tipoComprador: n(c.tipoComprador) })),
    })),
    justificativasSolicitacao: (d.justificativasSolicitacao ?? []).map((j) => ({ justificativaNaoDeclaracao: n(j.justificativaNaoDeclaracao) })),
    documentosJustificativa: docs.filter((x) => x.tipoDocumento === DOCUMENTO_JUSTIFICATIVA),
    documentoRelacaoTrabalho: docs.filter((x) => x.tipoDocumento === DOCUMENTO_RELACAO_TRABALHO),
    codigoVerificacao: q.enviada ? q.codigoVerificacao : null,
  };
}
