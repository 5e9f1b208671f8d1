/**
 * The audit trail in Portuguese (decision 0046). The codes stay what the server writes; `acoes-auditoria.test.ts`
 * fails when the server writes an action with no label here.
 */

/** Every action the server audits, as the audit screen names it. */
export const ACAO_AUDITORIA_LABEL: Readonly<Record<string, string>> = {
  LOGIN: 'Entrada no sistema',
  LOGOUT: 'Saída do sistema',
  LOGIN_RECUSADO: 'Entrada no sistema recusada',
  REFRESH_RECUSADO: 'Renovação da sessão recusada',
  AUTORIZACAO_RECUSADA: 'Acesso recusado: perfil sem permissão',
  VISUALIZACAO_DADOS_PESSOAIS: 'Visualização de dados pessoais',
  VISUALIZACAO_LISTA_ANALISES: 'Consulta à lista de análises',
  VISUALIZACAO_LISTA_USUARIOS_MAPA: 'Consulta à lista de usuários',
  VISUALIZACAO_LISTA_FORCAS_TAREFA: 'Consulta à lista de forças-tarefa',
  ANALISE_INICIADA: 'Início de análise',
  ANALISE_CANCELADA: 'Cancelamento do início de análise',
  ANALISE_CONCLUIDA: 'Conclusão de análise',
  VISUALIZACAO_LISTA_RECURSOS: 'Consulta à fila de recursos',
  RECURSO_ANALISE_INICIADA: 'Início de análise de recurso',
  RECURSO_ANALISE_CANCELADA: 'Cancelamento do início de análise de recurso',
  RECURSO_DECIDIDO: 'Decisão de recurso',
  RECURSO_PRORROGADO: 'Prorrogação do prazo de decisão de recurso',
  AGENTE_VINCULADO: 'Vínculo de agente a entidade representativa',
  AGENTE_DESLIGADO: 'Desligamento de agente de entidade representativa',
  ATUACAO_REPRESENTANTE: 'Atuação de agente em nome do pescador',
  ATUACAO_REPRESENTANTE_RECUSADA: 'Atuação de agente em nome do pescador recusada',
  MESA_AGENTE_LIDA: 'Consulta do agente aos pescadores representados',
  DELEGACAO_CONCEDIDA: 'Delegação concedida a entidade representativa',
  DELEGACAO_REVOGADA: 'Delegação revogada',
  TERMO_CONSENTIMENTO_REGISTRADO: 'Registro de termo de consentimento',
  TERMO_IDENTIDADE_ANEXADA: 'Documento de identidade anexado ao termo de consentimento',
  ENTIDADE_CRIADA: 'Cadastro de entidade representativa',
  ENTIDADE_ALTERADA: 'Alteração de entidade representativa',
  ENTIDADE_SUSPENSA: 'Suspensão de entidade representativa',
  ENTIDADE_REATIVADA: 'Reativação de entidade representativa',
  CLIENTE_INTEGRACAO_CADASTRADO: 'Cadastro de cliente de integração',
  CLIENTE_INTEGRACAO_CREDENCIAL_TROCADA: 'Troca da credencial de cliente de integração',
  CLIENTE_INTEGRACAO_REVOGADO: 'Revogação de cliente de integração',
  CLIENTE_INTEGRACAO_TOKEN: 'Emissão de token para cliente de integração',
  CONSULTA_PUBLICA_LISTA_ATO: 'Consulta pública "Estou na lista?"',
  PARECER_ANEXADO: 'Parecer anexado à análise',
  PRIMEIRO_RGP_ALTERADO: 'Alteração do primeiro RGP',
  ATUALIZACAO_ENDERECO: 'Atualização de endereço do pescador',
  CONSULTA_AUDITORIA: 'Consulta à auditoria',
  EXPORTACAO_DADOS_PESSOAIS: 'Download dos próprios dados pelo pescador (LGPD)',
  CONSULTA_BCPF: 'Consulta de CPF no cadastro federal',
  USUARIO_MAPA_CRIADO: 'Cadastro de usuário',
  USUARIO_MAPA_ALTERADO: 'Alteração de usuário',
  USUARIO_MAPA_HORARIO_ALTERADO: 'Alteração do horário de acesso de um usuário',
  USUARIO_MAPA_HORARIO_ORGAO_APLICADO: 'Horário do órgão aplicado aos seus servidores',
  HORARIO_ACESSO_ORGAO_ALTERADO: 'Alteração do horário de expediente de um órgão',
  ATO_NORMATIVO_CRIADO: 'Cadastro de ato normativo',
  ATO_NORMATIVO_ATUALIZADO: 'Alteração de ato normativo',
  ATO_NORMATIVO_EXCLUIDO: 'Exclusão de ato normativo',
  ATO_NORMATIVO_EXCLUSAO_RECUSADA: 'Exclusão de ato normativo recusada',
  FORCA_TAREFA_CRIADA: 'Cadastro de força-tarefa',
  FORCA_TAREFA_ATUALIZADA: 'Alteração de força-tarefa',
  FORCA_TAREFA_EXCLUIDA: 'Exclusão de força-tarefa',
  FORCA_TAREFA_SERVIDOR_REMOVIDO: 'Servidor removido de força-tarefa',
  FORCA_TAREFA_UF_REMOVIDA: 'UF removida de força-tarefa',
  FORCA_TAREFA_ATIVA_ALTERADA: 'Força-tarefa ativada ou desativada',
  LOTE_PESCADOR_CRIADO: 'Processamento em lote iniciado',
  RELATORIO_PESCADORES_PREVIA: 'Contagem de pescadores para o relatório',
  RELATORIO_PESCADORES: 'Emissão do relatório de pescadores',
  RELATORIO_PESCADORES_GERADO: 'Arquivo do relatório de pescadores gerado',
  RELATORIO_PESCADORES_DOWNLOAD: 'Download do relatório de pescadores',
  REAP_PRAZO_ALTERADO: 'Alteração do prazo de preenchimento da REAP',
  REAP_SUSPENSAO_AGENDADA: 'Agendamento da suspensão dos inadimplentes da REAP',
  REAP_SUSPENSAO_CANCELADA: 'Cancelamento da suspensão dos inadimplentes da REAP',
  CONSULTA_PUBLICA_CARTEIRA: 'Consulta pública de carteira',
  CONSULTA_PUBLICA_PROTOCOLO: 'Consulta pública de protocolo',
  VERIFICACAO_CARTEIRA: 'Verificação de carteira pelo QR code',
  VERIFICACAO_PROTOCOLO: 'Verificação de comprovante de protocolo',
  VERIFICACAO_REAP: 'Verificação de 2ª via da REAP',
  CONCILIACAO_ARQUIVOS: 'Conciliação dos arquivos armazenados',
};

