import { z } from 'zod';
import { formatarData } from '../datas';
import { contar } from '../plural';

/**
 * The REAP defaulters (issue 22, points 3 and 4; decision 0055): the warning when a reference year's window closes
 * and the suspension on the date an act sets. The notification and e-mail texts, the schedule's body and form, and
 * the messages of both, in one place the server and the web share.
 */
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
  /**
   * The suspension (notification tipo 3), which leads to the regularisation. Plain words first (issue 33): what
   * happened and what the fisher can do, in normal case; the act it rests on last.
   */
  suspensao: (ano: number, ato: string) =>
    `Seu registro de pescador (RGP) foi suspenso porque a REAP de ${ano} não foi enviada. `
    + `Para reativá-lo, envie a REAP de ${ano} na página REAP (o envio em atraso está liberado) e depois peça a regularização do registro. `
    + `A suspensão segue o ato normativo ${ato}.`,
  orgaoSolicitante: 'Ministério da Pesca e Aquicultura',
  /**
   * The confirmations of /administracao/prazos-reap before a save that warns or suspends (decision 0071): what
   * happens, to how many (today's count), and what can still be done.
   */
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

/** PUT /api/reap/prazos/{ano}/suspensao (GESTOR, ADMIN): the act and the date on which the year's defaulters are suspended. */
export const suspensaoReapCorpo = z.object({
  idAtoNormativo: z.number(MENSAGENS_INADIMPLENCIA_REAP.ato).int(MENSAGENS_INADIMPLENCIA_REAP.ato)
    .positive(MENSAGENS_INADIMPLENCIA_REAP.ato).max(2_147_483_647, MENSAGENS_INADIMPLENCIA_REAP.atoNaoEncontrado),
  dataSuspensao: data,
});
export type SuspensaoReapCorpo = z.infer<typeof suspensaoReapCorpo>;

/** The schedule form of /administracao/prazos-reap (its resolver): the inputs' text to the PUT's values. */
export const suspensaoReapFormulario = z.object({
  anoReferencia: z.string().min(1, 'Informe o ano de referência').regex(/^\d{4}$/, 'O ano de referência deve ter 4 dígitos').transform(Number),
  idAtoNormativo: z.string(MENSAGENS_INADIMPLENCIA_REAP.ato).min(1, MENSAGENS_INADIMPLENCIA_REAP.ato).transform(Number),
  dataSuspensao: data,
});

/** The last warning round of a year (GET /api/reap/prazos): how far it is. */
export const avisoReapSchema = z.object({
  fimPreenchimento: z.iso.date(),
  avisados: z.number().int(),
  emailsEnviados: z.number().int(),
  iniciadoEm: z.string(),
  concluidoEm: z.string().nullable(),
});
export type AvisoReap = z.infer<typeof avisoReapSchema>;

/** A year's scheduled suspension (GET /api/reap/prazos) and, once it ran, its batch's progress. */
export const suspensaoReapSchema = z.object({
  dataSuspensao: z.iso.date(),
  atoNormativo: z.object({ id: z.number().int(), nome: z.string() }),
  lote: z.object({ id: z.number().int(), situacao: z.number().int(), total: z.number().int(), concluidos: z.number().int() }).nullable(),
});
export type SuspensaoReap = z.infer<typeof suspensaoReapSchema>;

/**
 * GET /api/reap/prazos/{ano}/inadimplentes (GESTOR, ADMIN; decision 0071): what a save of the year's window or
 * suspension would reach, asked before the screen confirms it. `fimPreenchimento`: the end the form is about to
 * save (the window in force's by default).
 */
export const inadimplentesReapQuery = z.object({
  fimPreenchimento: z.iso.date(MENSAGENS_INADIMPLENCIA_REAP.dataInvalida).optional(),
});

/** The answer: the fishers a warning or a suspension of the year would reach today, and what a save does now. */
export const inadimplentesReapSchema = z.object({
  anoReferencia: z.number().int(),
  /** Fishers with the year's obligation not sent and a registry not cancelled (the round's and the batch's rule). */
  inadimplentes: z.number().int(),
  /** Whether the year's obligations exist for every fisher; if not, the count can only grow. */
  obrigacoesCompletas: z.boolean(),
  /** Whether saving the window with that end warns the defaulters at once (the end is past, no round for it yet). */
  avisaAoSalvar: z.boolean(),
});
export type InadimplentesReap = z.infer<typeof inadimplentesReapSchema>;
