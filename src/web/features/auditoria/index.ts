export { ExigirPerfilAuditoria, PERFIS_AUDITORIA, TelaAuditoria } from './tela-auditoria';
