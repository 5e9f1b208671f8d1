import { z } from 'zod';
import { diaExiste, id, ID_MAXIMO, idCoagido, texto } from './primitivos';
import { paginacaoSchema } from './solicitacao-api';

/** Appeals (docs/decisions/0088–0090). */

export const ObjetoRecurso = { INDEFERIMENTO: 1, SUSPENSAO: 2, CANCELAMENTO: 3, AVISO_REAP: 4 } as const;
export type ObjetoRecurso = (typeof ObjetoRecurso)[keyof typeof ObjetoRecurso];
export const objetoRecursoLabel: Record<ObjetoRecurso, string> = {
  1: 'Indeferimento de solicitação',
  2: 'Suspensão do registro',
  3: 'Cancelamento do registro',
  4: 'Aviso de REAP não enviada',
};

/** NAO_RECONSIDERADO is the deciding authority's answer that forwards it (art. 56 §1). */
export const ResultadoRecurso = { PROVIDO: 1, PROVIDO_EM_PARTE: 2, NAO_PROVIDO: 3, NAO_CONHECIDO: 4, NAO_RECONSIDERADO: 5 } as const;
export type ResultadoRecurso = (typeof ResultadoRecurso)[keyof typeof ResultadoRecurso];
export const resultadoRecursoLabel: Record<ResultadoRecurso, string> = {
  1: 'Provido',
  2: 'Provido em parte',
  3: 'Não provido',
  4: 'Não conhecido',
  5: 'Não reconsiderado (encaminhado à instância superior)',
};

export const ORGAOS_RECURSO = ['SFPA', 'MPA', 'GESTOR'] as const;
export type OrgaoRecurso = (typeof ORGAOS_RECURSO)[number];
export const orgaoRecursoLabel: Record<OrgaoRecurso, string> = {
  SFPA: 'Superintendência (SFPA)',
  MPA: 'Ministério da Pesca e Aquicultura (MPA)',
  GESTOR: 'Gestão nacional do MPA',
};

/** Lei 9.784/1999: 10 days to appeal (art. 59), 5 to reconsider (art. 56 §1), 30 to decide (art. 59 §1). */
export const PRAZO_RECURSO_PADRAO_DIAS = 10;
export const PRAZO_RECONSIDERACAO_DIAS = 5;
export const PRAZO_DECISAO_PADRAO_DIAS = 30;
/** Art. 57. */
export const MAXIMO_INSTANCIAS = 3;

