export { DocumentosSolicitacao } from './documentos-solicitacao';
export { RegistroIndeferimento } from './registro-indeferimento';
export { enviarEdicaoDocumentos, iniciarEdicaoDocumentos } from './documentos-api';
