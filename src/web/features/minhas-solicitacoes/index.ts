export { rotaAssistente, temAssistente } from './rotas';
export { ERRO_CONSULTAR_SOLICITACAO } from './solicitacoes-api';
export { useSolicitacao, useSolicitacoes } from './use-solicitacoes';
export { TabelaSolicitacoes } from './tabela-solicitacoes';
