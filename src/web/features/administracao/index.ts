export { CartoesAdministracao, CARTOES } from './cartoes-administracao';
export { ExigirPerfilAdministracao, podeAdministrar, podeGerir } from './acesso';
export { LinkAdministracao } from './link-administracao';
