import { SituacaoSolicitacao, TipoSolicitacao } from '../../../../shared/enums';
import { exigirCinNaReap } from './cin';
import type { TipoSolicitacaoDef } from './tipo';

/**
 * REAP (type 4): the annual activity report, opened by the pending-REAP generation and sent by the reap module
 * through the one submission path; not analysed.
 */
export const reap: TipoSolicitacaoDef = {
  tipo: TipoSolicitacao.REAP,
  abertura: 'rascunho',
  situacaoEnviada: SituacaoSolicitacao.REAP_ENVIADA,
  // Which years a fisher owes and whether a REAP may be sent are the reap module's rules (reap-pendencias and reap-questionario services).
  async exigirAbertura() {},
  // The CIN, once its date has come (decision 0053), is the one requirement of the registry a REAP send checks.
  exigirEnvio: exigirCinNaReap,
  analise: null,
};