export function rotuloAcao(acao: string): string {
  return ACAO_AUDITORIA_LABEL[acao] ?? humanizar(acao.toLowerCase().replace(/_/g, ' '));
}

/** What each audited record is. */
export const RECURSO_AUDITORIA_LABEL: Readonly<Record<string, string>> = {
  'pescador': 'Pescador',
  'pescador/endereco': 'Endereço do pescador',
  'pescador/legado': 'Registro migrado do pescador',
  'pescador/carteira': 'Carteira do pescador',
  'pescador-rgp': 'RGP do pescador',
  'pescador/protocolo-solicitacao-registro': 'Protocolo de solicitação (consulta pública)',
  'solicitacao': 'Solicitação',
  'solicitacao/documentos': 'Documentos da solicitação',
  'solicitacao/protocolo': 'Comprovante de protocolo',
  'solicitacao-edicao-registro': 'Solicitação de edição de registro',
  'documento': 'Documento',
  'analise-solicitacao': 'Análise de solicitação',
  'indeferimento': 'Indeferimento',
  'recurso': 'Recurso',
  'armazenamento': 'Armazenamento de arquivos',
  'ato-normativo': 'Ato normativo',
  'auditoria': 'Auditoria',
  'carteira-profissional/verificar': 'Verificação de carteira',
  'carteira-profissional/consulta-publica': 'Carteira (consulta pública)',
  'protocolo-solicitacao/verificar': 'Verificação de comprovante de protocolo',
  'configuracao-horario-acesso': 'Horário de expediente do órgão',
  'dados-bcpf': 'Cadastro federal de CPF',
  'forca-tarefa': 'Força-tarefa',
  'lgpd/meus-dados': 'Dados do pescador (LGPD)',
  'lote-pescador': 'Processamento em lote',
  'lote-pescador/resultado': 'Resultado de processamento em lote',
  'reap/prazo': 'Prazo da REAP',
  'reap/suspensao': 'Suspensão dos inadimplentes da REAP',
  'reap/pendentes': 'REAPs pendentes do pescador',
  'reap/obrigacoes': 'Obrigações de REAP do pescador',
  'reap/obrigacoes-servidor': 'Lista de obrigações de REAP',
  'reap/obrigacoes-servidor/csv': 'Lista de obrigações de REAP (CSV)',
  'reap/obrigacao': 'Obrigação de REAP',
  'reap/pescador': 'REAPs do pescador',
  'reap/questionario': 'Questionário da REAP',
  'reap/comprovante': '2ª via da REAP',
  'reap/verificar': 'Verificação de 2ª via da REAP',
  'relatorio_execucao': 'Relatório de pescadores',
  'usuario-mapa': 'Usuário',
  'cliente-integracao': 'Cliente de integração',
  'delegacao': 'Delegação a entidade representativa',
  'entidade': 'Entidade representativa',
  'representacao/pescadores': 'Pescadores representados',
  'integracao-consulta': 'Consulta de outro órgão por CPF',
  'integracao-eventos': 'Feed de mudanças para outros órgãos',
  'lote-pescador/anexo': 'Anexo do ato (pescadores atingidos)',
};

export function rotuloRecurso(recurso: string): string {
  return RECURSO_AUDITORIA_LABEL[recurso] ?? recurso;
}

