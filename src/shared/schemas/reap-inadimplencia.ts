import { z } from 'zod';
import { formatarData } from '../datas';
import { contar } from '../plural';

/** The REAP defaulters' texts and shapes, shared by server and web (decision 0055). */
export const MENSAGENS_INADIMPLENCIA_REAP = {
  data: 'Informe a data da suspensão',
  dataInvalida: 'Data inválida',
  ato: 'Informe o ato normativo',
  atoNaoEncontrado: 'Ato normativo não encontrado.',
  atoForaDeVigencia: 'O ato normativo não está vigente.',
  semPrazo: 'Defina antes o prazo de preenchimento deste ano de referência.',
  dataAntesDoFim: (fim: string) => `A suspensão deve ser depois do fim do preenchimento (${formatarData(fim)}).`,
  dataPassada: 'A data da suspensão não pode ser anterior a hoje.',
  jaExecutada: (lote: number) => `A suspensão deste ano já foi executada: é o lote nº ${lote}, no histórico de processamentos em lote.`,
  naoAgendada: 'Não há suspensão agendada para este ano de referência.',
  agendada: 'Suspensão agendada.',
  cancelada: 'Suspensão cancelada.',
  /** The warning (notification tipo 4, and the e-mail's text). */
  aviso: (a: { ano: number; fim: string; novoFim: string | null; suspensao: { data: string; ato: string } | null }) => [
    `A REAP de ${a.ano} não foi enviada e o prazo de preenchimento terminou em ${formatarData(a.fim)}.`,
    a.novoFim ? `Um novo prazo foi aberto: envie-a até ${formatarData(a.novoFim)} na página REAP.` : '',
    a.suspensao
      ? `Quem não a enviar terá o registro suspenso em ${formatarData(a.suspensao.data)}, conforme o ato normativo ${a.suspensao.ato}.`
      : 'O registro de quem não envia a REAP pode ser suspenso por ato normativo.',
    'Em caso de dúvida, procure a Superintendência Federal de Pesca e Aquicultura do seu estado.',
  ].filter(Boolean).join(' '),
  assuntoAviso: (ano: number) => `RGP: a REAP de ${ano} não foi enviada`,
  /** Plain words first: what happened and what the fisher can do; the act it rests on last. */
  suspensao: (ano: number, ato: string) =>
    `Seu registro de pescador (RGP) foi suspenso porque a REAP de ${ano} não foi enviada. `
    + `Para reativá-lo, envie a REAP de ${ano} na página REAP (o envio em atraso está liberado) e depois peça a regularização do registro. `
    + `A suspensão segue o ato normativo ${ato}.`,
  orgaoSolicitante: 'Ministério da Pesca e Aquicultura',
  /** Before a save that warns or suspends: what happens, to how many, what can still be done (decision 0071). */
  confirmarAviso: {
    titulo: 'Avisar os pescadores agora?',
    texto: (a: { ano: number; fim: string; inadimplentes: number; completas: boolean }) => [
      `O prazo da REAP de ${a.ano} terminou em ${formatarData(a.fim)}. Ao salvar, ${contar(a.inadimplentes, 'pescador que ainda não enviou', 'pescadores que ainda não enviaram')}`
      + ` a REAP de ${a.ano} ${a.inadimplentes === 1 ? 'recebe' : 'recebem'} agora um aviso no aplicativo e, quem tem e-mail cadastrado, também por e-mail.`,
      a.completas ? '' : 'As obrigações do ano ainda estão sendo criadas: o número pode aumentar.',
      'O aviso não pode ser desfeito.',
    ].filter(Boolean).join(' '),
    botao: 'Sim, salvar e avisar.',
  },
  confirmarSuspensao: {
    titulo: 'Agendar a suspensão?',
    texto: (a: { ano: number; data: string; inadimplentes: number; completas: boolean }) => [
      `Em ${formatarData(a.data)}, será suspenso o registro de cada pescador que ainda não tiver enviado a REAP de ${a.ano}:`
      + ` hoje, ${contar(a.inadimplentes, 'pescador', 'pescadores')}${a.completas ? '' : ' (as obrigações do ano ainda estão sendo criadas: o número pode aumentar)'}.`,
      'Quem enviar a REAP até lá não é suspenso. O pescador suspenso pode enviar a REAP em atraso e depois pedir a regularização.',
      'Até essa data, a suspensão pode ser remarcada ou cancelada nesta tela.',
    ].join(' '),
    botao: 'Sim, agendar a suspensão.',
  },
  justificativa: (ano: number, fim: string) =>
    `Suspensão dos pescadores que não enviaram a REAP de ${ano} (prazo de preenchimento encerrado em ${formatarData(fim)}).`,
} as const;

const data = z.string(MENSAGENS_INADIMPLENCIA_REAP.data).min(1, MENSAGENS_INADIMPLENCIA_REAP.data)
  .pipe(z.iso.date(MENSAGENS_INADIMPLENCIA_REAP.dataInvalida));

export const suspensaoReapCorpo = z.object({
  idAtoNormativo: z.number(MENSAGENS_INADIMPLENCIA_REAP.ato).int(MENSAGENS_INADIMPLENCIA_REAP.ato)
    .positive(MENSAGENS_INADIMPLENCIA_REAP.ato).max(2_147_483_647, MENSAGENS_INADIMPLENCIA_REAP.atoNaoEncontrado),
  dataSuspensao: data,
});
export type SuspensaoReapCorpo = z.infer<typeof suspensaoReapCorpo>;

export const suspensaoReapFormulario = z.object({
  anoReferencia: z.string().min(1, 'Informe o ano de referência').regex(/^\d{4}$/, 'O ano de referência deve ter 4 dígitos').transform(Number),
  idAtoNormativo: z.string(MENSAGENS_INADIMPLENCIA_REAP.ato).min(1, MENSAGENS_INADIMPLENCIA_REAP.ato).transform(Number),
  dataSuspensao: data,
});

export const avisoReapSchema = z.object({
  fimPreenchimento: z.iso.date(),
  avisados: z.number().int(),
  emailsEnviados: z.number().int(),
  iniciadoEm: z.string(),
  concluidoEm: z.string().nullable(),
});
export type AvisoReap = z.infer<typeof avisoReapSchema>;

export const suspensaoReapSchema = z.object({
  dataSuspensao: z.iso.date(),
  atoNormativo: z.object({ id: z.number().int(), nome: z.string() }),
  lote: z.object({ id: z.number().int(), situacao: z.number().int(), total: z.number().int(), concluidos: z.number().int() }).nullable(),
});
export type SuspensaoReap = z.infer<typeof suspensaoReapSchema>;

/** Asked before the screen confirms a save (decision 0071). */
export const inadimplentesReapQuery = z.object({
  fimPreenchimento: z.iso.date(MENSAGENS_INADIMPLENCIA_REAP.dataInvalida).optional(),
});

export const inadimplentesReapSchema = z.object({
  anoReferencia: z.number().int(),
  /** The round's and the batch's rule. */
  inadimplentes: z.number().int(),
  /** If not, the count can only grow. */
  obrigacoesCompletas: z.boolean(),
  avisaAoSalvar: z.boolean(),
});
export type InadimplentesReap = z.infer<typeof inadimplentesReapSchema>;
