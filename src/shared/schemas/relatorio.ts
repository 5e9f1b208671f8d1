import { z } from 'zod';
import { isValidCpf, onlyDigits } from '../cpf';
import { IDADE_MINIMA_PESCADOR, TIMEZONE } from '../datas';
import { normalizarRgp } from '../rgp';
import { isUf } from '../ufs';
import { idCoagido, texto } from './primitivos';

/** The fisher report (spec point 3; docs/decisions/0036). */

export const MENSAGENS_RELATORIO = {
  emitido: 'Relatório Emitido com sucesso!',
  erro: 'Erro ao gerar relatório',
  idadeMinima: `Idade deve ser Maior que ${IDADE_MINIMA_PESCADOR} anos.`,
  idadeAmbas: 'Informe a idade inicial e a idade final',
  idadeOrdem: 'A idade inicial deve ser menor ou igual à idade final',
  carteiraOrdem: 'A data inicial de emissão da carteira deve ser anterior ou igual à data final',
  carteiraAntesDaSolicitacao: 'A data inicial de emissão da carteira deve ser igual ou posterior à data inicial da solicitação',
  solicitacaoOrdem: 'A data inicial da solicitação deve ser anterior ou igual à data final',
  cpfInvalido: 'CPF inválido',
  cnpjInvalido: 'CNPJ inválido',
  ufInvalida: 'UF inválida',
  emProcessamento: 'O relatório está sendo gerado. Acompanhe o andamento nesta página.',
  foraDoEscopo: 'Você só pode emitir relatórios de pescadores da UF do seu órgão ou das UFs das forças-tarefa ativas das quais participa.',
  filtroExterno: 'Seu perfil não pode filtrar por idade, escolaridade, etnia ou alfabetização.',
  filtroPessoaExterno: 'Seu perfil vê o CPF mascarado e por isso não pode filtrar por nome, CPF ou número do RGP.',
  naoEncontrado: 'Relatório não encontrado.',
  naoConcluido: 'O relatório ainda não está pronto.',
  enderecoInvalido: 'Endereço do relatório inválido ou expirado. Emita o relatório novamente.',
  nenhumPescador: 'Nenhum pescador encontrado com esses filtros.',
} as const;

export const LIMITE_RELATORIO_SINCRONO = 20_000;
export const TAMANHO_PREVIA = 20;

export const FORMATOS_RELATORIO = ['csv', 'xlsx'] as const;
export type FormatoRelatorio = (typeof FORMATOS_RELATORIO)[number];
export const MIME_RELATORIO: Record<FormatoRelatorio, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const SituacaoRelatorio = { PENDENTE: 1, PROCESSANDO: 2, CONCLUIDO: 3, ERRO: 4 } as const;
export type SituacaoRelatorio = (typeof SituacaoRelatorio)[keyof typeof SituacaoRelatorio];
export const situacaoRelatorioLabel: Record<SituacaoRelatorio, string> = {
  1: 'Na fila', 2: 'Em processamento', 3: 'Concluído', 4: 'Erro',
};

/** With the offset in force then, past DST included. */
export function instanteSaoPaulo(data: string, hora: string): string {
  const alvo = Date.parse(`${data}T${hora}Z`);
  // A guess, then the corrected instant: once more settles any DST edge.
  let instante = alvo;
  for (let i = 0; i < 2; i++) instante = alvo - deslocamentoMs(instante);
  return new Date(instante).toISOString();
}

const formatoOffset = new Intl.DateTimeFormat('en-US', {
  timeZone: TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

/** −3 h today. */
function deslocamentoMs(instante: number): number {
  const p = Object.fromEntries(formatoOffset.formatToParts(new Date(instante)).map((x) => [x.type, x.value]));
  const comoUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return comoUtc - Math.floor(instante / 1000) * 1000;
}

const dataIso = z.iso.date({ error: 'Data inválida' });
const inteiro = (min: number, max: number) => z.coerce.number({ error: 'Valor inválido' }).int('Valor inválido').min(min, 'Valor inválido').max(max, 'Valor inválido');
const booleano = z.enum(['true', 'false'], { error: 'Valor inválido' }).transform((v) => v === 'true');
/** CONSULTA_EXTERNO reads the CPF masked; a full CPF, a name or an RGP would tell whose it is (decision 0046). */
export const FILTROS_QUE_IDENTIFICAM = ['nome', 'cpfPescador', 'numeroRGP'] as const;

/** The screen sends every filter's field. */
const opcional = <T extends z.ZodType>(s: T) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());

/** Repeated (`g=1&g=2`) or comma-separated (`g=1,2`). */
const listaIds = z.union([texto(), z.array(texto())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^\d{1,3}$/, 'Valor inválido').transform(Number)).max(30));

