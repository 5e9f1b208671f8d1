import { contrato } from '../contrato';
import { CodigoErro } from '../codigos-erro';
import {
  clienteIntegracaoCriacao, clienteIntegracaoSchema, consultaCpfsCorpo, consultaCpfsResposta, credencialClienteSchema, filtroEventos,
  idClienteParam, listaClientesIntegracaoSchema, paginaEventosSchema, rotacaoCredencial,
} from '../schemas/integracao';

/**
 * Other agencies' machine clients (decisions 0120, 0121). ADMIN registers, rotates and revokes them; a client calls
 * the lookup and the feed with a token of the OAuth 2.0 client-credentials grant (`POST /api/integracao/token`).
 */
export const listarClientes = contrato({
  metodo: 'GET', caminho: '/api/integracao/clientes', permissao: 'integracao.gerir', tag: 'integracao',
  resumo: 'Clientes de integração cadastrados',
  resposta: listaClientesIntegracaoSchema,
});
export const cadastrarCliente = contrato({
  metodo: 'POST', caminho: '/api/integracao/clientes', permissao: 'integracao.gerir', tag: 'integracao',
  resumo: 'Cadastra um cliente de integração; a credencial é mostrada uma única vez',
  corpo: clienteIntegracaoCriacao,
  resposta: credencialClienteSchema,
});
export const rotacionarCredencial = contrato({
  metodo: 'POST', caminho: '/api/integracao/clientes/{id}/credencial', permissao: 'integracao.gerir', tag: 'integracao',
  resumo: 'Troca a credencial do cliente; os tokens já emitidos deixam de valer na próxima chamada',
  params: idClienteParam,
  corpo: rotacaoCredencial,
  resposta: credencialClienteSchema,
  codigos: [CodigoErro.CLIENTE_REVOGADO],
});
export const revogarCliente = contrato({
  metodo: 'POST', caminho: '/api/integracao/clientes/{id}/revogacao', permissao: 'integracao.gerir', tag: 'integracao',
  resumo: 'Revoga o cliente; seus tokens deixam de valer na próxima chamada',
  params: idClienteParam,
  resposta: clienteIntegracaoSchema,
});
export const consultarCpfs = contrato({
  metodo: 'POST', caminho: '/api/integracao/pescadores/consulta', permissao: 'integracao.consultar', tag: 'integracao',
  resumo: 'Situação do registro de 1 a 1.000 CPFs; um CPF desconhecido é respondido no seu item',
  descricao: 'Cada item diz a situação e desde quando, a data do primeiro RGP, a categoria, a forma de atuação, os grupos-alvo, '
    + 'os ambientes e locais de pesca, a UF e o município, os anos de REAP enviados e devidos, e se o registro está ativo há '
    + 'um ano ou mais. Cada pescador lido fica na auditoria com o cliente e a finalidade informada.',
  corpo: consultaCpfsCorpo,
  resposta: consultaCpfsResposta,
  outrosErros: [429],
});
export const eventos = contrato({
  metodo: 'GET', caminho: '/api/integracao/eventos', permissao: 'integracao.eventos', tag: 'integracao',
  resumo: 'Feed de mudanças do registro, em ordem, paginado por cursor',
  descricao: 'Eventos gravados na mesma transação de cada mudança. Cada página continua do `proximoCursor` da anterior; '
    + 'nenhum evento falta nem se repete, e um cursor guardado pode ser repetido (reprocessamento a partir de qualquer ponto).',
  query: filtroEventos,
  resposta: paginaEventosSchema,
  outrosErros: [429],
});
