import { z } from 'zod';
import { contrato } from '../contrato';
import {
  ativaDesativaCorpo, filtrosForcaTarefa, filtrosServidores, forcaTarefaCorpo, forcaTarefaEdicao, forcaTarefaSchema, listaForcasTarefaSchema,
  listaServidoresSchema, removerServidorCorpo, removerUfCorpo,
} from '../schemas/forca-tarefa';
import { idParam } from '../schemas/primitivos';

/** Task forces (spec point 7 "Task force"; decision 0031): GESTOR and ADMIN manage them, CONSULTA_INTERNO reads them. */
export const listar = contrato({
  metodo: 'GET', caminho: '/api/forca-tarefa/consultar/filtro', permissao: 'administracao.ler', tag: 'forca-tarefa',
  resumo: 'Forças-tarefa, com filtros e paginação',
  query: filtrosForcaTarefa,
  resposta: listaForcasTarefaSchema,
});
// Decision 0031: the servers a task force may include, for the form's picker (read-only; map users are the
// users module's).
export const servidores = contrato({
  metodo: 'GET', caminho: '/api/forca-tarefa/servidores', permissao: 'administracao.gerir', tag: 'forca-tarefa',
  resumo: 'Servidores que podem integrar uma força-tarefa (SFPA, não bloqueados)',
  query: filtrosServidores,
  resposta: listaServidoresSchema,
});
export const criar = contrato({
  metodo: 'POST', caminho: '/api/forca-tarefa', permissao: 'administracao.gerir', tag: 'forca-tarefa',
  resumo: 'Cria uma força-tarefa',
  corpo: forcaTarefaCorpo,
  resposta: forcaTarefaSchema,
});
export const atualizar = contrato({
  metodo: 'PUT', caminho: '/api/forca-tarefa', permissao: 'administracao.gerir', tag: 'forca-tarefa',
  resumo: 'Atualiza uma força-tarefa',
  corpo: forcaTarefaEdicao,
  resposta: forcaTarefaSchema,
});
export const excluir = contrato({
  metodo: 'DELETE', caminho: '/api/forca-tarefa/remover/{id}', permissao: 'administracao.gerir', tag: 'forca-tarefa',
  resumo: 'Exclui uma força-tarefa',
  params: idParam,
  resposta: z.null(),
});
export const removerServidor = contrato({
  metodo: 'POST', caminho: '/api/forca-tarefa/remover-servidor', permissao: 'administracao.gerir', tag: 'forca-tarefa',
  resumo: 'Remove servidores de uma força-tarefa',
  corpo: removerServidorCorpo,
  resposta: forcaTarefaSchema,
});
export const removerUf = contrato({
  metodo: 'POST', caminho: '/api/forca-tarefa/remover-uf', permissao: 'administracao.gerir', tag: 'forca-tarefa',
  resumo: 'Deixa de atender uma UF',
  corpo: removerUfCorpo,
  resposta: forcaTarefaSchema,
});
export const ativarDesativar = contrato({
  metodo: 'PUT', caminho: '/api/forca-tarefa/ativa-desativa', permissao: 'administracao.gerir', tag: 'forca-tarefa',
  resumo: 'Ativa ou desativa uma força-tarefa',
  corpo: ativaDesativaCorpo,
  resposta: forcaTarefaSchema,
});
export const obter = contrato({
  metodo: 'GET', caminho: '/api/forca-tarefa/{id}', permissao: 'administracao.ler', tag: 'forca-tarefa',
  resumo: 'Força-tarefa por id, com UFs e servidores',
  params: idParam,
  resposta: forcaTarefaSchema,
});
