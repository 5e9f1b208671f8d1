/** What pescador answers and forms say, apart from the schemas so a screen shows it without zod (decision 0130). */

export const MENSAGENS_PESCADOR = {
  naoEncontrado: 'Pescador não encontrado.',
  erroConsultar: 'Erro ao consultar Pescador',
  enderecoAtualizado: 'Endereço atualizado com sucesso',
  municipioForaDaUf: 'O município informado não pertence à UF informada.',
  nenhumaSolicitacaoEnviada: 'Nenhuma solicitação enviada',
  erroProtocolo: 'Erro ao consultar Protocolo da Solicitação',
  semUfParaRgp: 'O pescador não tem UF de endereço: não é possível emitir o RGP.',
} as const;
