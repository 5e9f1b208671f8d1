export { declaracaoAceita, DeclaracaoReap, rotaFormularioReap } from './declaracao-reap';
export { FormularioArtesanal } from './formulario-artesanal';
export { FormularioIndustrial } from './formulario-industrial';
export { ObrigacoesPescador } from './obrigacoes-pescador';
export { ObrigacoesServidor } from './obrigacoes-servidor';
export { VisualizacaoReap } from './visualizacao-reap';
export { fetchQuestionario, reapKeys } from './reap-api';
export { PrazosReap } from './prazos-reap';
