import { CodigoErro } from '../codigos-erro';
import { contrato } from '../contrato';
import * as leituras from '../leituras-pescador';
import { idParam } from '../schemas/primitivos';
import { salvarPassoCorpo } from '../schemas/solicitacao';
import {
  cancelamentoCorpo, consultaEdicaoRegistroSchema, edicaoRgpCorpo, envioEdicaoDocumentosCorpo, filtroSolicitacoesSchema,
  filtroUltimaSolicitacaoSchema, listaSolicitacoesSchema, paginacaoSchema, regularizacaoCorpo, solicitacaoDetalheSchema,
} from '../schemas/solicitacao-api';
import { totalizadoresPescador } from '../schemas/totalizadores';

/** Requests (spec point 7): the fisher files them; whoever reads the fisher reads them. */
export const totalizadores = contrato({
  metodo: 'GET', caminho: leituras.totalizadores.caminho, permissao: 'pescador.ler', tag: 'solicitacao',
  resumo: 'Totalizadores das solicitações de um pescador',
  params: idParam,
  resposta: totalizadoresPescador,
});
export const criar = contrato({
  metodo: 'POST', caminho: '/api/solicitacao', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Cria o rascunho de uma solicitação com o passo 1 (Dados Pessoais)',
  descricao: 'Corpo plano: tipo (1, 2, 3 ou 8), passo 1 e os campos do passo 1. Só o próprio pescador.',
  corpo: salvarPassoCorpo,
  codigos: [CodigoErro.SOLICITACAO_EM_ANDAMENTO, CodigoErro.SOLICITACAO_INDISPONIVEL],
  resposta: solicitacaoDetalheSchema,
  idempotente: true,
});
export const salvar = contrato({
  metodo: 'PUT', caminho: '/api/solicitacao', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Salva um passo (1 a 4) da solicitação ou a envia (passo 5, com declaraCiencia)',
  descricao: 'Corpo plano: id, tipo, passo e os campos do passo. Só o próprio pescador, em rascunho ou em atualização.',
  corpo: salvarPassoCorpo,
  codigos: [CodigoErro.SOLICITACAO_NAO_EDITAVEL, CodigoErro.SOLICITACAO_EM_ANDAMENTO],
  resposta: solicitacaoDetalheSchema,
  idempotente: true,
});
export const listar = contrato({
  metodo: 'GET', caminho: leituras.solicitacoes.caminho, permissao: 'pescador.ler', tag: 'solicitacao',
  resumo: 'Lista paginada de solicitações (o pescador vê só as suas; o servidor, as do seu escopo)',
  query: filtroSolicitacoesSchema,
  resposta: listaSolicitacoesSchema,
});
export const ultima = contrato({
  metodo: 'GET', caminho: '/api/solicitacao/ultima/solicitacao', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Última solicitação do pescador autenticado (opcionalmente de um tipo)',
  query: filtroUltimaSolicitacaoSchema,
  resposta: solicitacaoDetalheSchema.nullable(),
});
export const doPescador = contrato({
  metodo: 'GET', caminho: '/api/solicitacao/pescador/{id}', permissao: 'pescador.ler', tag: 'solicitacao',
  resumo: 'Solicitações de um pescador, paginadas',
  params: idParam,
  query: paginacaoSchema,
  resposta: listaSolicitacoesSchema,
});
export const detalhe = contrato({
  metodo: 'GET', caminho: '/api/solicitacao/{id}', permissao: 'pescador.ler', tag: 'solicitacao',
  resumo: 'Uma solicitação, com os campos dos passos salvos',
  params: idParam,
  resposta: solicitacaoDetalheSchema,
});
export const removerEmbarcacao = contrato({
  metodo: 'DELETE', caminho: '/api/solicitacao/{id}/embarcacao', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Remove a embarcação dos dados da atividade (passo 2) da solicitação',
  params: idParam,
  codigos: [CodigoErro.SOLICITACAO_NAO_EDITAVEL],
  resposta: solicitacaoDetalheSchema,
});
export const inativar = contrato({
  metodo: 'DELETE', caminho: '/api/solicitacao/{id}/inativar', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Exclui (inativa) um rascunho: ele sai das listas e dos totalizadores',
  params: idParam,
  codigos: [CodigoErro.SOLICITACAO_NAO_EDITAVEL],
  resposta: solicitacaoDetalheSchema,
});

