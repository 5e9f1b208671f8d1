export { SolicitacaoWizard } from './solicitacao-wizard';
export type { PainelDocumentosProps } from './passo-props';
