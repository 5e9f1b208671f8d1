import { CodigoErro } from '../codigos-erro';
import { contrato } from '../contrato';
import {
  documentosResposta, envioDocumentoCampos, envioParam, envioResposta, inicioEnvioCorpo, parteEnvioCampos,
} from '../schemas/documento';
import { idParam } from '../schemas/primitivos';

/** Documents of requests (spec point 7, "Documents"): the fisher uploads and removes their own; readers read them. */
export const enviar = contrato({
  metodo: 'POST', caminho: '/api/documentos', permissao: 'pescador.proprio', tag: 'documento',
  resumo: 'Envia um documento da solicitação (multipart: idSolicitacao, tipo, arquivos)',
  descricao: 'Um arquivo por chamada, até 2048 KB; PDF, JPG ou PNG (a foto 3x4 só JPG ou PNG), conferidos pelo conteúdo. '
    + 'Um novo documento substitui o do mesmo tipo, exceto os adicionais (tipo 6), que se acumulam até 10.',
  formulario: { campos: envioDocumentoCampos },
  codigos: [CodigoErro.SOLICITACAO_NAO_EDITAVEL, CodigoErro.ARQUIVO_INVALIDO],
  resposta: documentosResposta,
  idempotente: true,
});
// The specification's "204 for document deletion" is the HTTP status: a 204 carries no body on the wire, so the
// envelope's message ('Documento removido com sucesso') is for the web to show; nothing else is sent.
export const remover = contrato({
  metodo: 'DELETE', caminho: '/api/documentos/{id}', permissao: 'pescador.proprio', tag: 'documento',
  resumo: 'Remove um documento da solicitação (HTTP 204, sem corpo)',
  params: idParam,
  codigos: [CodigoErro.SOLICITACAO_NAO_EDITAVEL],
  resposta: { vazia: 'Documento removido com sucesso (sem corpo)' },
});
export const listarPorSolicitacao = contrato({
  metodo: 'GET', caminho: '/api/documentos/solicitacao/{id}', permissao: 'pescador.ler', tag: 'documento',
  resumo: 'Documentos ativos de uma solicitação',
  params: idParam,
  resposta: documentosResposta,
});

/**
 * Uploads in parts (issue 25, point 4; decision 0064): begin, ask how much arrived, append a part at that offset,
 * and conclude (the whole file is checked and stored as POST /api/documentos does). The fisher's own request only.
 */
export const iniciarEnvio = contrato({
  metodo: 'POST', caminho: '/api/documentos/envios', permissao: 'pescador.proprio', tag: 'documento',
  resumo: 'Começa o envio de um documento em partes (para conexões fracas)',
  descricao: 'Declara a solicitação, o tipo, o nome e o tamanho do arquivo (até 2048 KB). O envio expira 24 horas depois '
    + 'da última parte recebida.',
  corpo: inicioEnvioCorpo,
  codigos: [CodigoErro.SOLICITACAO_NAO_EDITAVEL, CodigoErro.ARQUIVO_INVALIDO],
  resposta: envioResposta,
  idempotente: true,
});
export const consultarEnvio = contrato({
  metodo: 'GET', caminho: '/api/documentos/envios/{id}', permissao: 'pescador.proprio', tag: 'documento',
  resumo: 'Quanto de um envio em partes o servidor já recebeu',
  params: envioParam,
  resposta: envioResposta,
});
export const enviarParte = contrato({
  metodo: 'PUT', caminho: '/api/documentos/envios/{id}/partes', permissao: 'pescador.proprio', tag: 'documento',
  resumo: 'Acrescenta uma parte ao envio (multipart: inicio e o arquivo parte, até 256 KB)',
  descricao: 'A parte começa no byte `inicio`. Uma parte que o servidor já tem é aceita sem ser gravada de novo; uma '
    + 'que deixaria um buraco é recusada com 409 (ENVIO_FORA_DE_ORDEM).',
  params: envioParam,
  formulario: { campos: parteEnvioCampos, arquivo: 'parte' },
  codigos: [CodigoErro.ARQUIVO_INVALIDO, CodigoErro.ENVIO_FORA_DE_ORDEM],
  resposta: envioResposta,
});
export const concluirEnvio = contrato({
  metodo: 'POST', caminho: '/api/documentos/envios/{id}/concluir', permissao: 'pescador.proprio', tag: 'documento',
  resumo: 'Conclui um envio em partes: confere e guarda o documento, como POST /api/documentos',
  params: envioParam,
  codigos: [CodigoErro.SOLICITACAO_NAO_EDITAVEL, CodigoErro.ARQUIVO_INVALIDO, CodigoErro.ENVIO_INCOMPLETO],
  resposta: documentosResposta,
  idempotente: true,
});
