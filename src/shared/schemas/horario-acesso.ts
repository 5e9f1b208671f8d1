import { z } from 'zod';
import { id, texto } from './primitivos';

/** Access hours per agency (spec point 3), for every map user without custom hours. */

export const MENSAGENS_HORARIO_ACESSO = {
  salvos: 'Horários de acesso salvos com sucesso',
  erroSalvar: 'Erro ao salvar horários de expediente, tente novamente mais tarde',
  erroSalvarAcesso: 'Erro ao salvar horários de acesso, tente novamente mais tarde',
  erroConsultar: 'Erro ao consultar lista de horários de acesso dos servidores',
  erroAtualizarLotacao: 'Erro ao atualizar horario da lotação para os servidores',
  hora: 'Informe a hora no formato HH:MM',
  inicioAntesTermino: 'O horário de início deve ser anterior ao horário de término',
  horaObrigatoria: 'Informe os horários de início e de término',
  orgaoInexistente: 'Órgão não encontrado.',
  orgaoRepetido: 'Cada órgão deve aparecer uma única vez',
  semConfiguracao: 'Não há horário de acesso configurado para este órgão.',
  semServidores: 'Nenhum servidor deste órgão para atualizar.',
  aplicado: (n: number) => (n === 1
    ? 'Horário do órgão aplicado a 1 servidor.'
    : `Horário do órgão aplicado a ${n} servidores.`),
} as const;

/** A time kept as the specification keeps it: 5 characters, HH:MM, 00:00 to 23:59. */
export const HORA_REGEX = /^([01]\d|2[0-3]):[0-5]\d$/;
export function hora() {
  return texto().regex(HORA_REGEX, MENSAGENS_HORARIO_ACESSO.hora);
}

/** An agency's code (MPA, SFPA-PA …). */
export function siglaOrgao() {
  return texto().trim().toUpperCase().min(2, 'Informe o órgão').max(20, 'Deve ter no máximo 20 caracteres')
    .regex(/^[A-Z]+(-[A-Z]{2})?$/, 'Órgão inválido');
}

export const configuracaoHorarioSchema = z.object({
  idConfiguracao: z.number().int().nullable(),
  orgao: z.string(),
  nomeOrgao: z.string(),
  horaLimiteInicioAcesso: z.string().nullable(),
  horaLimiteTerminoAcesso: z.string().nullable(),
  usuarioPodeAcessarTodosDias: z.boolean(),
  totalServidores: z.number().int(),
});
export type ConfiguracaoHorario = z.infer<typeof configuracaoHorarioSchema>;

export const listaConfiguracoesSchema = z.object({ configuracoes: z.array(configuracaoHorarioSchema) });
export type ListaConfiguracoes = z.infer<typeof listaConfiguracoesSchema>;

/** One entry of POST /api/configuracao-horario-acesso: start before end. */
export const configuracaoHorarioCorpo = z.object({
  idConfiguracao: id().nullable().optional(),
  orgao: siglaOrgao(),
  horaLimiteInicioAcesso: hora(),
  horaLimiteTerminoAcesso: hora(),
  usuarioPodeAcessarTodosDias: z.boolean().default(false),
}).superRefine((v, ctx) => {
  if (v.horaLimiteInicioAcesso >= v.horaLimiteTerminoAcesso) {
    ctx.addIssue({ code: 'custom', path: ['horaLimiteTerminoAcesso'], message: MENSAGENS_HORARIO_ACESSO.inicioAntesTermino });
  }
});
export type ConfiguracaoHorarioCorpo = z.output<typeof configuracaoHorarioCorpo>;

export const salvarConfiguracoesCorpo = z.object({
  configuracoes: z.array(configuracaoHorarioCorpo).min(1, 'Informe pelo menos um horário').max(100),
}).superRefine((v, ctx) => {
  const vistos = new Set<string>();
  v.configuracoes.forEach((c, i) => {
    if (vistos.has(c.orgao)) ctx.addIssue({ code: 'custom', path: ['configuracoes', i, 'orgao'], message: MENSAGENS_HORARIO_ACESSO.orgaoRepetido });
    vistos.add(c.orgao);
  });
});
export type SalvarConfiguracoesCorpo = z.output<typeof salvarConfiguracoesCorpo>;

export const aplicarHorarioCorpo = z.object({ orgao: siglaOrgao() });
export const aplicarHorarioResposta = z.object({ orgao: z.string(), servidoresAtualizados: z.number().int() });
