import type { ComponentType } from 'react';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
import type { CelularDoAssistente } from './use-rascunho-no-celular';

/**
 * The documents panel of step 4. The screen that mounts the wizard passes the documents feature's component
 * (features never import one another; screens compose them).
 */
export interface PainelDocumentosProps {
  idSolicitacao: number;
  tipoSolicitacao: number;
  nacionalidadeBrasileira?: string | null;
  possuiEntidade?: boolean;
  somenteLeitura?: boolean;
}
export type PainelDocumentos = ComponentType<PainelDocumentosProps>;

/** The id of the step's heading: where the error summary links a server message that names no field. */
export const ID_TITULO_PASSO = 'passo-titulo';

/** What the wizard gives every step. */
export interface PassoProps {
  /** the saved request; absent before step 1 is first saved */
  solicitacao: SolicitacaoDetalheResposta | undefined;
  tipo: number;
  somenteLeitura: boolean;
  /** the step was saved; the wizard moves on */
  onSalvo: (dados: SolicitacaoDetalheResposta) => void;
  onVoltar?: (() => void) | undefined;
  /** read-only mode: next step */
  onAvancar?: (() => void) | undefined;
  /** steps saved without signal, kept on this phone */
  celular?: CelularDoAssistente | undefined;
}
