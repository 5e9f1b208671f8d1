export { FormularioLote } from './formulario-lote';
export { HistoricoLotes } from './historico-lotes';