export const MENSAGENS_RECURSO = {
  naoEncontrado: 'Recurso não encontrado.',
  semAcessoFila: 'Seu perfil não tem acesso aos recursos dos pescadores.',
  nadaAContestar: 'Não há decisão que você possa contestar com este identificador.',
  jaEnviado: 'Este recurso já foi enviado.',
  razoesObrigatorias: 'Explique por que você discorda da decisão.',
  razoesLongas: 'Deve ter no máximo 4000 caracteres',
  justificativaObrigatoria: 'Informe a justificativa.',
  rascunhoCriado: 'Recurso iniciado. Escreva suas razões e, se quiser, anexe documentos.',
  enviado: 'Recurso enviado com sucesso.',
  enviadoForaDoPrazo: 'Recurso registrado. Ele foi enviado depois do último dia do prazo e por isso não será conhecido (art. 63 da Lei 9.784/1999).',
  providoAutomaticamente: 'Recurso provido: o sistema confirmou que sua REAP foi enviada antes do aviso.',
  naoPendente: 'Este recurso não está aguardando decisão.',
  outraInstancia: 'Este recurso está em outra instância: quem decide agora é',
  bloqueadoPorOutro: (nome: string) => `Este recurso está em análise por ${nome}.`,
  naoIniciado: 'Inicie a análise do recurso antes de decidir.',
  analiseIniciada: 'Análise do recurso iniciada.',
  analiseCancelada: 'Análise do recurso cancelada.',
  resultadoInvalidoReconsideracao: 'Na reconsideração, a autoridade que decidiu só pode prover (total ou em parte) ou não reconsiderar.',
  resultadoInvalidoInstancia: 'Nesta instância o resultado deve ser provido, provido em parte, não provido ou não conhecido.',
  decidido: 'Decisão do recurso registrada.',
  encaminhado: 'Recurso não reconsiderado e encaminhado à instância superior.',
  prorrogado: 'Prazo de decisão prorrogado.',
  jaProrrogado: 'O prazo desta instância já foi prorrogado uma vez.',
  semProximaInstancia: 'Não há instância superior para este recurso (no máximo três instâncias, art. 57 da Lei 9.784/1999).',
  proximaForaDoPrazo: 'O prazo para levar este recurso à instância superior terminou.',
  proximaIndisponivel: 'Este recurso não pode ser levado à instância superior agora.',
  levadoAInstanciaSuperior: 'Recurso levado à instância superior.',
  naoConhecidoIntempestivo: (ultimoDia: string) =>
    `Recurso não conhecido: interposto depois do último dia do prazo (${ultimoDia}), art. 63, I, da Lei 9.784/1999.`,
  historicoEnviado: 'Recurso enviado',
  historicoDecisao: (instancia: number, resultado: string) => `Recurso decidido na ${instancia}ª instância: ${resultado}`,
  notificacaoRecebido: (protocolo: string, ultimoDiaDecisao: string) =>
    `Seu recurso ${protocolo} foi recebido. A decisão deve sair até ${ultimoDiaDecisao}.`,
  notificacaoEncaminhado: (protocolo: string) => `Seu recurso ${protocolo} não foi reconsiderado e foi encaminhado ao MPA para decisão.`,
  notificacaoDecidido: (protocolo: string, resultado: string) => `Seu recurso ${protocolo} foi decidido: ${resultado}. Veja a justificativa.`,
  sancaoDesfeita: (protocolo: string) => `Recurso ${protocolo} provido: a sanção foi desfeita e o registro voltou à situação anterior.`,
  avisoRetirado: (protocolo: string, ano: number) => `Recurso ${protocolo} provido: o aviso da REAP de ${ano} foi retirado.`,
  reapEnviadaAntes: (ano: number, enviadaEm: string, protocolo: string | null, aviso: string) =>
    `A REAP de ${ano} foi enviada em ${enviadaEm}${protocolo ? ` (protocolo ${protocolo})` : ''}, antes do aviso de ${aviso}.`,
  emParteSoSancao: 'Provido em parte só se aplica a suspensão ou cancelamento; aqui escolha provido ou não provido.',
  emParteSemData: 'Informe até quando o registro fica suspenso (uma data depois de hoje).',
  emParteNaoReduz: (fim: string) => `Provido em parte deve encurtar a suspensão: escolha uma data antes de ${fim}.`,
  sancaoReduzida: (protocolo: string, ate: string) =>
    `Recurso ${protocolo} provido em parte: o registro fica suspenso até ${ate} e volta a ficar ativo no dia seguinte.`,
  outroAto: 'Este recurso não contesta o ato normativo escolhido.',
  emAnaliseIndividual: 'Este recurso está em análise individual por outro servidor.',
  foraDoEscopoLote: 'Este recurso é de um pescador fora do seu escopo.',
  decisaoEmLoteIniciada: (total: number) => `Decisão em lote de ${total.toLocaleString('pt-BR')} recurso(s) iniciada. Acompanhe o andamento nesta página.`,
  selecaoMudou: (total: number) => `A seleção mudou: o filtro agora encontra ${total.toLocaleString('pt-BR')} recurso(s). Confira e confirme de novo.`,
  decisaoEmLoteNaoEncontrada: 'Decisão em lote não encontrada.',
  decididosEmLote: (decididos: number, total: number) =>
    `${decididos.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} recursos decididos.`,
  solicitacaoReaberta: (protocolo: string) => `Recurso ${protocolo} provido: a solicitação volta a ser analisada.`,
} as const;

