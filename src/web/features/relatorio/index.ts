export { PERFIS_RELATORIO, podeEmitirRelatorio, RelatorioPescadores } from './relatorio-pescadores';
