export {
  clonarRegistro,
  consultarEdicaoRegistro,
  edicaoRegistroKeys,
  useConsultaEdicaoRegistro,
  type ConsultaEdicaoRegistro,
} from './edicao-registro-api';
export { iniciarEdicaoRegistro, type ResultadoEdicao } from './iniciar-edicao';