export const contestavelSchema = z.object({
  chave: z.string(),
  objeto: z.number(),
  objetoDescricao: z.string(),
  descricao: z.string(),
  atoNormativo: z.string().nullable(),
  inicioPrazo: z.string(),
  /** It ends at São Paulo midnight. */
  ultimoDia: z.string(),
  noPrazo: z.boolean(),
  idRecurso: z.number().nullable(),
});
export type Contestavel = z.infer<typeof contestavelSchema>;
export const contestaveisSchema = z.object({ contestaveis: z.array(contestavelSchema) });

export const inicioRecursoCorpo = z.object({ chave: texto().trim().min(1, MENSAGENS_RECURSO.nadaAContestar).max(24, MENSAGENS_RECURSO.nadaAContestar) });
export type InicioRecursoCorpo = z.output<typeof inicioRecursoCorpo>;

export const razoesCorpo = z.object({
  razoes: texto({ error: MENSAGENS_RECURSO.razoesObrigatorias }).trim().min(1, MENSAGENS_RECURSO.razoesObrigatorias).max(4000, MENSAGENS_RECURSO.razoesLongas),
});
export type RazoesCorpo = z.output<typeof razoesCorpo>;

const justificativa = texto({ error: MENSAGENS_RECURSO.justificativaObrigatoria }).trim()
  .min(1, MENSAGENS_RECURSO.justificativaObrigatoria).max(4000, MENSAGENS_RECURSO.razoesLongas);

export const decisaoRecursoCorpo = z.object({
  resultado: z.number({ error: 'Escolha o resultado.' }).int('Escolha o resultado.').min(1, 'Escolha o resultado.').max(5, 'Escolha o resultado.'),
  justificativa,
  /** PROVIDO EM PARTE of a suspension or cancellation: the registry stays suspended until this day (decision 0101). */
  suspensoAte: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida.').optional(),
});
export type DecisaoRecursoCorpo = z.output<typeof decisaoRecursoCorpo>;

export const prorrogacaoCorpo = z.object({
  justificativa,
});
export type ProrrogacaoCorpo = z.output<typeof prorrogacaoCorpo>;

const decisaoSchema = z.object({
  instancia: z.number(),
  orgao: z.string(),
  resultado: z.number(),
  resultadoDescricao: z.string(),
  justificativa: z.string(),
  /** Null when the system decided (a late filing, a REAP already sent). */
  perfilAtor: z.number().nullable(),
  data: z.string(),
});

export const recursoDetalheSchema = z.object({
  id: z.number(),
  idSolicitacao: z.number(),
  numeroProtocolo: z.string().nullable(),
  situacaoSolicitacao: z.number(),
  nomePescador: z.string(),
  uf: z.string().nullable(),
  objeto: z.number(),
  objetoDescricao: z.string(),
  descricao: z.string(),
  atoNormativo: z.string().nullable(),
  inicioPrazo: z.string(),
  ultimoDia: z.string(),
  noPrazo: z.boolean(),
  razoes: z.string().nullable(),
  enviado: z.boolean(),
  tempestivo: z.boolean().nullable(),
  instancia: z.number(),
  orgao: z.enum(ORGAOS_RECURSO),
  orgaoDescricao: z.string(),
  recebidoEm: z.string().nullable(),
  prazoInstancia: z.string().nullable(),
  /** Negative: late. */
  diasRestantes: z.number().nullable(),
  prorrogado: z.boolean(),
  justificativaProrrogacao: z.string().nullable(),
  resultado: z.number().nullable(),
  resultadoDescricao: z.string().nullable(),
  ultimoDiaProximaInstancia: z.string().nullable(),
  podeIrAProximaInstancia: z.boolean(),
  analista: z.string().nullable(),
  bloqueadoPeloAtor: z.boolean(),
  podeDecidir: z.boolean(),
  decisoes: z.array(decisaoSchema),
});
export type RecursoDetalhe = z.infer<typeof recursoDetalheSchema>;

