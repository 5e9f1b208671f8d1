import { CodigoErro } from '../codigos-erro';
import { contrato } from '../contrato';
import {
  agenteCorpo, agenteParams, agenteSchema, delegacaoCorpo, delegacaoSchema, entidadeCorpo, entidadeSchema, entidadesDisponiveisSchema,
  filtroCsvMesaSchema, filtroMesaSchema, identidadeTermoCampos, listaAgentesSchema, listaDelegacoesSchema, listaEntidadesSchema, listaTermosPendentesSchema,
  mesaAgenteSchema, suspensaoCorpo, termoCampos, validacaoTermoCorpo,
} from '../schemas/entidade';
import { idParam } from '../schemas/primitivos';
import { indicadoresEntidadeSchema } from '../schemas/sinal';

/**
 * Representative entities (docs/decisions/0110): managers keep the entities and their agents; a fisher delegates
 * services to an entity and revokes; an agent files a consent term for a fisher without gov.br, which an analyst of
 * the fisher's state validates; the agent's desk lists the fishers it acts for.
 */

// Entities and agents (GESTOR, ADMIN)

export const listar = contrato({
  metodo: 'GET', caminho: '/api/entidades', permissao: 'administracao.ler', tag: 'entidade',
  resumo: 'Entidades representativas (colônias, associações, sindicatos, prefeituras)',
  resposta: listaEntidadesSchema,
});
export const criar = contrato({
  metodo: 'POST', caminho: '/api/entidades', permissao: 'administracao.gerir', tag: 'entidade',
  resumo: 'Cadastra uma entidade representativa (CNPJ validado)',
  corpo: entidadeCorpo,
  codigos: [CodigoErro.ENTIDADE_JA_CADASTRADA],
  resposta: entidadeSchema,
});
export const atualizar = contrato({
  metodo: 'PUT', caminho: '/api/entidades/{id}', permissao: 'administracao.gerir', tag: 'entidade',
  resumo: 'Altera uma entidade representativa',
  params: idParam,
  corpo: entidadeCorpo,
  codigos: [CodigoErro.ENTIDADE_JA_CADASTRADA],
  outrosErros: [404],
  resposta: entidadeSchema,
});
export const suspender = contrato({
  metodo: 'POST', caminho: '/api/entidades/{id}/suspensao', permissao: 'administracao.gerir', tag: 'entidade',
  resumo: 'Suspende a entidade com o motivo: seus agentes param de atuar na próxima requisição',
  params: idParam,
  corpo: suspensaoCorpo,
  codigos: [CodigoErro.ENTIDADE_INDISPONIVEL],
  outrosErros: [404],
  resposta: entidadeSchema,
});
export const reativar = contrato({
  metodo: 'POST', caminho: '/api/entidades/{id}/reativacao', permissao: 'administracao.gerir', tag: 'entidade',
  resumo: 'Reativa uma entidade suspensa',
  params: idParam,
  codigos: [CodigoErro.ENTIDADE_INDISPONIVEL],
  outrosErros: [404],
  resposta: entidadeSchema,
});
export const agentes = contrato({
  metodo: 'GET', caminho: '/api/entidades/{id}/agentes', permissao: 'administracao.ler', tag: 'entidade',
  resumo: 'Agentes da entidade',
  params: idParam,
  outrosErros: [404],
  resposta: listaAgentesSchema,
});
export const indicadores = contrato({
  metodo: 'GET', caminho: '/api/entidades/{id}/indicadores', permissao: 'administracao.ler', tag: 'entidade',
  resumo: 'Por mês (últimos 12): envios da entidade, indeferimentos e sinais confirmados',
  params: idParam,
  outrosErros: [404],
  resposta: indicadoresEntidadeSchema,
});
export const vincularAgente = contrato({
  metodo: 'POST', caminho: '/api/entidades/{id}/agentes', permissao: 'administracao.gerir', tag: 'entidade',
  resumo: 'Vincula um CPF à entidade como agente, até a validade',
  params: idParam,
  corpo: agenteCorpo,
  codigos: [CodigoErro.ENTIDADE_JA_CADASTRADA, CodigoErro.ENTIDADE_INDISPONIVEL],
  outrosErros: [404],
  resposta: agenteSchema,
});
export const desligarAgente = contrato({
  metodo: 'POST', caminho: '/api/entidades/{id}/agentes/{idAgente}/desligamento', permissao: 'administracao.gerir', tag: 'entidade',
  resumo: 'Desliga o agente da entidade',
  params: agenteParams,
  outrosErros: [404],
  resposta: agenteSchema,
});

