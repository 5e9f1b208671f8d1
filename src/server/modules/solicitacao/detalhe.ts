import { situacaoSolicitacaoLabel, tipoSolicitacaoLabel, type TipoSolicitacao } from '../../../shared/enums';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import { rgpDe, type PescadorRow } from '../pescador/pescador.service';
import type { SolicitacaoRow } from './solicitacao.repository';

/** The label of a request type, as the answers carry it. */
export function tipoDescricao(tipo: number): string {
  return tipoSolicitacaoLabel[tipo as TipoSolicitacao] ?? 'Tipo inválido';
}

function isoOuNull(d: Date | null): string | null {
  return d ? d.toISOString() : null;
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