export const filtrosRecurso = paginacaoSchema.extend({
  orgao: z.enum(ORGAOS_RECURSO).optional(),
  instancia: z.coerce.number().int().min(1).max(MAXIMO_INSTANCIAS).optional(),
  /** Atrasados: pending past their clock. */
  situacao: z.enum(['pendentes', 'atrasados', 'decididos']).default('pendentes'),
  resultado: z.coerce.number().int().min(1).max(5).optional(),
  uf: z.string().regex(/^[A-Z]{2}$/).optional(),
  /** The act whose sanction is contested (a wave's appeals). */
  ato: idCoagido().optional(),
  /** Clocks ending on or before this day. */
  prazoAte: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida.').refine(diaExiste, 'Data inválida.').optional(),
  /** Keyset page: the `proximo` of the previous page (clock day and id); `pagina` is then ignored. */
  apos: z.string().regex(/^\d{4}-\d{2}-\d{2}_\d{1,10}$/, 'Página inválida.')
    .refine((v) => diaExiste(v.slice(0, 10)) && Number(v.slice(11)) <= ID_MAXIMO, 'Página inválida.').optional(),
});
export type FiltrosRecurso = z.output<typeof filtrosRecurso>;

export const recursoResumoSchema = z.object({
  id: z.number(),
  numeroProtocolo: z.string().nullable(),
  nomePescador: z.string(),
  uf: z.string().nullable(),
  objetoDescricao: z.string(),
  instancia: z.number(),
  orgao: z.string(),
  prazoInstancia: z.string().nullable(),
  diasRestantes: z.number().nullable(),
  atrasado: z.boolean(),
  resultado: z.number().nullable(),
  resultadoDescricao: z.string().nullable(),
  analista: z.string().nullable(),
});
export type RecursoResumo = z.infer<typeof recursoResumoSchema>;
export const listaRecursosSchema = z.object({
  total: z.number(), recursos: z.array(recursoResumoSchema),
  /** The cursor of the next page (`apos`), null on the last. */
  proximo: z.string().nullable(),
});

/** The act's annex (decision 0102): the fishers a batch sanctioned, per state, as CSV or PDF (one state). */
export const MAXIMO_LINHAS_ANEXO_PDF = 20_000;
export const anexoAtoQuery = z.object({
  uf: z.string().regex(/^[A-Z]{2}$/, 'UF inválida.').optional(),
  formato: z.enum(['csv', 'pdf']).default('csv'),
});
export type AnexoAtoQuery = z.output<typeof anexoAtoQuery>;
export const MENSAGENS_ANEXO = {
  loteNaoEncontrado: 'Lote não encontrado.',
  pdfPorUf: 'Escolha a UF: o anexo em PDF é feito por estado.',
  significadoSuspensao: 'Seu registro foi suspenso por este ato. Se você discorda, entre no RGP e recorra em "Recursos" até o último dia.',
  significadoCancelamento: 'Seu registro foi cancelado por este ato. Se você discorda, entre no RGP e recorra em "Recursos" até o último dia.',
  pdfGrandeDemais: `Este estado tem mais de ${MAXIMO_LINHAS_ANEXO_PDF.toLocaleString('pt-BR')} pescadores no lote: baixe o anexo em CSV.`,
} as const;

/** "Estou na lista?": by CPF and RGP number, behind the captcha; only yes/no, the act and the deadline. */
export const listaDoAtoSchema = z.object({
  naLista: z.boolean(),
  atos: z.array(z.object({
    ato: z.string(),
    /** What being on the list means, in a line. */
    significado: z.string(),
    /** The last day to appeal (São Paulo), until 23:59. */
    ultimoDia: z.string(),
    noPrazo: z.boolean(),
  })),
});
export type ListaDoAto = z.infer<typeof listaDoAtoSchema>;

