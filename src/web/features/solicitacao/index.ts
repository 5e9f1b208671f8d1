export { SolicitacaoWizard, type SolicitacaoWizardProps } from './solicitacao-wizard';
export type { PainelDocumentos, PainelDocumentosProps } from './passo-props';