// Registry edit (type 8) by cloning a deferred request or an active fisher's registry.
export const editarSolicitacao = contrato({
  metodo: 'POST', caminho: '/api/solicitacao-edicao-registro/editar-solicitacao/{id}', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Inicia a edição do registro copiando uma solicitação deferida do pescador',
  params: idParam,
  codigos: [CodigoErro.SOLICITACAO_INDISPONIVEL],
  resposta: solicitacaoDetalheSchema,
  idempotente: true,
});
// Answers with and without the final '/'.
export const editarRegistroAtivo = contrato({
  metodo: 'POST', caminho: '/api/solicitacao-pescador-ativo-edicao-registro', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Inicia a edição do registro de um pescador ativo sem solicitação deferida (migrado)',
  codigos: [CodigoErro.SOLICITACAO_INDISPONIVEL],
  resposta: solicitacaoDetalheSchema,
  idempotente: true,
});
export const consultarEdicaoRegistro = contrato({
  metodo: 'GET', caminho: leituras.consultaEdicaoRegistro.caminho, permissao: 'pescador.ler', tag: 'solicitacao',
  resumo: 'Diz se o pescador pode editar o registro e a partir de qual solicitação deferida',
  params: idParam,
  resposta: consultaEdicaoRegistroSchema,
});

// Type 7 (docs/decisions/0020): opened as a draft, sent with its proof.
export const solicitarEdicaoRgp = contrato({
  metodo: 'POST', caminho: '/api/solicitacao-edicao-rgp', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Abre (ou atualiza) a edição do número, data ou órgão do primeiro RGP, como rascunho',
  corpo: edicaoRgpCorpo,
  codigos: [CodigoErro.SOLICITACAO_EM_ANDAMENTO, CodigoErro.SOLICITACAO_INDISPONIVEL],
  resposta: solicitacaoDetalheSchema,
  idempotente: true,
});
export const enviarEdicaoRgp = contrato({
  metodo: 'POST', caminho: '/api/solicitacao-edicao-rgp/{id}/enviar', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Envia a edição do primeiro RGP para análise, com o comprovante do primeiro RGP',
  params: idParam,
  codigos: [CodigoErro.SOLICITACAO_NAO_EDITAVEL, CodigoErro.SOLICITACAO_INDISPONIVEL],
  resposta: solicitacaoDetalheSchema,
  idempotente: true,
});

// Type 9 (docs/decisions/0013): the spec names the type but no path to file it.
export const iniciarEdicaoDocumentos = contrato({
  metodo: 'POST', caminho: '/api/solicitacao-edicao-documentos', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Abre uma edição de documentos (rascunho) para o pescador com registro ativo',
  codigos: [CodigoErro.SOLICITACAO_EM_ANDAMENTO, CodigoErro.SOLICITACAO_INDISPONIVEL],
  resposta: solicitacaoDetalheSchema,
  idempotente: true,
});
export const enviarEdicaoDocumentos = contrato({
  metodo: 'POST', caminho: '/api/solicitacao-edicao-documentos/{id}/enviar', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Envia a edição de documentos para análise (com a declaração do passo 5: declaraCiencia)',
  descricao: 'Exige pelo menos um documento novo e declaraCiencia verdadeiro (decisão 0033).',
  params: idParam,
  corpo: envioEdicaoDocumentosCorpo,
  codigos: [CodigoErro.SOLICITACAO_NAO_EDITAVEL, CodigoErro.SOLICITACAO_INDISPONIVEL],
  resposta: solicitacaoDetalheSchema,
  idempotente: true,
});

export const solicitarCancelamento = contrato({
  metodo: 'POST', caminho: '/api/solicitacao-cancelamento-pescador/motivoCancelamento', permissao: 'cancelamento.solicitar', tag: 'solicitacao',
  resumo: 'Solicita o cancelamento do registro (justificativa obrigatória, exceto para o perfil Gestor)',
  corpo: cancelamentoCorpo,
  codigos: [CodigoErro.SOLICITACAO_EM_ANDAMENTO, CodigoErro.SOLICITACAO_INDISPONIVEL],
  resposta: solicitacaoDetalheSchema,
  idempotente: true,
});
export const cancelamentoAberto = contrato({
  metodo: 'GET', caminho: '/api/solicitacao-cancelamento-pescador/{id}', permissao: 'pescador.ler', tag: 'solicitacao',
  resumo: 'Solicitação de cancelamento em aberto de um pescador (ou null)',
  params: idParam,
  resposta: solicitacaoDetalheSchema.nullable(),
});

// Type 10 (docs/decisions/0009).
export const solicitarRegularizacao = contrato({
  metodo: 'POST', caminho: '/api/solicitacao-regularizacao', permissao: 'pescador.proprio', tag: 'solicitacao',
  resumo: 'Solicita a regularização de um registro suspenso',
  corpo: regularizacaoCorpo,
  codigos: [CodigoErro.SOLICITACAO_EM_ANDAMENTO, CodigoErro.SOLICITACAO_INDISPONIVEL],
  resposta: solicitacaoDetalheSchema,
  idempotente: true,
});
