import { z } from 'zod';
import { contrato } from '../contrato';
import {
  especieSchema, filtroMunicipiosSchema, itemReferenciaSchema, municipioSchema, NOMES_LISTAS_REFERENCIA, profissaoSchema,
} from '../referencias';
import { texto } from '../schemas/primitivos';

/** Reference data (no sign-in): municipalities, occupations, species and the forms' fixed lists. */
export const municipiosPorUf = contrato({
  metodo: 'GET', caminho: '/api/municipios/uf/{uf}', permissao: 'publico', tag: 'referencia',
  resumo: 'Municípios de uma UF, em ordem alfabética',
  params: z.object({ uf: texto().describe('Sigla da UF, por exemplo SP') }),
  resposta: z.array(municipioSchema),
});
export const municipiosPorIds = contrato({
  metodo: 'POST', caminho: '/api/municipios/filtro', permissao: 'publico', tag: 'referencia',
  resumo: 'Municípios pelos códigos IBGE informados (1 a 500)',
  corpo: filtroMunicipiosSchema,
  resposta: z.array(municipioSchema),
});
export const profissoes = contrato({
  metodo: 'GET', caminho: '/api/solicitacao/profissoes', permissao: 'publico', tag: 'referencia',
  resumo: 'Profissões para as outras fontes de renda do pescador',
  resposta: z.array(profissaoSchema),
});
export const especies = contrato({
  metodo: 'GET', caminho: '/api/reap/especies', permissao: 'publico', tag: 'referencia',
  resumo: 'Espécies de pescado da REAP',
  resposta: z.object({ especies: z.array(especieSchema) }),
});
export const lista = contrato({
  metodo: 'GET', caminho: '/api/referencia/{lista}', permissao: 'publico', tag: 'referencia',
  resumo: 'Lista de referência dos formulários',
  descricao: `Listas: ${NOMES_LISTAS_REFERENCIA.join(', ')}.`,
  // The names are an enumeration in the document, for a generated client (decision 0067); the route
  // still reads any text, and answers an unknown name 404 as a record that does not exist.
  params: z.object({ lista: texto().meta({ description: 'Nome da lista, por exemplo escolaridades', enum: [...NOMES_LISTAS_REFERENCIA] }) }),
  resposta: z.array(itemReferenciaSchema),
});
