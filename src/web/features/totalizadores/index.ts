export { Contadores, contadoresPescador, contadoresServidor } from './contadores';
export { ERRO_TOTALIZADORES, useTotalizadoresPescador, useTotalizadoresServidor } from './use-totalizadores';