export const atosComRecursosSchema = z.object({
  atos: z.array(z.object({ id: z.number(), nome: z.string(), pendentes: z.number() })),
});
export type AtosComRecursos = z.infer<typeof atosComRecursosSchema>;

/** A batch decision: many appeals of one act with one result and one justification (decision 0100). */
export const MAXIMO_RECURSOS_POR_DECISAO_EM_LOTE = 50_000;
export const RESULTADOS_EM_LOTE = [ResultadoRecurso.PROVIDO, ResultadoRecurso.NAO_PROVIDO, ResultadoRecurso.NAO_CONHECIDO] as const;

/** The queue's filter (pending appeals only) that chooses every appeal of an act it matches, on the server. */
export const filtroDecisaoEmLote = z.object({
  orgao: z.enum(ORGAOS_RECURSO).optional(),
  instancia: z.number().int().min(1).max(MAXIMO_INSTANCIAS).optional(),
  situacao: z.enum(['pendentes', 'atrasados']).default('pendentes'),
  uf: z.string().regex(/^[A-Z]{2}$/).optional(),
  prazoAte: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida.').refine(diaExiste, 'Data inválida.').optional(),
});
export type FiltroDecisaoEmLote = z.output<typeof filtroDecisaoEmLote>;

/**
 * Either `ids` (the rows ticked) or `filtro` with `totalConfirmado`, the count the manager confirmed: if the
 * filter now matches another number, nothing is decided and the new count is answered (decision 0103).
 */
export const decisaoEmLoteCorpo = z.object({
  ato: id({ obrigatorio: 'Escolha o ato normativo.', invalido: 'Escolha o ato normativo.' }),
  ids: z.array(id(), { error: 'Selecione os recursos.' }).min(1, 'Selecione ao menos um recurso.')
    .max(MAXIMO_RECURSOS_POR_DECISAO_EM_LOTE, `Selecione no máximo ${MAXIMO_RECURSOS_POR_DECISAO_EM_LOTE.toLocaleString('pt-BR')} recursos.`).optional(),
  filtro: filtroDecisaoEmLote.optional(),
  totalConfirmado: z.number().int().min(1).max(ID_MAXIMO).optional(),
  resultado: z.number({ error: 'Escolha o resultado.' }).refine(
    (v) => (RESULTADOS_EM_LOTE as readonly number[]).includes(v), 'Em lote o resultado deve ser provido, não provido ou não conhecido.',
  ),
  justificativa,
}).refine((v) => (v.ids === undefined) !== (v.filtro === undefined), { message: 'Selecione os recursos.', path: ['ids'] })
  .refine((v) => v.filtro === undefined || v.totalConfirmado !== undefined, { message: 'Confirme quantos recursos serão decididos.', path: ['totalConfirmado'] });
export type DecisaoEmLoteCorpo = z.output<typeof decisaoEmLoteCorpo>;

/** A batch decision accepted: a job decides it; its progress and each appeal's result are read by its id. */
export const decisaoEmLoteIniciadaSchema = z.object({ id: z.number(), total: z.number() });

export const resultadoDecisaoEmLoteSchema = z.object({
  id: z.number(),
  total: z.number(),
  /** Decided plus refused so far; equal to `total` once `concluida`. */
  processados: z.number(),
  decididos: z.number(),
  recusados: z.number(),
  concluida: z.boolean(),
  /** A page of the refused appeals, by id: `mensagem` says why each was not decided. */
  recusas: z.array(z.object({ id: z.number(), mensagem: z.string() })),
  /** The cursor (`apos`) of the next page of refusals, null on the last. */
  proximo: z.number().nullable(),
});
export type ResultadoDecisaoEmLote = z.infer<typeof resultadoDecisaoEmLoteSchema>;
export const recusasDecisaoEmLoteQuery = z.object({ apos: idCoagido().optional() });
export const meusRecursosSchema = z.object({ recursos: z.array(recursoDetalheSchema) });

export const idRecursoParam = z.object({ id: idCoagido() });
