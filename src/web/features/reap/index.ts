export { declaracaoAceita, DeclaracaoReap, rotaFormularioReap } from './declaracao-reap';
export { FormularioArtesanal, type RascunhoArtesanal } from './formulario-artesanal';
export { FormularioIndustrial, type RascunhoIndustrial } from './formulario-industrial';
export { ObrigacoesPescador } from './obrigacoes-pescador';
export { ObrigacoesServidor } from './obrigacoes-servidor';
export { VisualizacaoReap } from './visualizacao-reap';
export { chaveRascunhoReap, fetchQuestionario, reapKeys, type RegistroReap } from './reap-api';
export { PrazosReap } from './prazos-reap';
