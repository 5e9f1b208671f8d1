export { ModalNotificacoes } from './modal-notificacoes';
