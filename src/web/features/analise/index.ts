export { AcompanharAnalises } from './acompanhar-analises';
export { TelaAnalise, type TelaAnaliseProps, type SolicitacaoEmAnalise } from './tela-analise';
export { ExigirPerfilAnalise, podeAnalisar, podeLerAnalises } from './acesso';
export { LinkAcompanharAnalises } from './link-acompanhar-analises';
export { ROTA_ACOMPANHAR_ANALISES, enderecoTelaAnalise } from './formatos';
export { analiseKeys } from './analise-api';
