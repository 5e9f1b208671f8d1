export { cancelamentoKeys, consultarCancelamento } from './cancelamento-api';
export { FormularioCancelamento } from './formulario-cancelamento';
export { FormularioRegularizacao } from './formulario-regularizacao';
