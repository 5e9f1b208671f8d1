import { CodigoErro, ehCasoDe } from '../../../shared/codigos-erro';
import { MENSAGENS_SOLICITACAO } from '../../../shared/schemas/solicitacao';
import { mensagemErro } from '../../lib/api';
import { codigoErroDe } from '../../lib/erros';
import { clonarRegistro, consultarEdicaoRegistro } from './edicao-registro-api';

export type ResultadoEdicao =
  | { ok: true; idSolicitacao: number }
  /** Refused: show `mensagem` and go to /home (a state refusal, or the consult says no). */
  | { ok: false; mensagem: string; paraHome: boolean };

/**
 * Starts a registry edit after the declaration was accepted: asks whether the fisher may edit, clones the
 * registry into a type-8 request and answers its id (the caller goes to
 * /pescador/edicao-registro/edicao/?idSolicitacao={id}&tipoSolicitacao=8, spec point 2). A state refusal (406) when cloning shows the
 * server's message and goes home (spec point 8).
 */
export async function iniciarEdicaoRegistro(idPescador: number): Promise<ResultadoEdicao> {
  let idSolicitacaoOrigem: number | null;
  try {
    const consulta = await consultarEdicaoRegistro(idPescador);
    if (!consulta.podeEditar) {
      return { ok: false, mensagem: consulta.motivo || 'A edição do registro não está disponível no momento.', paraHome: true };
    }
    idSolicitacaoOrigem = consulta.idSolicitacaoOrigem;
  } catch (error) {
    return { ok: false, mensagem: mensagemErro(error, MENSAGENS_SOLICITACAO.erroConsultar), paraHome: false };
  }
  try {
    const id = await clonarRegistro(idSolicitacaoOrigem);
    return { ok: true, idSolicitacao: id };
  } catch (error) {
    const mensagem = mensagemErro(error, MENSAGENS_SOLICITACAO.erroSalvar);
    return { ok: false, mensagem, paraHome: ehCasoDe(codigoErroDe(error), CodigoErro.ESTADO_NAO_PERMITE) };
  }
}
