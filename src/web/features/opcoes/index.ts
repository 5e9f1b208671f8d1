export { opcoesPescador } from './opcoes';
export { OpcoesPescador } from './opcoes-pescador';
export { Declaracao } from './declaracao';
