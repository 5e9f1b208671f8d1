import { z } from 'zod';
import { isValidCnpj } from '../cnpj';
import { onlyDigits } from '../cpf';
import { isUf } from '../ufs';
import { cpfSchema } from './cpf';
import { diaExiste, id, idCoagido, texto } from './primitivos';


export { CABECALHO_REPRESENTADO, ServicoDelegado, servicoDaRota, servicoDelegadoLabel } from '../representacao';

/** Representative entities, their agents and the fishers' delegations (docs/decisions/0110). */

export const TipoEntidade = { COLONIA: 1, ASSOCIACAO: 2, SINDICATO: 3, PREFEITURA: 4, OUTRA: 5 } as const;
export type TipoEntidade = (typeof TipoEntidade)[keyof typeof TipoEntidade];
export const tipoEntidadeLabel: Record<TipoEntidade, string> = {
  1: 'Colônia de pescadores', 2: 'Associação', 3: 'Sindicato', 4: 'Prefeitura', 5: 'Outra',
};

export const SituacaoEntidade = { ATIVA: 1, SUSPENSA: 2 } as const;
export type SituacaoEntidade = (typeof SituacaoEntidade)[keyof typeof SituacaoEntidade];

export const SituacaoDelegacao = { ATIVA: 1, AGUARDANDO_VALIDACAO: 2, REVOGADA: 3, RECUSADA: 4 } as const;
export type SituacaoDelegacao = (typeof SituacaoDelegacao)[keyof typeof SituacaoDelegacao];
export const situacaoDelegacaoLabel: Record<SituacaoDelegacao, string> = {
  1: 'Ativa', 2: 'Aguardando validação do termo', 3: 'Revogada', 4: 'Termo recusado',
};

/** GOVBR: granted by the fisher signed in; TERMO: a signed consent term filed by an agent, valid once an analyst validates it. */
export const OrigemDelegacao = { GOVBR: 1, TERMO: 2 } as const;

export const MENSAGENS_ENTIDADE = {
  cnpjInvalido: 'CNPJ inválido: confira os dígitos verificadores.',
  cnpjJaCadastrado: 'Já existe uma entidade com este CNPJ.',
  naoEncontrada: 'Entidade não encontrada.',
  ufsObrigatorias: 'Informe ao menos um estado atendido.',
  ufInvalida: 'UF inválida.',
  municipioForaDasUfs: 'Há município fora dos estados atendidos pela entidade.',
  vigenciaInvalida: 'O fim da vigência deve ser posterior ao início.',
  motivoObrigatorio: 'Informe o motivo da suspensão.',
  jaSuspensa: 'A entidade já está suspensa.',
  jaAtiva: 'A entidade já está ativa.',
  salva: 'Entidade salva com sucesso.',
  suspensa: 'Entidade suspensa: seus agentes não podem mais atuar.',
  reativada: 'Entidade reativada.',
  agenteSalvo: 'Agente vinculado à entidade.',
  agenteDesligado: 'Agente desligado da entidade.',
  agenteNaoEncontrado: 'Agente não encontrado.',
  agenteJaVinculado: 'Este CPF já é agente ativo desta entidade.',
  agenteServidor: 'Um servidor do RGP não pode ser agente de entidade.',
  validadeNoPassado: 'A validade deve ser uma data futura.',
  validadeLonge: 'A validade pode ser de no máximo 5 anos a partir de hoje; depois, renove.',
  agenteAutorDoTermo: 'Quem registrou o termo como agente não pode validá-lo.',
  servicosObrigatorios: 'Escolha ao menos um serviço.',
  delegacaoConcedida: 'Delegação concedida.',
  delegacaoRevogada: 'Delegação revogada. A entidade não pode mais agir em seu nome.',
  delegacaoNaoEncontrada: 'Delegação não encontrada.',
  delegacaoJaEncerrada: 'Esta delegação já foi revogada ou recusada.',
  entidadeIndisponivel: 'Esta entidade não está ativa ou seu ato de cooperação não está vigente.',
  entidadeForaDaUf: (nome: string, uf: string) => `A entidade ${nome} não atende o estado ${uf}.`,
  ufDesconhecida: 'Informe seu endereço no pedido de inscrição antes de escolher uma entidade: ela precisa atender o seu estado.',
  termoRegistrado: 'Termo de consentimento registrado. A delegação vale depois que um analista validar o termo.',
  termoSemIdentidade: 'Anexe o documento de identidade do pescador antes de enviar o termo à validação.',
  termoNaoPendente: 'Este termo não está aguardando validação.',
  termoValidado: 'Termo validado: a delegação está ativa.',
  termoRecusado: 'Termo recusado.',
  justificativaObrigatoria: 'Informe a justificativa da recusa.',
  documentoAnexado: 'Documento anexado ao termo.',
  termoJaAberto: 'Este pescador já tem um termo aguardando validação ou uma delegação ativa para a entidade.',
  pescadorComGovbr: 'Este pescador já entrou no RGP com gov.br: peça a ele que conceda a delegação pela própria conta.',
} as const;

