export { Estatisticas } from './estatisticas';
