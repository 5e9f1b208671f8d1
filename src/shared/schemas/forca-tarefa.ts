import { z } from 'zod';
import { isUf } from '../ufs';
import { dataIso } from './ato-normativo';
import { formularioDoCorpo, type ProblemaDeCampo } from './formulario';
import { id, idCoagido, texto } from './primitivos';
import { paginacaoSchema } from './solicitacao-api';

/** Task forces (spec points 3, 5, 7 and 8; docs/decisions/0031). */

export const MENSAGENS_FORCA_TAREFA = {
  criada: 'Força tarefa criada com sucesso.',
  /** See docs/decisions/0071. */
  confirmarCriacao: 'A força-tarefa será criada e os servidores escolhidos poderão analisar as solicitações das UFs atendidas até a data limite. Você poderá editá-la depois.',
  confirmarEdicao: 'As alterações da força-tarefa serão salvas e valem a partir de agora. Você poderá editá-la de novo depois.',
  atualizada: 'Força Tarefa Atualizada!.',
  removida: 'Removido com sucesso!',
  servidorRemovido: 'Servidor Removido!',
  servidoresRemovidos: 'Servidores Removidos!',
  camposObrigatorios: 'Atenção!!! Confira todos os campos obrigatórios!',
  semServidor: 'Não foi informado nenhum servidor!',
  semUf: 'Informe pelo menos uma UF atendida',
  ufInvalida: 'UF inválida',
  erroConsultar: 'Error ao consultar dados da Força Tarefa',
  naoEncontrada: 'Força-tarefa não encontrada.',
  atoNaoEncontrado: 'Ato normativo não encontrado.',
  dataLimitePassada: 'A data limite não pode ser anterior a hoje.',
  servidorInvalido: 'Servidor não encontrado ou sem perfil SFPA ativo.',
  ultimoServidor: 'A força-tarefa precisa de pelo menos um servidor: não é possível remover todos.',
  ultimaUf: 'A força-tarefa precisa atender pelo menos uma UF: não é possível remover todas.',
  ufNaoAtendida: 'Esta UF não é atendida pela força-tarefa.',
  servidorNaoIntegra: 'Servidor não faz parte desta força-tarefa.',
} as const;

export const ufSigla = () => texto().transform((v) => v.trim().toUpperCase()).refine(isUf, MENSAGENS_FORCA_TAREFA.ufInvalida);

/** Its map-user id, or `{id}`. */
const servidorRef = z.union([id(), z.object({ id: id() })]).transform((s) => (typeof s === 'number' ? s : s.id));
const atoRef = z.union([id(), z.object({ id: id() })], { error: 'Informe o ato normativo' })
  .transform((a) => (typeof a === 'number' ? a : a.id));

const sem = <T>(lista: T[]) => [...new Set(lista)];

/** Who saved it, from where and when are the server's. */
export const forcaTarefaCorpo = z.object({
  id: id().optional(),
  titulo: texto().trim().min(1, 'Informe o título').max(200, 'Deve ter no máximo 200 caracteres'),
  ufAtendidas: z.array(ufSigla()).min(1, MENSAGENS_FORCA_TAREFA.semUf).max(27).transform(sem),
  ativa: z.boolean().default(true),
  atoNormativo: atoRef,
  dataLimite: dataIso('Informe a data limite'),
  servidores: z.array(servidorRef).max(500).transform(sem),
}).superRefine((v, ctx) => {
  for (const p of regrasForcaTarefa(v)) ctx.addIssue({ code: 'custom', path: [...p.path], message: p.message });
});
export type ForcaTarefaCorpo = z.output<typeof forcaTarefaCorpo>;

export function regrasForcaTarefa(v: { servidores?: readonly unknown[] | undefined }): ProblemaDeCampo[] {
  return (v.servidores ?? []).length === 0 ? [{ path: ['servidores'], message: MENSAGENS_FORCA_TAREFA.semServidor }] : [];
}

export interface ValoresForcaTarefa {
  titulo: string;
  atoNormativo: string;
  ufAtendidas: string[];
  dataLimite: string;
  ativa: boolean;
  servidores: string[];
}

export const forcaTarefaFormulario = formularioDoCorpo(forcaTarefaCorpo, {
  paraCorpo: (v: ValoresForcaTarefa) => ({
    titulo: v.titulo, ufAtendidas: v.ufAtendidas, ativa: v.ativa, atoNormativo: v.atoNormativo ? Number(v.atoNormativo) : undefined,
    dataLimite: v.dataLimite, servidores: v.servidores.map(Number),
  }),
  campo: (path) => path.slice(0, 1),
  regras: regrasForcaTarefa,
});

/** PUT requires the id. */
export const forcaTarefaEdicao = forcaTarefaCorpo.refine((v) => v.id !== undefined, { path: ['id'], message: 'Informe o id da força-tarefa' });

export const filtrosForcaTarefa = paginacaoSchema.extend({
  titulo: texto().trim().max(200).optional(),
  uf: ufSigla().optional(),
  ativa: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  vigente: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  atoNormativo: idCoagido().optional(),
});
export type FiltrosForcaTarefa = z.output<typeof filtrosForcaTarefa>;

export const removerServidorCorpo = z.object({
  id: id(),
  servidores: z.array(servidorRef).min(1, MENSAGENS_FORCA_TAREFA.semServidor).max(500).transform(sem),
});
export const removerUfCorpo = z.object({ id: id(), uf: ufSigla() });
/** Without `ativa` the flag toggles. */
export const ativaDesativaCorpo = z.object({ id: id(), ativa: z.boolean().optional() });

/** No CPF. */
export const servidorForcaTarefaSchema = z.object({
  id: z.number(),
  nome: z.string(),
  siglaOrgao: z.string(),
  ufOrgao: z.string(),
});
export type ServidorForcaTarefa = z.infer<typeof servidorForcaTarefaSchema>;

export const forcaTarefaSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  atoNormativo: z.object({ id: z.number(), nome: z.string() }),
  ufAtendidas: z.array(z.string()),
  dataLimite: z.string(),
  ativa: z.boolean(),
  /** Active and the deadline not passed (São Paulo date). */
  emVigor: z.boolean(),
  forcaTarefaLotacao: z.array(z.object({ usuarioMapa: servidorForcaTarefaSchema })),
  /** CPF masked. */
  usuarioInternoGravou: z.string().nullable(),
  ipOrigemAlteracao: z.string().nullable(),
  dataCriacao: z.string(),
  dataAtualizacao: z.string(),
});
export type ForcaTarefa = z.infer<typeof forcaTarefaSchema>;

export const listaForcasTarefaSchema = z.object({ total: z.number(), forcasTarefa: z.array(forcaTarefaSchema) });
export type ListaForcasTarefa = z.infer<typeof listaForcasTarefaSchema>;

export const filtrosServidores = paginacaoSchema.extend({
  nome: texto().trim().max(200).optional(),
  uf: ufSigla().optional(),
});
export const listaServidoresSchema = z.object({ total: z.number(), servidores: z.array(servidorForcaTarefaSchema) });
export type ListaServidores = z.infer<typeof listaServidoresSchema>;