/** Why an agent may not act for a fisher now: each refusal says what to do. */
export const MENSAGENS_REPRESENTACAO = {
  naoAgente: 'Você não é agente de uma entidade representativa com delegação deste pescador.',
  servidor: 'Servidores do RGP não atuam em nome de pescadores.',
  cabecalhoInvalido: 'Pescador representado inválido.',
  rotaNaoDelegavel: 'Esta operação só pode ser feita pelo próprio pescador, com a conta gov.br dele.',
  agenteVencido: (entidade: string, data: string) => `Seu vínculo de agente com ${entidade} terminou em ${data}.`,
  entidadeSuspensa: (entidade: string, motivo: string) => `A entidade ${entidade} está suspensa (${motivo}): seus agentes não podem atuar.`,
  atoVencido: (entidade: string, data: string) => `O ato de cooperação de ${entidade} terminou em ${data}: seus agentes não podem atuar.`,
  semDelegacao: (entidade: string, servico: string) => `O pescador não delegou a ${entidade} o serviço "${servico}".`,
  delegacaoRevogada: (data: string) => `O pescador revogou a delegação em ${data}.`,
  delegacaoVencida: (data: string) => `A delegação do pescador terminou em ${data}.`,
  termoPendente: 'O termo de consentimento deste pescador ainda não foi validado por um analista.',
  foraDaUf: (entidade: string, uf: string) => `O pescador reside em ${uf}, fora dos estados atendidos por ${entidade}.`,
  ufDesconhecida: 'O estado do pescador não é conhecido: a entidade só atua por pescadores dos estados que atende.',
  notificacaoEnvio: (entidade: string, o_que: string) => `${entidade} enviou ${o_que} em seu nome.`,
  atuacaoNaoRegistrada: 'Não foi possível registrar a atuação em nome do pescador. Tente novamente: o que já foi enviado não se repete.',
} as const;

const cnpjSchema = texto({ error: 'Campo obrigatório' }).transform(onlyDigits).refine(isValidCnpj, MENSAGENS_ENTIDADE.cnpjInvalido);
const dataIso = texto().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida').refine(diaExiste, 'Data inválida');

/** A delegation (and an agent's link) ends at most this many years ahead: then it is renewed (decision 0110). */
export const ANOS_MAXIMOS_VALIDADE = 5;

/** Why an end date `fim` is refused today (`hoje`, YYYY-MM-DD), or null. */
export function recusaDaValidade(fim: string, hoje: string): string | null {
  if (fim <= hoje) return MENSAGENS_ENTIDADE.validadeNoPassado;
  const limite = `${Number(hoje.slice(0, 4)) + ANOS_MAXIMOS_VALIDADE}${hoje.slice(4)}`;
  return fim > limite ? MENSAGENS_ENTIDADE.validadeLonge : null;
}
const ufSchema = texto().refine(isUf, MENSAGENS_ENTIDADE.ufInvalida);
const servicosSchema = z.array(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]))
  .min(1, MENSAGENS_ENTIDADE.servicosObrigatorios).max(4).transform((s) => [...new Set(s)].sort());

