import { contrato } from '../contrato';
import { documentosResposta, envioDocumentoCampos } from '../schemas/documento';
import { idParam } from '../schemas/primitivos';

/** Documents of requests (spec point 7, "Documents"): the fisher uploads and removes their own; readers read them. */
export const enviar = contrato({
  metodo: 'POST', caminho: '/api/documentos', permissao: 'pescador.proprio', tag: 'documento',
  resumo: 'Envia um documento da solicitação (multipart: idSolicitacao, tipo, arquivos)',
  descricao: 'Um arquivo por chamada, até 2048 KB; PDF, JPG ou PNG (a foto 3x4 só JPG ou PNG), conferidos pelo conteúdo. '
    + 'Um novo documento substitui o do mesmo tipo, exceto os adicionais (tipo 6), que se acumulam até 10.',
  formulario: { campos: envioDocumentoCampos },
  resposta: documentosResposta,
  idempotente: true,
});
// The specification's "204 for document deletion" is the HTTP status: a 204 carries no body on the wire, so the
// envelope's message ('Documento removido com sucesso') is for the web to show; nothing else is sent.
export const remover = contrato({
  metodo: 'DELETE', caminho: '/api/documentos/{id}', permissao: 'pescador.proprio', tag: 'documento',
  resumo: 'Remove um documento da solicitação (HTTP 204, sem corpo)',
  params: idParam,
  resposta: { vazia: 'Documento removido com sucesso (sem corpo)' },
});
export const listarPorSolicitacao = contrato({
  metodo: 'GET', caminho: '/api/documentos/solicitacao/{id}', permissao: 'pescador.ler', tag: 'documento',
  resumo: 'Documentos ativos de uma solicitação',
  params: idParam,
  resposta: documentosResposta,
});
