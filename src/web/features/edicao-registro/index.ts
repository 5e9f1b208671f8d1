export { useConsultaEdicaoRegistro } from './edicao-registro-api';
export { iniciarEdicaoRegistro } from './iniciar-edicao';
