import { z } from 'zod';
import { contrato } from '../contrato';
import {
  atoNormativoCriacao, atoNormativoEdicao, atoNormativoSchema, atoVigenteSchema, filtrosAtoNormativo, idAtoParam, listaAtosNormativosSchema,
} from '../schemas/ato-normativo';

/** Normative acts (spec point 7 "Normative act"; decision 0030): GESTOR and ADMIN manage them, CONSULTA_INTERNO reads them. */
export const vigente = contrato({
  metodo: 'GET', caminho: '/api/ato-normativo', permissao: 'administracao.ler', tag: 'ato-normativo',
  resumo: 'Ato normativo vigente hoje (null quando não há)',
  resposta: atoVigenteSchema,
});
export const listar = contrato({
  metodo: 'GET', caminho: '/api/ato-normativo/listar', permissao: 'administracao.ler', tag: 'ato-normativo',
  resumo: 'Atos normativos, com filtros e paginação',
  query: filtrosAtoNormativo,
  resposta: listaAtosNormativosSchema,
});
export const criar = contrato({
  metodo: 'POST', caminho: '/api/ato-normativo', permissao: 'administracao.gerir', tag: 'ato-normativo',
  resumo: 'Cadastra um ato normativo',
  corpo: atoNormativoCriacao,
  resposta: atoNormativoSchema,
});
export const atualizar = contrato({
  metodo: 'PUT', caminho: '/api/ato-normativo', permissao: 'administracao.gerir', tag: 'ato-normativo',
  resumo: 'Atualiza um ato normativo',
  corpo: atoNormativoEdicao,
  resposta: atoNormativoSchema,
});
export const obter = contrato({
  metodo: 'GET', caminho: '/api/ato-normativo/{id}', permissao: 'administracao.ler', tag: 'ato-normativo',
  resumo: 'Ato normativo por id',
  params: idAtoParam,
  resposta: atoNormativoSchema,
});
export const excluir = contrato({
  metodo: 'DELETE', caminho: '/api/ato-normativo/{id}', permissao: 'administracao.gerir', tag: 'ato-normativo',
  resumo: 'Exclui um ato normativo que nenhum registro cita (409 quando citado)',
  params: idAtoParam,
  resposta: z.null(),
  outrosErros: [409],
});