export const CAMPO_DETALHE_LABEL: Readonly<Record<string, string>> = {
  // what happened
  motivo: 'Motivo', metodo: 'Método da requisição', filtros: 'Filtros', ufsEscopo: 'UFs permitidas ao perfil', total: 'Total',
  linhasExibidas: 'Linhas exibidas', formato: 'Formato', linhas: 'Linhas', bytes: 'Tamanho (bytes)', apos: 'Após o evento nº',
  resultados: 'Resultados', pagina: 'Página', ids: 'Números dos registros', encontrados: 'Encontrados', antes: 'Antes',
  depois: 'Depois', situacao: 'Situação', solicitacao: 'Solicitação nº', documento: 'Documento nº', tipo: 'Tipo',
  automatico: 'Processamento automático', atoNormativo: 'Ato normativo nº', inicioPreenchimento: 'Início do preenchimento',
  fimPreenchimento: 'Fim do preenchimento', consulta: 'Consulta por', idPescador: 'Pescador nº', id: 'Nº', orgao: 'Órgão',
  arquivos: 'Arquivos', documentosAtivos: 'Documentos ativos', orfaos: 'Arquivos sem documento', ausentes: 'Documentos sem arquivo',
  apagados: 'Apagados', recentes: 'Recentes', pendentes: 'Pendentes', recusados: 'Recusados',
  // acts, task forces, users, hours
  nome: 'Nome', descricao: 'Descrição', dataInicioVigencia: 'Início da vigência', dataTerminoVigencia: 'Término da vigência',
  titulo: 'Título', ufAtendidas: 'UFs atendidas', dataLimite: 'Data limite', ativa: 'Ativa', servidores: 'Servidores (nº)',
  bloqueado: 'Bloqueado', tipoUsuario: 'Perfil', siglaOrgao: 'Órgão', ufOrgao: 'UF do órgão', matricula: 'Matrícula',
  validade: 'Validade do acesso', email: 'E-mail', acessoCustomizado: 'Horário personalizado',
  horaLimiteInicioAcesso: 'Início do acesso', horaLimiteTerminoAcesso: 'Término do acesso',
  usuarioPodeAcessarTodosDias: 'Pode acessar todos os dias', numeroPrimeiroRGP: 'Número do primeiro RGP',
  dataPrimeiroRgp: 'Data do primeiro RGP',
  // the report's filters
  cpfPescador: 'CPF do pescador', numeroRGP: 'Número do RGP', uf: 'UF', municipio: 'Município (código IBGE)', tieTiem: 'TIE/TIEM',
  sexo: 'Sexo', propriedadeEmbarcacao: 'Propriedade da embarcação', categoria: 'Categoria', formaAtuacao: 'Forma de atuação',
  recebeuAjuda: 'Recebeu ajuda no preenchimento', tipoAmbientePesca: 'Ambiente de pesca', escolaridade: 'Escolaridade',
  alfabetizacao: 'Alfabetizado', etnia: 'Etnia', cnpjEntidadeRepresentante: 'CNPJ da entidade representante',
  nacionalidadeBrasileira: 'Nacionalidade brasileira', emissaoCarteiraDe: 'Emissão da carteira: de',
  emissaoCarteiraAte: 'Emissão da carteira: até', solicitacaoDe: 'Solicitação: de', solicitacaoAte: 'Solicitação: até',
  idadeInicial: 'Idade inicial', idadeFinal: 'Idade final', grupoAlvoPesca: 'Grupos-alvo de pesca',
  // the audit's filters
  cpfAtor: 'CPF de quem agiu', recurso: 'Registro', recursoId: 'Nº do registro', acao: 'Ação', de: 'De', ate: 'Até',
};

/** Coded values of the details, by field. */
export const VALOR_DETALHE_LABEL: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  motivo: {
    link: 'endereço de entrada inválido ou expirado',
    navegador: 'o retorno do gov.br chegou a outro navegador',
    troca_codigo: 'o gov.br não confirmou a entrada',
    cpf: 'CPF não informado pelo gov.br',
    janela_acesso: 'fora do horário ou da validade do acesso',
    token: 'sessão inválida',
    sessao: 'sessão encerrada ou expirada',
    perfil: 'o perfil não tem permissão',
    referenciado: 'o ato é citado por uma força-tarefa ou por um lote',
    nao_encontrada: 'não encontrada',
    nao_encontrado: 'não encontrado',
    captcha_invalido: 'CAPTCHA inválido',
    captcha_ausente: 'CAPTCHA não enviado',
    codigo_invalido: 'código inválido',
    substituida: 'substituída por uma via mais recente',
    outro_rgp: 'o número do RGP mudou',
    registro_nao_ativo: 'registro não está ativo',
  },
  formato: { csv: 'CSV', xlsx: 'XLSX' },
  consulta: { cpf: 'CPF' },
};

function humanizar(texto: string): string {
  const palavras = texto.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().trim();
  return palavras.charAt(0).toUpperCase() + palavras.slice(1);
}

export function rotuloCampo(campo: string): string {
  return CAMPO_DETALHE_LABEL[campo] ?? humanizar(campo);
}
