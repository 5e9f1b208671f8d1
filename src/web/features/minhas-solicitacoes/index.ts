export { rotaAssistente, rotaDocumentos, temAssistente } from './rotas';
export {
  consultarSolicitacao,
  ERRO_CONSULTAR_SOLICITACAO,
  listarSolicitacoes,
  solicitacoesKeys,
  type SolicitacaoDetalhe,
  type SolicitacaoResumo,
} from './solicitacoes-api';
export { useSolicitacao, useSolicitacoes } from './use-solicitacoes';
export { TabelaSolicitacoes, TAMANHO_PAGINA } from './tabela-solicitacoes';
