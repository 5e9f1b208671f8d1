import { z } from 'zod';
import { idCoagido } from './primitivos';

/** Decision 0152: the deadline to decide when no act set one for the request type. */
export const PRAZO_ANALISE_PADRAO_DIAS = 30;
/** A running clock with this many days left, or fewer, is "vence em breve". */
export const DIAS_VENCE_EM_BREVE = 5;

export const MENSAGENS_PRAZO_ANALISE = {
  prazoSalvo: 'Prazo de análise salvo com sucesso',
  atoNaoEncontrado: 'Ato normativo não encontrado',
  reatribuida: 'Análise atribuída com sucesso',
  naoAtrasada: 'Só uma análise atrasada e encaminhada ao gestor pode ser reatribuída',
  servidorInvalido: 'O servidor escolhido não pode analisar esta solicitação (perfil, UF ou instância)',
  analiseNaoEncontrada: 'Análise não encontrada',
} as const;

/** How the queue shows a clock; null on a concluded analysis or one without a clock (opened before the clocks). */
export const situacaoPrazoSchema = z.enum(['NO_PRAZO', 'VENCE_EM_BREVE', 'ATRASADA', 'PAUSADA']);
export type SituacaoPrazo = z.infer<typeof situacaoPrazoSchema>;
export const ROTULO_SITUACAO_PRAZO: Record<SituacaoPrazo, string> = {
  NO_PRAZO: 'No prazo',
  VENCE_EM_BREVE: 'Vence em breve',
  ATRASADA: 'Atrasada',
  PAUSADA: 'Aguardando o pescador',
};

export const prazoDaAnaliseSchema = z.object({
  situacao: situacaoPrazoSchema,
  venceEm: z.string().nullable(),
  /** Negative when late; while paused, the days that will be left on resubmission. */
  diasRestantes: z.number(),
  escalada: z.boolean(),
});
export type PrazoDaAnalise = z.infer<typeof prazoDaAnaliseSchema>;

export const prazoTipoSchema = z.object({
  tipoSolicitacao: z.number(),
  tipoDescricao: z.string(),
  dias: z.number(),
  atoNormativo: z.object({ id: z.number(), nome: z.string() }).nullable(),
});
export const listaPrazosSchema = z.object({ padraoDias: z.number(), prazos: z.array(prazoTipoSchema) });
export type ListaPrazos = z.infer<typeof listaPrazosSchema>;

export const prazoTipoCorpo = z.object({
  tipoSolicitacao: z.coerce.number({ message: 'Informe o tipo de solicitação' }).int().min(1, 'Tipo de solicitação inválido').max(99, 'Tipo de solicitação inválido'),
  dias: z.coerce.number({ message: 'Informe o prazo em dias' }).int('O prazo deve ser um número inteiro de dias')
    .min(1, 'O prazo deve ter ao menos 1 dia').max(365, 'O prazo deve ter no máximo 365 dias'),
  idAtoNormativo: idCoagido({ obrigatorio: 'Informe o ato normativo', invalido: 'Ato normativo inválido' }),
});
export type PrazoTipoCorpo = z.output<typeof prazoTipoCorpo>;

export const analiseAtrasadaSchema = z.object({
  idAnaliseSolicitacao: z.number(),
  idSolicitacao: z.number(),
  tipoDescricao: z.string(),
  uf: z.string(),
  numeroProtocolo: z.string().nullable(),
  instancia: z.string(),
  venceuEm: z.string(),
  diasAtraso: z.number(),
  escaladaEm: z.string(),
  analista: z.string().nullable(),
  designado: z.string().nullable(),
});
export type AnaliseAtrasada = z.infer<typeof analiseAtrasadaSchema>;
export const listaAtrasadasSchema = z.object({ analises: z.array(analiseAtrasadaSchema) });
export type ListaAtrasadas = z.infer<typeof listaAtrasadasSchema>;

export const reatribuirCorpo = z.object({
  idUsuarioMapa: idCoagido({ obrigatorio: 'Informe o servidor', invalido: 'Servidor inválido' }),
});

export const servidorDesignavelSchema = z.object({ id: z.number(), nome: z.string(), orgao: z.string() });
export const listaDesignaveisSchema = z.object({ servidores: z.array(servidorDesignavelSchema) });

/** The manager's page (decision 0153): everything from kept totals. */
export const painelAnalisesSchema = z.object({
  semanas: z.array(z.object({ semana: z.string(), uf: z.string(), instancia: z.string(), recebidas: z.number(), decididas: z.number() })),
  backlogPorIdade: z.array(z.object({ faixa: z.string(), total: z.number() })),
  tempoDecisao: z.array(z.object({
    tipoSolicitacao: z.number(), tipoDescricao: z.string(), decididas: z.number(),
    medianaDias: z.number(), p90Dias: z.number(), mediaDias: z.number(),
  })),
  analistas: z.array(z.object({ idUsuarioMapa: z.number(), nome: z.string(), decididas: z.number() })),
  mediaPublicadaDias: z.number().nullable(),
  atrasadas: z.number(),
});
export type PainelAnalises = z.infer<typeof painelAnalisesSchema>;
export const filtrosPainel = z.object({
  semanas: z.coerce.number({ message: 'Número de semanas inválido' }).int().min(1, 'Informe ao menos 1 semana').max(52, 'No máximo 52 semanas').default(12),
});
