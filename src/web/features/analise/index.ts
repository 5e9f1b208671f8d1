export { AcompanharAnalises } from './acompanhar-analises';
export { TelaAnalise, type SolicitacaoEmAnalise } from './tela-analise';
export { LinkAcompanharAnalises } from './link-acompanhar-analises';
export { PainelDeAnalises } from './painel-analises';