export const filtrosRelatorioCampos = z.object({
  nome: opcional(texto().trim().max(200).transform((v) => v.toLocaleUpperCase('pt-BR'))),
  // A CPF that cannot exist would emit an empty file "com sucesso".
  cpfPescador: opcional(texto().max(20).transform(onlyDigits).pipe(z.string().refine(isValidCpf, MENSAGENS_RELATORIO.cpfInvalido))),
  numeroRGP: opcional(texto().max(30).transform(normalizarRgp).pipe(z.string().min(1).max(15, 'RGP inválido'))),
  uf: opcional(texto().max(2).transform((v) => v.toUpperCase()).refine(isUf, MENSAGENS_RELATORIO.ufInvalida)),
  municipio: opcional(idCoagido()),
  tieTiem: opcional(texto().trim().max(30).transform((v) => v.toUpperCase())),
  situacao: opcional(inteiro(1, 8)),
  sexo: opcional(inteiro(1, 3)),
  propriedadeEmbarcacao: opcional(inteiro(1, 99)),
  categoria: opcional(inteiro(1, 2)),
  formaAtuacao: opcional(inteiro(1, 2)),
  recebeuAjuda: opcional(booleano),
  tipoAmbientePesca: opcional(inteiro(1, 99)),
  escolaridade: opcional(inteiro(1, 12)),
  alfabetizacao: opcional(booleano),
  etnia: opcional(inteiro(1, 99)),
  cnpjEntidadeRepresentante: opcional(texto().max(20).transform(onlyDigits).pipe(z.string().regex(/^\d{14}$/, MENSAGENS_RELATORIO.cnpjInvalido))),
  nacionalidadeBrasileira: opcional(z.enum(['BRASILEIRA', 'ESTRANGEIRA', 'true', 'false'], { error: 'Valor inválido' })
    .transform((v) => v === 'BRASILEIRA' || v === 'true')),
  dataInicioEmissaoCarteira: opcional(dataIso),
  dataFimEmissaoCarteira: opcional(dataIso),
  idadeInicial: opcional(inteiro(0, 130)),
  idadeFinal: opcional(inteiro(0, 130)),
  dataInicioSolicitacao: opcional(dataIso),
  dataFimSolicitacao: opcional(dataIso),
  grupoAlvoPesca: opcional(listaIds),
});

type Campos = z.output<typeof filtrosRelatorioCampos>;

/** Spec point 5. */
function regrasDoRelatorio(v: Campos, ctx: z.RefinementCtx): void {
  const erro = (campo: keyof Campos, message: string) => ctx.addIssue({ code: 'custom', path: [campo], message });
  const temInicial = v.idadeInicial !== undefined;
  const temFinal = v.idadeFinal !== undefined;
  if (temInicial !== temFinal) erro(temInicial ? 'idadeFinal' : 'idadeInicial', MENSAGENS_RELATORIO.idadeAmbas);
  if (temInicial && v.idadeInicial! < IDADE_MINIMA_PESCADOR) erro('idadeInicial', MENSAGENS_RELATORIO.idadeMinima);
  if (temFinal && v.idadeFinal! < IDADE_MINIMA_PESCADOR) erro('idadeFinal', MENSAGENS_RELATORIO.idadeMinima);
  if (temInicial && temFinal && v.idadeInicial! > v.idadeFinal!) erro('idadeFinal', MENSAGENS_RELATORIO.idadeOrdem);
  if (v.dataInicioEmissaoCarteira && v.dataFimEmissaoCarteira && v.dataInicioEmissaoCarteira > v.dataFimEmissaoCarteira) {
    erro('dataFimEmissaoCarteira', MENSAGENS_RELATORIO.carteiraOrdem);
  }
  if (v.dataInicioEmissaoCarteira && v.dataInicioSolicitacao && v.dataInicioEmissaoCarteira < v.dataInicioSolicitacao) {
    erro('dataInicioEmissaoCarteira', MENSAGENS_RELATORIO.carteiraAntesDaSolicitacao);
  }
  if (v.dataInicioSolicitacao && v.dataFimSolicitacao && v.dataInicioSolicitacao > v.dataFimSolicitacao) {
    erro('dataFimSolicitacao', MENSAGENS_RELATORIO.solicitacaoOrdem);
  }
}

