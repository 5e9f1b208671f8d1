import { z } from 'zod';
import { CodigoErro } from '../codigos-erro';
import { contrato } from '../contrato';
import {
  analiseDetalheSchema, bloqueioRespostaSchema, decisaoAnaliseCorpo, decisaoRespostaSchema, filtrosAnalise, idAnaliseCorpo,
  indeferimentoSchema, listaAnalisesSchema, ufsEscopoSchema,
} from '../schemas/analise';
import { documentosResposta } from '../schemas/documento';
import {
  filtrosPainel, listaAtrasadasSchema, listaDesignaveisSchema, listaPrazosSchema, painelAnalisesSchema, prazoTipoCorpo, reatribuirCorpo,
} from '../schemas/prazo-analise';
import { idParam } from '../schemas/primitivos';
import { listaSinaisSchema, marcacaoSinalCorpo, sinalParams, sinalSchema } from '../schemas/sinal';
import { totalizadoresServidor } from '../schemas/totalizadores';

/**
 * Analysis of requests (spec point 7 "Analysis"): staff who read fishers read the analyses (SFPA within its states,
 * CONSULTA_EXTERNO never); SFPA, MPA, GESTOR and ADMIN act on them, the service then checking profile, scope,
 * instance and lock. The fisher reads their own rejection record. The analysis's opinion document (parecer) lives
 * under the documents' addresses of the specification.
 */
export const totalizadores = contrato({
  metodo: 'GET', caminho: '/api/analise-solicitacao/totalizadores', permissao: 'servidor.ler', tag: 'analise',
  resumo: 'Totalizadores das análises visíveis ao servidor',
  resposta: totalizadoresServidor,
});
export const ufsEscopo = contrato({
  metodo: 'GET', caminho: '/api/analise-solicitacao/ufs-escopo', permissao: 'servidor.ler', tag: 'analise',
  resumo: 'UFs cujas análises o servidor vê (UF do órgão e das forças-tarefa em vigor)',
  resposta: ufsEscopoSchema,
});
export const listar = contrato({
  metodo: 'GET', caminho: '/api/analise-solicitacao', permissao: 'servidor.ler', tag: 'analise',
  resumo: 'Acompanhamento das análises (mais antigas primeiro), com filtros e paginação',
  query: filtrosAnalise,
  resposta: listaAnalisesSchema,
});
export const daSolicitacao = contrato({
  metodo: 'GET', caminho: '/api/analise-solicitacao/solicitacao/{id}', permissao: 'servidor.ler', tag: 'analise',
  resumo: 'Análise atual de uma solicitação',
  params: idParam,
  resposta: analiseDetalheSchema,
});
export const indeferimento = contrato({
  metodo: 'GET', caminho: '/api/analise-solicitacao/indeferimento/{id}', permissao: 'pescador.ler', tag: 'analise',
  resumo: 'Registro de indeferimento de uma solicitação (id da solicitação)',
  params: idParam,
  resposta: indeferimentoSchema,
});
export const detalhar = contrato({
  metodo: 'GET', caminho: '/api/analise-solicitacao/{id}', permissao: 'servidor.ler', tag: 'analise',
  resumo: 'Análise por id, com a solicitação, os documentos e o estado do bloqueio',
  params: idParam,
  resposta: analiseDetalheSchema,
});
export const bloquear = contrato({
  metodo: 'POST', caminho: '/api/analise-solicitacao/bloquear', permissao: 'analise.analisar', tag: 'analise',
  resumo: 'Inicia a análise (bloqueia para o servidor)',
  corpo: idAnaliseCorpo,
  codigos: [CodigoErro.ANALISE_INDISPONIVEL],
  resposta: bloqueioRespostaSchema,
});
export const desbloquear = contrato({
  metodo: 'POST', caminho: '/api/analise-solicitacao/desbloquear', permissao: 'analise.analisar', tag: 'analise',
  resumo: 'Cancela o início da análise',
  corpo: idAnaliseCorpo,
  codigos: [CodigoErro.ANALISE_INDISPONIVEL],
  resposta: z.null(),
});
export const concluir = contrato({
  metodo: 'POST', caminho: '/api/analise-solicitacao/atualizar-analise-solicitacao', permissao: 'analise.analisar', tag: 'analise',
  resumo: 'Registra o checklist e conclui a análise (DEFERIDA ou INDEFERIDA)',
  corpo: decisaoAnaliseCorpo,
  codigos: [CodigoErro.ANALISE_INDISPONIVEL],
  resposta: decisaoRespostaSchema,
});
export const concluirEdicaoDocumentos = contrato({
  metodo: 'POST', caminho: '/api/analise-solicitacao-edicao-documento', permissao: 'analise.analisar', tag: 'analise',
  resumo: 'Conclui a análise de uma solicitação de edição de documentos',
  corpo: decisaoAnaliseCorpo,
  codigos: [CodigoErro.ANALISE_INDISPONIVEL],
  resposta: decisaoRespostaSchema,
});
// The opinion document (src/server/modules/analise/parecer.routes.ts), under the documents' tag.
export const enviarParecer = contrato({
  metodo: 'POST', caminho: '/api/documentos/parecer', permissao: 'analise.analisar', tag: ['documento', 'analise'],
  resumo: 'Anexa o documento de parecer da análise (multipart: idAnaliseSolicitacao, arquivos; PDF até 2048 KB)',
  formulario: { campos: idAnaliseCorpo },
  codigos: [CodigoErro.ANALISE_INDISPONIVEL, CodigoErro.ARQUIVO_INVALIDO],
  resposta: documentosResposta,
});
export const removerParecer = contrato({
  metodo: 'DELETE', caminho: '/api/documentos/parecer/documento/{id}', permissao: 'analise.analisar', tag: ['documento', 'analise'],
  resumo: 'Remove o documento de parecer da análise (HTTP 204, sem corpo)',
  params: idParam,
  codigos: [CodigoErro.ANALISE_INDISPONIVEL],
  resposta: { vazia: 'Documento removido com sucesso (sem corpo)' },
});

