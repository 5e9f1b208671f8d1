export { ConfiguracaoHorarios } from './configuracao-horarios';
