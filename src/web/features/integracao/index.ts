export { ClientesIntegracao } from './clientes-integracao';