export const entidadeCorpo = z.object({
  tipo: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: 'Escolha o tipo da entidade.' }),
  cnpj: cnpjSchema,
  nome: texto({ error: 'Campo obrigatório' }).trim().min(3, 'Informe o nome da entidade.').max(200),
  ufs: z.array(ufSchema).min(1, MENSAGENS_ENTIDADE.ufsObrigatorias).max(27),
  municipios: z.array(id()).max(500).default([]),
  atoCooperacao: texto({ error: 'Campo obrigatório' }).trim().min(3, 'Informe o ato de cooperação.').max(300),
  vigenciaInicio: dataIso,
  vigenciaFim: dataIso,
}).refine((e) => e.vigenciaFim > e.vigenciaInicio, { message: MENSAGENS_ENTIDADE.vigenciaInvalida, path: ['vigenciaFim'] });

export const suspensaoCorpo = z.object({ motivo: texto().trim().min(3, MENSAGENS_ENTIDADE.motivoObrigatorio).max(500) });

export const entidadeSchema = z.object({
  id: z.number(),
  tipo: z.number(),
  cnpj: z.string(),
  nome: z.string(),
  ufs: z.array(z.string()),
  municipios: z.array(z.number()),
  atoCooperacao: z.string(),
  vigenciaInicio: z.string(),
  vigenciaFim: z.string(),
  situacao: z.number(),
  motivoSuspensao: z.string().nullable(),
  agentesAtivos: z.number(),
  delegacoesAtivas: z.number(),
});
export type Entidade = z.infer<typeof entidadeSchema>;
export const listaEntidadesSchema = z.array(entidadeSchema);

/** What a fisher sees of the entities they may delegate to. */
export const entidadeDisponivelSchema = entidadeSchema.pick({ id: true, tipo: true, nome: true, ufs: true, vigenciaFim: true });
export const entidadesDisponiveisSchema = z.array(entidadeDisponivelSchema);

export const agenteCorpo = z.object({
  cpf: cpfSchema,
  nome: texto({ error: 'Campo obrigatório' }).trim().min(3, 'Informe o nome do agente.').max(200),
  validade: dataIso,
});
export const agenteSchema = z.object({
  id: z.number(), idEntidade: z.number(), cpf: z.string(), nome: z.string(), validade: z.string(), ativo: z.boolean(),
});
export const listaAgentesSchema = z.array(agenteSchema);
export const agenteParams = z.object({ id: idCoagido(), idAgente: idCoagido() });

export const delegacaoCorpo = z.object({
  idEntidade: id({ obrigatorio: 'Escolha a entidade.' }),
  servicos: servicosSchema,
  fim: dataIso,
});

export const delegacaoSchema = z.object({
  id: z.number(),
  idPescador: z.number(),
  entidade: z.object({ id: z.number(), nome: z.string(), tipo: z.number() }),
  servicos: z.array(z.number()),
  inicio: z.string(),
  fim: z.string(),
  situacao: z.number(),
  origem: z.number(),
  vigente: z.boolean(),
  revogadaEm: z.string().nullable(),
  temTermo: z.boolean(),
  temIdentidade: z.boolean(),
  justificativaRecusa: z.string().nullable(),
});
export type Delegacao = z.infer<typeof delegacaoSchema>;
export const listaDelegacoesSchema = z.array(delegacaoSchema);

