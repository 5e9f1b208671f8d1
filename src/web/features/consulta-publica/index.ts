export { ConsultaCarteira } from './consulta-carteira';
export { ConsultaProtocolo } from './consulta-protocolo';
export { VerificarCarteira } from './verificar-carteira';
