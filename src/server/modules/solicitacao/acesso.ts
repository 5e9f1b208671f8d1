import { Perfil } from '../../../shared/enums';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import { AppError } from '../../lib/errors';
import type { AuthContext } from '../auth/auth.service';
import { exigirPescadorProprio, MENSAGEM_FORA_DO_ESCOPO, pescadorDoAtor as pescadorDoAtorNoEscopo, podeLerPescador } from '../escopo';
import type { SolicitacaoComUf } from './solicitacao.repository';

// Who may read and who may write a request: the product guide's "Who may do what", over escopo.ts.

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
  exigirPescadorProprio(ator, r?.solicitacao.pescadorId);
}

/** The signed-in fisher's id (routes let only fishers in). */
export function pescadorDoAtor(ator: AuthContext): number {
  return pescadorDoAtorNoEscopo(ator, MENSAGEM_FORA_DO_ESCOPO);
}