/** A consent term filed by an agent for a fisher without gov.br (multipart, the signed term as the file). */
export const termoCampos = z.object({
  cpfPescador: cpfSchema,
  nomePescador: texto({ error: 'Campo obrigatório' }).trim().min(3, 'Informe o nome do pescador.').max(200),
  uf: ufSchema,
  servicos: texto().transform((s) => s.split(',').map((x) => Number(x.trim()))).pipe(servicosSchema),
  fim: dataIso,
});
export const identidadeTermoCampos = z.object({});

export const validacaoTermoCorpo = z.object({
  aprovado: z.boolean({ error: 'Informe se o termo foi aprovado.' }),
  justificativa: texto().trim().max(1000).optional(),
}).refine((v) => v.aprovado || (v.justificativa ?? '').length >= 3, { message: MENSAGENS_ENTIDADE.justificativaObrigatoria, path: ['justificativa'] });

export const termoPendenteSchema = delegacaoSchema.extend({
  cpfPescador: z.string(), nomePescador: z.string(), uf: z.string().nullable(), cpfAgente: z.string(),
  documentos: z.array(z.object({ id: z.number(), tipo: z.number(), chave: z.string(), nomeArquivo: z.string() })),
});
export const listaTermosPendentesSchema = z.array(termoPendenteSchema);

/** A fisher on the agent's desk (decision 0118). */
export const representadoSchema = z.object({
  idPescador: z.number(),
  nome: z.string(),
  cpf: z.string(),
  uf: z.string().nullable(),
  /** The registry's data (this and the counts below) only once the delegation is active: null while the term awaits validation. */
  situacaoPescador: z.number().nullable(),
  numeroRgp: z.string().nullable(),
  reapsDevidas: z.number().nullable(),
  /** The end of the filling window of the earliest REAP owed (its year's window), null when none is owed or no window is set. */
  prazoReap: z.string().nullable(),
  solicitacoesEmAndamento: z.number().nullable(),
  /** Appeals sent and not yet decided. */
  recursosPendentes: z.number().nullable(),
  idDelegacao: z.number(),
  servicos: z.array(z.number()),
  fim: z.string(),
  situacaoDelegacao: z.number(),
});
export type Representado = z.infer<typeof representadoSchema>;
export const mesaAgenteSchema = z.object({
  entidades: z.array(z.object({ id: z.number(), nome: z.string(), situacao: z.number(), validadeAgente: z.string() })),
  /** Every fisher the filter finds, not only this page's. */
  total: z.number(),
  representados: z.array(representadoSchema),
  /** The cursor of the next page (`apos`: the last fisher's id), null on the last. */
  proximo: z.number().nullable(),
});
export type MesaAgente = z.infer<typeof mesaAgenteSchema>;

const simOuNao = z.enum(['sim', 'nao'], { error: 'Use sim ou nao.' }).optional();
/** The desk's filters; the CSV takes the same, without the page. */
export const filtroCsvMesaSchema = z.object({
  nome: texto().trim().max(200).optional(),
  situacaoDelegacao: z.coerce.number().int().min(1).max(2, 'A mesa lista delegações ativas ou aguardando validação.').optional(),
  situacaoRegistro: z.coerce.number().int().min(1).max(8, 'Situação do registro inválida.').optional(),
  /** Owes at least one REAP (sim) or none (nao). */
  deveReap: simOuNao,
  /** Has a request in progress (sent, in analysis, being updated). */
  emAndamento: simOuNao,
  /** Has an appeal waiting for a decision. */
  recursoPendente: simOuNao,
});
export type FiltroCsvMesa = z.output<typeof filtroCsvMesaSchema>;
export const TAMANHO_PAGINA_MESA = 50;
export const filtroMesaSchema = filtroCsvMesaSchema.extend({
  tamanhoPagina: z.coerce.number().int().min(1).max(200).default(TAMANHO_PAGINA_MESA),
  /** Keyset page: the `proximo` of the previous page. */
  apos: idCoagido({ obrigatorio: 'Página inválida.', invalido: 'Página inválida.' }).optional(),
});
export type FiltroMesa = z.output<typeof filtroMesaSchema>;
