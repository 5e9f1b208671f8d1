/** What notificacao answers and forms say, apart from the schemas so a screen shows it without zod (decision 0130). */

export const MENSAGENS_NOTIFICACAO = {
  lida: 'Leitura da notificação confirmada',
  naoEncontrada: 'Notificação não encontrada.',
  deOutroPescador: 'Esta notificação não pertence a você.',
  representacaoSoDoPescador: 'Avisos do que a entidade fez em nome do pescador só o próprio pescador marca como lidos.',
  tipoInvalido: 'Tipo de notificação inválido',
  erroExibir: 'Erro ao exibir notificação.',
  preferenciasSalvas: 'Preferências de avisos salvas.',
  erroPreferencias: 'Não foi possível carregar as suas preferências de avisos. Tente novamente.',
  erroSalvarPreferencias: 'Não foi possível salvar as suas preferências de avisos. Tente novamente.',
  erroEnvios: 'Não foi possível consultar a entrega dos avisos deste pescador.',
} as const;
