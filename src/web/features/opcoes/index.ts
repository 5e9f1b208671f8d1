export { opcoesPescador, DECLARACAO, type EntradaOpcoes, type Opcao } from './opcoes';
export { OpcoesPescador } from './opcoes-pescador';
export { Declaracao, TEXTO_DECLARACAO } from './declaracao';
