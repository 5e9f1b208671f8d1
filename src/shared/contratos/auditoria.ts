import { contrato } from '../contrato';
import { filtrosAuditoriaSchema, paginaAuditoriaSchema } from '../schemas/auditoria';

/** Reading the audit trail: GESTOR and ADMIN only (product guide, "Who may do what"; decision 0032). */
export const listar = contrato({
  metodo: 'GET', caminho: '/api/auditoria', permissao: 'auditoria.ler', tag: 'auditoria',
  resumo: 'Trilha de auditoria: quem fez o quê, em qual registro, quando e de onde',
  descricao: 'Filtros: CPF do servidor (cpfAtor), CPF do pescador a quem o evento diz respeito (cpfPescador), '
    + 'recurso e recursoId, ação, período (de/ate, datas de Brasília). Mais recentes primeiro, paginado pelo cursor '
    + '`apos` (o `proximo` da página anterior). A consulta é auditada.',
  query: filtrosAuditoriaSchema,
  resposta: paginaAuditoriaSchema,
});
