/** Enumerations of the spec (point 3), with its numbers and names. */

type ValueOf<T> = T[keyof T];

export const Perfil = {
  GESTOR: 1,
  MPA: 2,
  SFPA: 3,
  INTERESSADO: 4,
  ADMIN: 5,
  CONSULTA_INTERNO: 6,
  CONSULTA_EXTERNO: 7,
} as const;
export type Perfil = ValueOf<typeof Perfil>;

export const perfilLabel: Record<Perfil, string> = {
  1: 'Gestor',
  2: 'MPA',
  3: 'SFPA',
  4: 'Pescador',
  5: 'Administrador',
  6: 'Consulta interna',
  7: 'Consulta externa',
};

export const SituacaoRegistro = {
  ATIVO: 1,
  CANCELADO: 2,
  RECADASTRAMENTO: 3,
  REGISTRO_INICIAL: 4,
  REGISTRO_COM_PROTOCOLO: 5,
  SUSPENSO: 6,
  MIGRACAO: 7,
  PENDENTE_ELLOS: 8,
} as const;
export type SituacaoRegistro = ValueOf<typeof SituacaoRegistro>;

export const situacaoRegistroLabel: Record<SituacaoRegistro, string> = {
  1: 'Ativo',
  2: 'Cancelado',
  3: 'Recadastramento',
  4: 'Registro inicial',
  5: 'Registro com protocolo',
  6: 'Suspenso',
  7: 'Migração',
  8: 'Pendente Ellos',
};

export const TipoSolicitacao = {
  REGISTRO_INICIAL: 1,
  RECADASTRAMENTO: 2,
  REGISTRO_PROTOCOLO: 3,
  REAP: 4,
  CANCELAMENTO: 5,
  EDICAO_RGP: 7,
  EDICAO_REGISTRO: 8,
  EDICAO_DOCUMENTOS: 9,
  REGULARIZACAO: 10,
  /** After the spec's codes (docs/decisions/0088). */
  RECURSO: 11,
} as const;
export type TipoSolicitacao = ValueOf<typeof TipoSolicitacao>;

export const tipoSolicitacaoLabel: Record<TipoSolicitacao, string> = {
  1: 'Registro inicial',
  2: 'Recadastramento',
  3: 'Registro inicial com protocolo',
  4: 'REAP',
  5: 'Cancelamento',
  7: 'Edição do primeiro RGP',
  8: 'Edição de registro',
  9: 'Edição de documentos',
  10: 'Regularização',
  11: 'Recurso',
};

export const SituacaoSolicitacao = {
  RASCUNHO: 1,
  ATUALIZACAO_SFPA: 2,
  ATUALIZACAO_MPA: 3,
  DEFERIDA: 4,
  FINALIZADA: 5,
  ENVIADA: 6,
  EM_ANALISE: 7,
  REAP_PENDENTE: 8,
  REAP_ENVIADA: 9,
} as const;
export type SituacaoSolicitacao = ValueOf<typeof SituacaoSolicitacao>;

/** Spec point 4; anything else reads 'Situação inválida'. */
export function situacaoSolicitacaoLabel(situacao: number): string {
  switch (situacao) {
    case SituacaoSolicitacao.ENVIADA:
      return 'Aguardando Análise';
    case SituacaoSolicitacao.EM_ANALISE:
      return 'Em análise';
    case SituacaoSolicitacao.ATUALIZACAO_SFPA:
      return 'Em atualização de informações';
    case SituacaoSolicitacao.ATUALIZACAO_MPA:
      return 'Em atualização de informações instância MPA';
    case SituacaoSolicitacao.DEFERIDA:
      return 'Deferida';
    case SituacaoSolicitacao.FINALIZADA:
      return 'Indeferida';
    case SituacaoSolicitacao.RASCUNHO:
      return 'Rascunho';
    default:
      return 'Situação inválida';
  }
}

export const SituacaoAnalise = {
  AGUARDANDO_ANALISE: 1,
  EM_ANALISE: 2,
  DEFERIDA: 3,
  INDEFERIDA: 4,
} as const;
export type SituacaoAnalise = ValueOf<typeof SituacaoAnalise>;

