import { contrato } from '../contrato';
import { estatisticasQuery, estatisticasSchema, tempoDecisaoPublicoSchema } from '../schemas/estatistica';

/** The open statistics: public, no sign-in (aggregates need no captcha; the server rate-limits them). */
export const consultar = contrato({
  metodo: 'GET', caminho: '/api/estatisticas', permissao: 'publico', tag: 'estatisticas',
  resumo: 'Estatísticas abertas do registro: pescadores por UF, município, categoria, sexo, faixa etária e atuação; solicitações por situação e mês',
  descricao: 'Público, sem login. Contagens menores que 5 vêm como null (exibidas como "< 5"); os números vêm de '
    + 'totais mantidos pelo banco. Com uf, inclui os municípios da UF.',
  query: estatisticasQuery,
  resposta: estatisticasSchema,
});
export const csv = contrato({
  metodo: 'GET', caminho: '/api/estatisticas/csv', permissao: 'publico', tag: 'estatisticas',
  resumo: 'Os mesmos números das estatísticas abertas em CSV (UTF-8 com BOM, separado por ";"), com os municípios de todas as UFs',
  resposta: { arquivo: ['text/csv'], descricao: 'CSV (text/csv)' },
});
export const tempoDecisao = contrato({
  metodo: 'GET', caminho: '/api/estatisticas/tempo-decisao', permissao: 'publico', tag: 'estatisticas',
  resumo: 'Tempo médio para decidir as solicitações, publicado (Decreto 10.178/2019, art. 17)',
  resposta: tempoDecisaoPublicoSchema,
});
