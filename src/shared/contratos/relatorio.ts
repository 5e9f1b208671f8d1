import { contrato } from '../contrato';
import { idParam } from '../schemas/primitivos';
import {
  arquivoRelatorioQuery, emissaoRelatorioQuery, execucaoRelatorioSchema, filtrosRelatorioQuery, MIME_RELATORIO, previaRelatorioSchema,
} from '../schemas/relatorio';

/**
 * The fisher report by characteristics (spec point 7: GET /api/pescador/relatorio/pescadores?{filters} → dados.url):
 * the staff who read fishers (SFPA within its states) and CONSULTA_EXTERNO (CPF masked).
 */
export const emitir = contrato({
  metodo: 'GET', caminho: '/api/pescador/relatorio/pescadores', permissao: 'relatorio.emitir', tag: 'relatorio',
  resumo: 'Emite o relatório de pescadores por características (CSV ou XLSX)',
  descricao: 'Até o limite síncrono o arquivo é gerado na hora e dados.url vem preenchido; acima, um job o gera e '
    + 'o andamento é consultado em /api/pescador/relatorio/execucao/{id}. O endereço é aberto com ?jwt=.',
  query: emissaoRelatorioQuery,
  resposta: execucaoRelatorioSchema,
});
export const previa = contrato({
  metodo: 'GET', caminho: '/api/pescador/relatorio/pescadores/previa', permissao: 'relatorio.emitir', tag: 'relatorio',
  resumo: 'Quantos pescadores atendem aos filtros do relatório, e a primeira página deles',
  query: filtrosRelatorioQuery,
  resposta: previaRelatorioSchema,
});
export const execucao = contrato({
  metodo: 'GET', caminho: '/api/pescador/relatorio/execucao/{id}', permissao: 'relatorio.emitir', tag: 'relatorio',
  resumo: 'Andamento de um relatório emitido (com dados.url quando pronto)',
  params: idParam,
  resposta: execucaoRelatorioSchema,
});
export const arquivo = contrato({
  metodo: 'GET', caminho: '/api/pescador/relatorio/arquivo/{id}', permissao: 'relatorio.emitir', tag: 'relatorio',
  resumo: 'O arquivo do relatório (endereço assinado de curta duração, aberto com ?jwt=)',
  params: idParam,
  query: arquivoRelatorioQuery,
  resposta: { arquivo: Object.values(MIME_RELATORIO).map((m) => m.split(';')[0]!), descricao: 'O arquivo CSV ou XLSX' },
});
