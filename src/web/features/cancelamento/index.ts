export {
  cancelamentoKeys,
  consultarCancelamento,
  type SolicitacaoCancelamento,
} from './cancelamento-api';
export { FormularioCancelamento, cancelamentoFormSchema } from './formulario-cancelamento';
export { FormularioRegularizacao } from './formulario-regularizacao';
