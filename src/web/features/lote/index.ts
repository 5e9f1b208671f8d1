export { FormularioLote } from './formulario-lote';
export { HistoricoLotes } from './historico-lotes';
export { ListasRecebidas } from './listas-recebidas';