export interface FiltrosRelatorio extends Omit<Campos,
  'dataInicioEmissaoCarteira' | 'dataFimEmissaoCarteira' | 'dataInicioSolicitacao' | 'dataFimSolicitacao'> {
  emissaoCarteiraDe?: string;
  emissaoCarteiraAte?: string;
  solicitacaoDe?: string;
  solicitacaoAte?: string;
}

function normalizar(v: Campos): FiltrosRelatorio {
  const { dataInicioEmissaoCarteira, dataFimEmissaoCarteira, dataInicioSolicitacao, dataFimSolicitacao, ...resto } = v;
  const f: FiltrosRelatorio = Object.fromEntries(Object.entries(resto).filter(([, x]) => x !== undefined && x !== '')) as FiltrosRelatorio;
  if (f.grupoAlvoPesca?.length === 0) delete f.grupoAlvoPesca;
  if (dataInicioEmissaoCarteira) f.emissaoCarteiraDe = instanteSaoPaulo(dataInicioEmissaoCarteira, '00:00:00');
  if (dataFimEmissaoCarteira) f.emissaoCarteiraAte = instanteSaoPaulo(dataFimEmissaoCarteira, '23:59:59');
  if (dataInicioSolicitacao) f.solicitacaoDe = instanteSaoPaulo(dataInicioSolicitacao, '00:00:00');
  if (dataFimSolicitacao) f.solicitacaoAte = instanteSaoPaulo(dataFimSolicitacao, '23:59:59');
  return f;
}

export const filtrosRelatorioQuery = filtrosRelatorioCampos.superRefine(regrasDoRelatorio).transform(normalizar);

export const emissaoRelatorioQuery = filtrosRelatorioCampos
  .extend({ formato: opcional(z.enum(FORMATOS_RELATORIO, { error: 'Formato inválido' })) })
  .superRefine(regrasDoRelatorio)
  .transform(({ formato, ...v }) => ({ formato: formato ?? 'csv' as FormatoRelatorio, filtros: normalizar(v) }));

export const linhaRelatorioSchema = z.object({
  id: z.number(),
  /** Masked for CONSULTA_EXTERNO. */
  cpf: z.string(),
  nome: z.string(),
  uf: z.string().nullable(),
  municipio: z.string().nullable(),
  categoria: z.string().nullable(),
  situacao: z.string().nullable(),
  numeroRGP: z.string().nullable(),
  sexo: z.string().nullable(),
  idade: z.number().nullable(),
});
export type LinhaRelatorio = z.infer<typeof linhaRelatorioSchema>;

export const previaRelatorioSchema = z.object({
  total: z.number(),
  pescadores: z.array(linhaRelatorioSchema),
  processamentoEmSegundoPlano: z.boolean(),
});
export type PreviaRelatorio = z.infer<typeof previaRelatorioSchema>;

export const execucaoRelatorioSchema = z.object({
  id: z.number(),
  situacao: z.number(),
  situacaoDescricao: z.string(),
  formato: z.enum(FORMATOS_RELATORIO),
  total: z.number(),
  processados: z.number(),
  url: z.string().nullable(),
  mensagem: z.string().nullable(),
});
export type ExecucaoRelatorio = z.infer<typeof execucaoRelatorioSchema>;

/** Plus `jwt`: a new tab sends no header. */
export const arquivoRelatorioQuery = z.object({
  expira: texto().max(20).optional(),
  assinatura: texto().max(100).optional(),
  jwt: texto().max(4000).optional(),
});