// Deadlines to decide, escalation and the manager's page (decisions 0152, 0153).
export const prazos = contrato({
  metodo: 'GET', caminho: '/api/analise-solicitacao/prazos', permissao: 'analise.gerir', tag: 'analise',
  resumo: 'Prazo para decidir de cada tipo de solicitação e o ato normativo que o fixou',
  resposta: listaPrazosSchema,
});
export const definirPrazo = contrato({
  metodo: 'PUT', caminho: '/api/analise-solicitacao/prazos', permissao: 'analise.gerir', tag: 'analise',
  resumo: 'Fixa o prazo para decidir de um tipo de solicitação, por ato normativo (vale para as solicitações enviadas depois)',
  corpo: prazoTipoCorpo,
  resposta: listaPrazosSchema,
});
export const atrasadas = contrato({
  metodo: 'GET', caminho: '/api/analise-solicitacao/atrasadas', permissao: 'analise.gerir', tag: 'analise',
  resumo: 'Análises com prazo vencido, encaminhadas ao gestor (Decreto 10.178/2019, art. 15, § 2º)',
  resposta: listaAtrasadasSchema,
});
export const designaveis = contrato({
  metodo: 'GET', caminho: '/api/analise-solicitacao/{id}/designaveis', permissao: 'analise.gerir', tag: 'analise',
  resumo: 'Servidores a quem a análise atrasada pode ser atribuída',
  params: idParam,
  resposta: listaDesignaveisSchema,
});
export const reatribuir = contrato({
  metodo: 'POST', caminho: '/api/analise-solicitacao/{id}/reatribuir', permissao: 'analise.gerir', tag: 'analise',
  resumo: 'Atribui a análise atrasada a outro servidor (ou ao próprio gestor, que a decide)',
  params: idParam,
  corpo: reatribuirCorpo,
  codigos: [CodigoErro.ANALISE_INDISPONIVEL],
  resposta: z.null(),
});
export const painel = contrato({
  metodo: 'GET', caminho: '/api/analise-solicitacao/painel', permissao: 'analise.painel', tag: 'analise',
  resumo: 'Painel do estoque: recebidas e decididas por semana, idade do estoque, tempo para decidir, produção por analista',
  query: filtrosPainel,
  resposta: painelAnalisesSchema,
});
export const sinais = contrato({
  metodo: 'GET', caminho: '/api/analise-solicitacao/{id}/sinais', permissao: 'servidor.ler', tag: 'analise',
  resumo: 'Sinais da solicitação em análise (arquivo, contato, volume, município, CPF), com a explicação de cada um',
  params: idParam,
  outrosErros: [404],
  resposta: listaSinaisSchema,
});
export const marcarSinal = contrato({
  metodo: 'POST', caminho: '/api/analise-solicitacao/{id}/sinais/{idSinal}/marcacao', permissao: 'analise.analisar', tag: 'analise',
  resumo: 'Marca um sinal como revisado ou confirmado (auditado)',
  params: sinalParams,
  corpo: marcacaoSinalCorpo,
  outrosErros: [404],
  resposta: sinalSchema,
});
