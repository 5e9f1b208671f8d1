import { SituacaoSolicitacao, TipoSolicitacao } from '../../../../shared/enums';
import type { TipoSolicitacaoDef } from './tipo';

/**
 * Appeal (type 11, decision 0088): a draft the recurso module opens against a decision the fisher may contest, to
 * which the fisher uploads evidence through /api/documentos, sent by the one submission path. What may be contested,
 * its window, its instances and its decision are the recurso module's rules (as REAP's are the reap module's), so
 * sending opens no analysis here.
 */
export const recurso: TipoSolicitacaoDef = {
  tipo: TipoSolicitacao.RECURSO,
  abertura: 'rascunho',
  situacaoEnviada: SituacaoSolicitacao.ENVIADA,
  async exigirAbertura() {},
  async exigirEnvio() {},
  analise: null,
};
