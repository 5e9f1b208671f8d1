export { CartoesAdministracao, CARTOES } from './cartoes-administracao';
export { LinkAdministracao } from './link-administracao';
