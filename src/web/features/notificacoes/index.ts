export { ModalNotificacoes } from './modal-notificacoes';
export {
  confirmarLeitura,
  listarNotificacoes,
  notificacoesKeys,
  subtituloNotificacao,
  type Notificacao,
} from './notificacoes-api';
