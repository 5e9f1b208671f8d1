import { contrato } from '../contrato';
import { CodigoErro } from '../codigos-erro';
import {
  assinaturaWebhookCriacao, assinaturaWebhookCriadaSchema, assinaturaWebhookSchema, clienteIntegracaoCriacao, clienteIntegracaoSchema,
  consultaCpfsCorpo, consultaCpfsResposta, credencialClienteSchema, entregaWebhookSchema, filtroEventos, idAssinaturaParam, idClienteParam,
  idEntregaParam, listaAssinaturasWebhookSchema, listaClientesIntegracaoSchema, listaEntregasWebhookSchema, paginaEventosSchema,
  rotacaoCredencial, listaSinalizadaCorpo, listaSinalizadaSchema, listasSinalizadasSchema, aprovacaoListaCorpo, recusaListaCorpo,
  idListaParam,
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

/** Webhooks (decision 0122): ADMIN subscribes a client's endpoint, follows its deliveries and replays them. */
export const listarAssinaturasWebhook = contrato({
  metodo: 'GET', caminho: '/api/integracao/webhooks', permissao: 'integracao.gerir', tag: 'integracao',
  resumo: 'Assinaturas de webhook, com entregas pendentes, feitas e estacionadas',
  resposta: listaAssinaturasWebhookSchema,
});
export const criarAssinaturaWebhook = contrato({
  metodo: 'POST', caminho: '/api/integracao/webhooks', permissao: 'integracao.gerir', tag: 'integracao',
  resumo: 'Assina um endpoint HTTPS de um cliente aos tipos de evento escolhidos; o segredo é mostrado uma única vez',
  descricao: 'Cada evento do feed é enviado por POST, assinado no padrão Standard Webhooks (cabeçalhos webhook-id, '
    + 'webhook-timestamp e webhook-signature; HMAC-SHA256 com o segredo). O corpo é `{ type, timestamp, data }`, com `data` igual '
    + 'ao evento do feed. Uma resposta 2xx confirma; outra é repetida com espera crescente por um dia, depois a entrega é estacionada.',
  corpo: assinaturaWebhookCriacao,
  resposta: assinaturaWebhookCriadaSchema,
  codigos: [CodigoErro.CLIENTE_REVOGADO],
});
export const desativarAssinaturaWebhook = contrato({
  metodo: 'POST', caminho: '/api/integracao/webhooks/{id}/desativacao', permissao: 'integracao.gerir', tag: 'integracao',
  resumo: 'Desativa o endpoint; as entregas ficam guardadas até ele ser reativado',
  params: idAssinaturaParam,
  resposta: assinaturaWebhookSchema,
});
export const reativarAssinaturaWebhook = contrato({
  metodo: 'POST', caminho: '/api/integracao/webhooks/{id}/reativacao', permissao: 'integracao.gerir', tag: 'integracao',
  resumo: 'Reativa o endpoint; as entregas pendentes voltam a ser tentadas',
  params: idAssinaturaParam,
  resposta: assinaturaWebhookSchema,
  codigos: [CodigoErro.CLIENTE_REVOGADO],
});
export const listarEntregasWebhook = contrato({
  metodo: 'GET', caminho: '/api/integracao/webhooks/{id}/entregas', permissao: 'integracao.gerir', tag: 'integracao',
  resumo: 'As 50 entregas mais recentes do endpoint, com tentativas e a última resposta',
  params: idAssinaturaParam,
  resposta: listaEntregasWebhookSchema,
});
export const reenviarEntregaWebhook = contrato({
  metodo: 'POST', caminho: '/api/integracao/webhooks/{id}/entregas/{entregaId}/reenvio', permissao: 'integracao.gerir', tag: 'integracao',
  resumo: 'Reenvia uma entrega (estacionada ou já feita), com o mesmo webhook-id',
  params: idEntregaParam,
  resposta: entregaWebhookSchema,
});

/** Lists coming in (decision 0123): a client sends flagged CPFs and follows them; a GESTOR runs or refuses each. */
export const enviarListaSinalizada = contrato({
  metodo: 'POST', caminho: '/api/integracao/listas', permissao: 'integracao.listas', tag: 'integracao',
  resumo: 'Envia uma lista de CPFs apontados pelo órgão, com o ato ou processo e o motivo',
  descricao: 'A lista vira um lote proposto (suspensão ou cancelamento citando o ato) que um gestor do RGP analisa e executa '
    + 'ou recusa; nenhum registro muda antes disso. Acompanhe-a por GET /api/integracao/listas/{id}.',
  corpo: listaSinalizadaCorpo,
  resposta: listaSinalizadaSchema,
  outrosErros: [429],
});
export const lerListaSinalizada = contrato({
  metodo: 'GET', caminho: '/api/integracao/listas/{id}', permissao: 'integracao.listas', tag: 'integracao',
  resumo: 'Situação de uma lista enviada pelo próprio cliente e, se executada, o andamento do lote',
  params: idListaParam,
  resposta: listaSinalizadaSchema,
  outrosErros: [429],
});
export const listarListasRecebidas = contrato({
  metodo: 'GET', caminho: '/api/integracao/listas-recebidas', permissao: 'lote.processar', tag: 'integracao',
  resumo: 'Listas de CPFs recebidas de outros órgãos, as 100 mais recentes',
  resposta: listasSinalizadasSchema,
});
export const aprovarListaRecebida = contrato({
  metodo: 'POST', caminho: '/api/integracao/listas-recebidas/{id}/aprovacao', permissao: 'lote.processar', tag: 'integracao',
  resumo: 'Executa a lista como um lote, com o ato normativo escolhido pelo gestor',
  params: idListaParam,
  corpo: aprovacaoListaCorpo,
  resposta: listaSinalizadaSchema,
  codigos: [CodigoErro.LISTA_JA_ANALISADA],
});
export const recusarListaRecebida = contrato({
  metodo: 'POST', caminho: '/api/integracao/listas-recebidas/{id}/recusa', permissao: 'lote.processar', tag: 'integracao',
  resumo: 'Recusa a lista, com o motivo, sem mudar nenhum registro',
  params: idListaParam,
  corpo: recusaListaCorpo,
  resposta: listaSinalizadaSchema,
  codigos: [CodigoErro.LISTA_JA_ANALISADA],
});
