import { z } from 'zod';
import { id, idCoagido, texto } from './primitivos';
import { paginacaoSchema } from './solicitacao-api';

/** Normative acts (spec points 3, 5, 7 and 8; docs/decisions/0030). */

export const MENSAGENS_ATO_NORMATIVO = {
  /** The spec writes "criada", a gender slip corrected on purpose (docs/decisions/0071). */
  criado: 'Ato normativo criado com sucesso.',
  confirmarCriacao: 'O ato normativo será cadastrado e poderá ser citado em prazos da REAP, forças-tarefa e processamentos em lote. Você poderá editá-lo depois.',
  confirmarEdicao: 'As alterações serão salvas e valem onde o ato normativo é citado. Você poderá editá-lo de novo depois.',
  atualizado: 'Ato normativo atualizado com sucesso.',
  removido: 'Removido com sucesso!',
  camposObrigatorios: 'Atenção!!! Confira todos os campos obrigatórios!',
  semVigente: 'Não há ato normativo vigente cadastrado!',
  naoEncontrado: 'Ato normativo não encontrado.',
  vigenciaInvalida: 'A data de início da vigência deve ser anterior à data de término.',
  dataInvalida: 'Data inválida',
  emUso: 'Este ato normativo não pode ser excluído: ele é citado por uma força-tarefa ou por um processamento em lote.',
  erroConsultar: 'Erro ao consultar atos normativos',
  erroSalvar: 'Erro ao salvar os dados.',
} as const;

/** Spec point 9. */
export const DURACAO_AVISO_SEM_ATO_MS = 15_000;

export const dataIso = (obrigatoria: string = MENSAGENS_ATO_NORMATIVO.dataInvalida) => texto()
  .min(1, { error: obrigatoria, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MENSAGENS_ATO_NORMATIVO.dataInvalida)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    // Years 1900 … 9999: a date PostgreSQL stores and a person means.
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01';
  }, MENSAGENS_ATO_NORMATIVO.dataInvalida);

/** Empty for the law's default (docs/decisions/0089). */
const diasOpcionais = (mensagem: string) => z.union([z.literal(''), z.null(), z.coerce.number({ error: mensagem }).int(mensagem).min(1, mensagem).max(365, mensagem)])
  .optional().transform((v) => (v === '' || v === undefined || v === null ? null : v));

const campos = z.object({
  nome: texto().trim().min(1, 'Informe o nome do ato normativo').max(200, 'Deve ter no máximo 200 caracteres'),
  descricao: texto().trim().min(1, 'Informe a descrição do ato normativo').max(4000, 'Deve ter no máximo 4000 caracteres'),
  dataInicioVigencia: dataIso('Informe o início da vigência'),
  /** Open-ended when absent. */
  dataTerminoVigencia: z.union([dataIso(), z.literal(''), z.null()]).optional().transform((v) => v || null),
  /** Days to appeal what a batch citing it did (null: the law's 10). */
  prazoRecursoDias: diasOpcionais('Informe um número de dias entre 1 e 365'),
  /** Days each instance has to decide an appeal, extendable once by as many (null: the law's 30). */
  prazoDecisaoRecursoDias: diasOpcionais('Informe um número de dias entre 1 e 365'),
});

function vigenciaValida<T extends { dataInicioVigencia: string; dataTerminoVigencia: string | null }>(v: T, ctx: z.RefinementCtx) {
  if (v.dataTerminoVigencia !== null && v.dataInicioVigencia >= v.dataTerminoVigencia) {
    ctx.addIssue({ code: 'custom', path: ['dataTerminoVigencia'], message: MENSAGENS_ATO_NORMATIVO.vigenciaInvalida });
  }
}

export const atoNormativoCriacao = campos.superRefine(vigenciaValida);
export type AtoNormativoCriacao = z.output<typeof atoNormativoCriacao>;

export const atoNormativoEdicao = campos.extend({ id: id() }).superRefine(vigenciaValida);
export type AtoNormativoEdicao = z.output<typeof atoNormativoEdicao>;

export const filtrosAtoNormativo = paginacaoSchema.extend({
  nome: texto().trim().max(200).optional(),
  /** Only the acts in force today (true) or not in force (false). */
  vigente: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  data: dataIso().optional(),
});
export type FiltrosAtoNormativo = z.output<typeof filtrosAtoNormativo>;

export const atoNormativoSchema = z.object({
  id: z.number(),
  nome: z.string(),
  descricao: z.string(),
  dataInicioVigencia: z.string(),
  dataTerminoVigencia: z.string().nullable(),
  prazoRecursoDias: z.number().nullable(),
  prazoDecisaoRecursoDias: z.number().nullable(),
  /** São Paulo date. */
  vigente: z.boolean(),
  dataCriacao: z.string(),
  dataAtualizacao: z.string(),
});
export type AtoNormativo = z.infer<typeof atoNormativoSchema>;

export const listaAtosNormativosSchema = z.object({ total: z.number(), atosNormativos: z.array(atoNormativoSchema) });
export type ListaAtosNormativos = z.infer<typeof listaAtosNormativosSchema>;

export const atoVigenteSchema = atoNormativoSchema.nullable();

export const idAtoParam = z.object({ id: idCoagido() });
