/**
 * Acts and task forces are administration screens: who reads and who manages them is the administration's
 * (features/administracao, product guide "Who may do what"), and so is the guard.
 */
export { ExigirPerfilAdministracao, podeAdministrar as podeLerAdministracao, podeGerir as podeGerenciarAdministracao } from '../administracao/acesso';
