import { CodigoErro } from '../../../../shared/codigos-erro';
import { TipoSolicitacao } from '../../../../shared/enums';
import { erroCampo } from '../../../../shared/erros-campo';
import { cinExigida, cinSeAplica, isCin, MENSAGENS_CIN } from '../../../../shared/regras/cin';
import { AppError } from '../../../lib/errors';
import type { DadosDeclarados } from '../../pescador/pescador.service';
import { SITUACOES_EM_ANDAMENTO } from '../situacoes';
import type { ContextoEnvio } from './tipo';

/**
 * The CIN as a dated requirement (decision 0053), checked on the one submission path (envio.ts) when the request
 * is sent, not when a draft is saved: a draft begun before the date and sent after it needs the CIN.
 */

/** The first registration (tipo 1) sent from the date: the identity document it declares is the CIN (400 otherwise). */
export function exigirCinNoRegistroInicial({ solicitacao, pescador, recursos, hoje }: ContextoEnvio): void {
  const desde = recursos.regras.cinObrigatoriaDesde;
  if (!desde || !cinExigida(desde, hoje)) return;
  const dados = solicitacao.dados as DadosDeclarados;
  if (!cinSeAplica(dados.nacionalidadeBrasileira) || isCin(dados.docIdentificacao, pescador.cpf)) return;
  const mensagem = MENSAGENS_CIN.registroInicial(desde);
  throw new AppError(400, mensagem, { erros: [erroCampo('docIdentificacao.numero', mensagem)] });
}

/**
 * A REAP sent from the date needs the CIN in the registry, or in a sent registry edit awaiting analysis (the fisher
 * did what the message asks). 406 otherwise: the registry, not the REAP, is what is missing.
 */
export async function exigirCinNaReap({ pescador, recursos, hoje, tx }: ContextoEnvio): Promise<void> {
  const desde = recursos.regras.cinObrigatoriaDesde;
  if (!desde || !cinExigida(desde, hoje)) return;
  const registro = (pescador.dados ?? {}) as DadosDeclarados;
  if (!cinSeAplica(pescador.nacionalidadeBrasileira) || isCin(registro.docIdentificacao, pescador.cpf)) return;
  const edicoes = await recursos.repo.findAbertas(pescador.id, [TipoSolicitacao.EDICAO_REGISTRO], SITUACOES_EM_ANDAMENTO, tx);
  if (edicoes.some((e) => isCin((e.dados as DadosDeclarados | null)?.docIdentificacao, pescador.cpf))) return;
  throw AppError.recusa(CodigoErro.CIN_EXIGIDA, MENSAGENS_CIN.reap(desde));
}