export const situacaoAnaliseLabel: Record<SituacaoAnalise, string> = {
  1: 'Aguardando análise',
  2: 'Em análise',
  3: 'Deferida',
  4: 'Indeferida',
};

export const Sexo = { MASCULINO: 1, FEMININO: 2, OUTROS: 3 } as const;
export type Sexo = ValueOf<typeof Sexo>;
export const sexoLabel: Record<Sexo, string> = { 1: 'Masculino', 2: 'Feminino', 3: 'Outros' };

export const Categoria = { INDUSTRIAL: 1, ARTESANAL: 2 } as const;
export type Categoria = ValueOf<typeof Categoria>;
export const categoriaLabel: Record<Categoria, string> = { 1: 'Industrial', 2: 'Artesanal' };

export const Nacionalidade = { BRASILEIRA: 'BRASILEIRA', ESTRANGEIRA: 'ESTRANGEIRA' } as const;
export type Nacionalidade = ValueOf<typeof Nacionalidade>;

export const TipoDocumento = {
  IDENTIFICACAO: 1,
  COMPROVANTE_RESIDENCIA: 2,
  FOTO_3X4: 3,
  PIS_PASEP_NIS_NIT: 4,
  TITULO_ELEITOR: 5,
  ADICIONAL: 6,
  VISTO_TRABALHO: 7,
  COMPROVANTE_FILIACAO_ENTIDADE: 8,
  COMPROVANTE_PROTOCOLO: 9,
  PIS: 10,
  PASEP: 11,
  NIS: 12,
  NIT: 13,
  COMPROVANTE_PRIMEIRO_RGP: 14,
  ADICIONAL_PRIMEIRO_RGP: 15,
  COMPROVANTE_CANCELAMENTO: 16,
} as const;
export type TipoDocumento = ValueOf<typeof TipoDocumento>;

export const tipoDocumentoLabel: Record<TipoDocumento, string> = {
  1: 'Documento de identificação',
  2: 'Comprovante de residência',
  3: 'Foto 3x4',
  4: 'PIS/PASEP/NIS/NIT',
  5: 'Título de eleitor',
  6: 'Documento adicional',
  7: 'Visto de trabalho',
  8: 'Comprovante de filiação à entidade',
  9: 'Comprovante de protocolo',
  10: 'PIS',
  11: 'PASEP',
  12: 'NIS',
  13: 'NIT',
  14: 'Comprovante do primeiro RGP',
  15: 'Documento adicional do primeiro RGP',
  16: 'Comprovante de cancelamento',
};

export const TipoNotificacao = {
  INDEFERIMENTO: 1,
  CANCELAMENTO: 2,
  SUSPENSAO: 3,
  PENDENCIA: 4,
  MIGRACAO: 5,
  EDICAO_PRIMEIRO_RGP: 7,
  /** See docs/decisions/0088. */
  RECURSO: 8,
  /** An entity filed something in the fisher's name (docs/decisions/0110). */
  REPRESENTACAO: 9,
} as const;
export type TipoNotificacao = ValueOf<typeof TipoNotificacao>;

/** The channels of a notice besides the screen (decision 0150). */
export const CanalNotificacao = { EMAIL: 1, SMS: 2, GOVBR: 3 } as const;
export type CanalNotificacao = ValueOf<typeof CanalNotificacao>;
export const canalNotificacaoLabel: Record<CanalNotificacao, string> = { 1: 'E-mail', 2: 'SMS', 3: 'Caixa postal gov.br' };

/** The delivery state of one notice on one channel. */
export const SituacaoEnvio = { PENDENTE: 1, ENVIADA: 2, FALHOU: 3, CANCELADA: 4 } as const;
export type SituacaoEnvio = ValueOf<typeof SituacaoEnvio>;
export const situacaoEnvioLabel: Record<SituacaoEnvio, string> = { 1: 'Aguardando envio', 2: 'Enviado', 3: 'Falhou', 4: 'Cancelado' };