// The fisher's delegations

export const disponiveis = contrato({
  metodo: 'GET', caminho: '/api/delegacoes/entidades', permissao: 'pescador.proprio', tag: 'entidade',
  resumo: 'Entidades ativas que atendem o estado do pescador',
  resposta: entidadesDisponiveisSchema,
});
export const minhas = contrato({
  metodo: 'GET', caminho: '/api/delegacoes', permissao: 'pescador.proprio', tag: 'entidade',
  resumo: 'Quem me representa: todas as delegações do pescador',
  resposta: listaDelegacoesSchema,
});
export const conceder = contrato({
  metodo: 'POST', caminho: '/api/delegacoes', permissao: 'pescador.proprio', tag: 'entidade',
  resumo: 'Concede a uma entidade os serviços escolhidos, até a data de fim',
  corpo: delegacaoCorpo,
  codigos: [CodigoErro.ENTIDADE_INDISPONIVEL],
  outrosErros: [404],
  resposta: delegacaoSchema,
});
export const revogar = contrato({
  metodo: 'POST', caminho: '/api/delegacoes/{id}/revogacao', permissao: 'pescador.proprio', tag: 'entidade',
  resumo: 'Revoga a delegação, num passo',
  params: idParam,
  codigos: [CodigoErro.DELEGACAO_INDISPONIVEL],
  outrosErros: [404],
  resposta: delegacaoSchema,
});

// Consent terms: filed by an agent, validated by an analyst of the fisher's state

export const registrarTermo = contrato({
  metodo: 'POST', caminho: '/api/representacao/termos', permissao: 'representacao.agente', tag: 'entidade',
  resumo: 'O agente registra o termo de consentimento assinado de um pescador sem gov.br (multipart: campos e o termo)',
  formulario: { campos: termoCampos },
  codigos: [CodigoErro.ENTIDADE_INDISPONIVEL, CodigoErro.ARQUIVO_INVALIDO],
  resposta: delegacaoSchema,
});
export const anexarIdentidade = contrato({
  metodo: 'POST', caminho: '/api/representacao/termos/{id}/identidade', permissao: 'representacao.agente', tag: 'entidade',
  resumo: 'O agente anexa ao termo o documento de identidade do pescador (multipart)',
  params: idParam,
  formulario: { campos: identidadeTermoCampos },
  codigos: [CodigoErro.DELEGACAO_INDISPONIVEL, CodigoErro.ARQUIVO_INVALIDO],
  outrosErros: [404],
  resposta: delegacaoSchema,
});
export const termosPendentes = contrato({
  metodo: 'GET', caminho: '/api/representacao/termos', permissao: 'analise.analisar', tag: 'entidade',
  resumo: 'Termos de consentimento aguardando validação (SFPA: dos seus estados)',
  resposta: listaTermosPendentesSchema,
});
export const validarTermo = contrato({
  metodo: 'POST', caminho: '/api/representacao/termos/{id}/validacao', permissao: 'analise.analisar', tag: 'entidade',
  resumo: 'O analista valida ou recusa o termo de consentimento',
  params: idParam,
  corpo: validacaoTermoCorpo,
  codigos: [CodigoErro.DELEGACAO_INDISPONIVEL],
  outrosErros: [404],
  resposta: delegacaoSchema,
});

// The agent's desk

export const mesa = contrato({
  metodo: 'GET', caminho: '/api/representacao/pescadores', permissao: 'representacao.agente', tag: 'entidade',
  resumo: 'Mesa do agente: suas entidades e os pescadores que representa, com situação, REAPs devidas e prazo, pedidos e recursos',
  descricao: 'Filtros combináveis, o total que o filtro encontra e páginas por `apos` (o `proximo` da página anterior).',
  query: filtroMesaSchema,
  resposta: mesaAgenteSchema,
});
export const mesaCsv = contrato({
  metodo: 'GET', caminho: '/api/representacao/pescadores/csv', permissao: 'representacao.agente', tag: 'entidade',
  resumo: 'CSV dos pescadores representados que o filtro encontra (cada pescador listado é um acesso auditado)',
  descricao: 'Responde text/csv (separador ;), lido do banco uma página por vez.',
  query: filtroCsvMesaSchema,
  resposta: { arquivo: ['text/csv'], descricao: 'CSV (text/csv)' },
});
