import { SituacaoSolicitacao, TipoSolicitacao } from '../../../../shared/enums';
import { exigirCinNaReap } from './cin';
import type { TipoSolicitacaoDef } from './tipo';

/**
 * REAP (type 4, spec points 3–5): the fisher's annual activity report. It is opened by the pending-REAP generation
 * (REAP_PENDENTE, `AndamentoService.abrirReap`), filled and sent by the reap module, which checks its rules
 * before asking the one submission path (`AndamentoService.enviarReap`); sent, it is REAP_ENVIADA and is not
 * analysed.
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
