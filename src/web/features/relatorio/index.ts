export { RelatorioPescadores } from './relatorio-pescadores';
