import { contrato } from '../contrato';
import * as leituras from '../leituras-pescador';
import { acessosAosMeusDadosSchema, exportacaoDadosSchema, filtrosAcessosSchema } from '../schemas/auditoria';

/** The fisher's LGPD rights: who viewed their data, and their data as a file. Only the fisher, for themself. */
export const acessos = contrato({
  metodo: 'GET', caminho: leituras.acessosAosMeusDados.caminho, permissao: 'pescador.proprio', tag: 'lgpd',
  resumo: 'Quem acessou meus dados: visualizações e alterações feitas por servidores (órgão e perfil)',
  descricao: 'Do pescador autenticado, mais recentes primeiro; nunca o CPF ou o nome do servidor. '
    + 'Paginado pelo cursor `apos` (o `proximo` da página anterior).',
  query: filtrosAcessosSchema,
  resposta: acessosAosMeusDadosSchema,
});
export const meusDados = contrato({
  metodo: 'GET', caminho: '/api/lgpd/meus-dados', permissao: 'pescador.proprio', tag: 'lgpd',
  resumo: 'Baixar meus dados (LGPD art. 18): cadastro, solicitações, REAPs, documentos (metadados), notificações e acessos',
  descricao: 'Só do pescador autenticado. Cada código de lista traz ao lado a descrição (`sexo: 2`, '
    + '`sexoDescricao: "Feminino"`). Em `acessos`, as visualizações e alterações feitas por servidores e os '
    + 'relatórios filtrados pelos dados do pescador: órgão, perfil e data, nunca o nome ou o CPF do servidor. Em '
    + '`chavesIdempotencia`, os envios do aplicativo guardados por 24 horas (Idempotency-Key), com a resposta dada.',
  resposta: exportacaoDadosSchema,
});
// The same data, readable on a phone: labelled sections in Portuguese, the same rule and audit as the JSON.
export const meusDadosPdf = contrato({
  metodo: 'GET', caminho: '/api/lgpd/meus-dados/pdf', permissao: 'pescador.proprio', tag: 'lgpd',
  resumo: 'Baixar meus dados em PDF: os mesmos dados do arquivo JSON, em seções com títulos, para ler e imprimir',
  descricao: 'Só do pescador autenticado. Cadastro, solicitações, REAPs, documentos (metadados), notificações e '
    + 'acessos, cada código pela sua descrição; auditado como a exportação em JSON.',
  resposta: { arquivo: ['application/pdf'], descricao: 'PDF (application/pdf)' },
});
