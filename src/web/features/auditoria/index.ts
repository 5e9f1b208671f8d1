export { TelaAuditoria } from './tela-auditoria';
