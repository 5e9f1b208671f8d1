export { DocumentosSolicitacao, useDocumentosSolicitacao, type DocumentosSolicitacaoProps } from './documentos-solicitacao';
export { RegistroIndeferimento } from './registro-indeferimento';
export { camposDocumentos, type CampoDocumento } from './campos';
export { documentosKeys, type Documento } from './documentos-api';
