/** What auditoria answers and forms say, apart from the schemas so a screen shows it without zod (decision 0130). */

export const MENSAGENS_AUDITORIA = {
  semPermissao: 'Somente gestores e administradores podem consultar a auditoria.',
  periodoInvalido: 'A data inicial deve ser anterior ou igual à data final',
  dataInvalida: 'Informe uma data válida',
  cpfInvalido: 'Informe os 11 dígitos do CPF',
  cursorInvalido: 'Página inválida',
  erroConsultar: 'Erro ao consultar a auditoria',
  nenhumRegistro: 'Nenhum registro de auditoria encontrado para os filtros informados.',
  nenhumAcesso: 'Nenhum servidor acessou seus dados até agora.',
  erroAcessos: 'Erro ao consultar quem acessou seus dados',
  erroExportar: 'Erro ao baixar seus dados, tente novamente mais tarde',
  exportado: 'Seus dados foram baixados.',
} as const;

export const NOME_ARQUIVO_EXPORTACAO = 'meus-dados-rgp.json';
export const NOME_ARQUIVO_EXPORTACAO_PDF = 'meus-dados-rgp.pdf';
