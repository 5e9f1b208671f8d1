import { TipoSolicitacao } from '../enums';

/** What solicitacao answers and forms say, apart from the schemas so a screen shows it without zod (decision 0130). */

export const MENSAGENS_SOLICITACAO = {
  confira: 'Confira todos os campos obrigatórios do formulário',
  localPesca: 'Preencha todos os campos de local da pesca para prosseguir!',
  apoio: 'É obrigatório ter pelo menos 1 apoio informado',
  documentos: 'Insira todos os documentos obrigatórios',
  passo1Criado: 'Dados Pessoais salvos com sucesso!',
  passo1Atualizado: 'Dados pessoais atualizado com sucesso',
  passo2Salvo: 'Dados da Atividade salvos com sucesso!',
  passo3Salvo: 'Dados socioeconômicos salvos com sucesso!',
  passo4Salvo: 'Documentos salvos com sucesso',
  erroPasso2: 'Erro ao Salvar os Dados da Atividade!',
  erroPasso3: 'Erro ao Salvar os Dados Socioeconômicos!',
  erroSalvar: 'Erro ao salvar solicitação',
  erroAtualizar: 'Erro ao atualizar a solicitação',
  erroCarregarDadosPessoais: 'Erro ao carregar os dados pessoais',
  erroConsultar: 'Erro ao consultar Solicitação',
  declaracao: 'Não é possivel avançar sem ler e concordar com a declaração',
  enviada: 'Solicitação enviada com sucesso!',
  jaExisteEnviada: 'Já existe uma solicitação enviada aguardando análise. Aguarde a conclusão antes de enviar outra.',
  passosIncompletos: 'Preencha e salve todos os passos antes de enviar a solicitação.',
  naoEditavel: 'Esta solicitação não pode mais ser alterada.',
  justificativaCancelamento: 'Informe a justificativa do pedido de cancelamento.',
} as const;

export const tiposComAssistente = [
  TipoSolicitacao.REGISTRO_INICIAL,
  TipoSolicitacao.RECADASTRAMENTO,
  TipoSolicitacao.REGISTRO_PROTOCOLO,
  TipoSolicitacao.EDICAO_REGISTRO,
] as const;
