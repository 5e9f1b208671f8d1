import { z } from 'zod';
import { avisoReapSchema, suspensaoReapSchema } from './reap-inadimplencia';
import { onlyDigits } from '../cpf';
import { MENSAGENS_REAP, problemasReapArtesanal, TipoPrestacaoServico } from '../regras/reap';
import { documentoSchema } from './documento';
import { id, idCoagido, texto } from './primitivos';
import { areaPretendidaPescaSchema } from './solicitacao';
import { paginacaoSchema } from './solicitacao-api';

/** REAP on the wire (spec points 3, 5 and 7). Rules in ../regras/reap.ts. */

/** From the oldest first RGP the registry knows to a few years ahead. */
export const anoReferenciaSchema = z.coerce.number().int().min(1950, 'Ano inválido').max(2100, 'Ano inválido');

const diaSchema = z.number().int().min(0, 'Informe um número de dias entre 0 e 31').max(31, 'Informe um número de dias entre 0 e 31');
const quantidade = z.number().min(0, 'Informe um valor maior que zero').max(1_000_000_000, 'Valor grande demais');
const idRef = z.object({ id: id().nullable().optional() });

export const reapArtesanalCampos = z.object({
  id: id(),
  solicitacao: z.object({ id: id() }).optional(),
  anoReferencia: anoReferenciaSchema,
  categoria: z.number().int().min(1).max(2).optional(),
  tipoPrestacaoServico: id().nullable().optional(),
  realizouPesca: z.boolean().nullable().optional(),
  houveComercializacao: z.boolean().nullable().optional(),
  totalDiasTrabalhadoAno: z.number().int().min(0).max(366).nullable().optional(),
  reapsArtesanais: z.array(z.object({
    id: id().optional(),
    mesReferencia: z.number().int().min(1).max(12),
    quantidadeDiasTrabalhados: diaSchema.nullable().optional(),
  })).max(12).default([]),
  resultadosOperacaoPesca: z.array(z.object({
    especiePescado: idRef.nullable().optional(),
    tipoUnidadeMedida: idRef.nullable().optional(),
    totalPescado: quantidade.nullable().optional(),
    precoQuilo: quantidade.nullable().optional(),
  })).max(100).default([]),
  gruposAlvosPescado: z.array(z.object({ grupoAlvo: id().nullable().optional() })).max(20).default([]),
  locaisPescaPetrecho: z.array(z.object({
    ambientePesca: id().nullable().optional(),
    petrechoPesca: id().nullable().optional(),
    areaPretendidaPesca: areaPretendidaPescaSchema.nullable().optional(),
  })).max(30).default([]),
  ufsComercializacao: z.array(z.object({
    uf: texto().length(2, 'UF inválida').transform((v) => v.toUpperCase()).nullable().optional(),
    comercializacoesPescado: z.array(z.object({ tipoComprador: id().nullable().optional() })).max(20).default([]),
  })).max(27).default([]),
  justificativasSolicitacao: z.array(z.object({ justificativaNaoDeclaracao: id().nullable().optional() })).max(10).default([]),
  enviada: z.boolean(),
});

/** Spec point 5's rules apply when it is sent. */
export const reapArtesanalCorpo = reapArtesanalCampos.superRefine((v, ctx) => {
  if (!v.enviada) return;
  for (const p of problemasReapArtesanal(v)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
});
export type ReapArtesanalCorpo = z.output<typeof reapArtesanalCampos>;

export const reapIndustrialCorpo = z.object({
  id: id(),
  tipoPrestacaoServico: z.union([z.literal(TipoPrestacaoServico.CTPS), z.literal(TipoPrestacaoServico.CONTRATO_PARCERIA)], {
    error: MENSAGENS_REAP.tipoPrestacaoServico,
  }).nullable().optional(),
  realizouPesca: z.boolean().nullable().optional(),
  categoria: z.number().int().min(1).max(2).optional(),
  anoReferencia: anoReferenciaSchema,
  enviada: z.boolean(),
}).superRefine((v, ctx) => {
  if (!v.enviada) return;
  if (v.realizouPesca === null || v.realizouPesca === undefined) {
    ctx.addIssue({ code: 'custom', path: ['realizouPesca'], message: MENSAGENS_REAP.realizouPesca });
  }
  if (!v.tipoPrestacaoServico) ctx.addIssue({ code: 'custom', path: ['tipoPrestacaoServico'], message: MENSAGENS_REAP.tipoPrestacaoServico });
});
export type ReapIndustrialCorpo = z.output<typeof reapIndustrialCorpo>;

export const MENSAGENS_PREFERIDAS_REAP: readonly string[] = Object.values(MENSAGENS_REAP);

export const obrigacaoSchema = z.object({
  id: z.number().int(),
  idSolicitacao: z.number().int(),
  idPescador: z.number().int(),
  anoReferencia: z.number().int(),
  categoria: z.number().int(),
  enviada: z.boolean(),
  iniciada: z.boolean(),
  situacao: z.number().int(),
  inicioPreenchimento: z.string().nullable(),
  fimPreenchimento: z.string().nullable(),
  /** Fillable today: inside its window, or 2025. */
  noPrazo: z.boolean(),
  enviadaEm: z.string().nullable(),
});
export type Obrigacao = z.infer<typeof obrigacaoSchema>;

export const listaObrigacoesSchema = z.object({
  total: z.number().int(),
  pagina: z.number().int(),
  tamanhoPagina: z.number().int(),
  obrigacoes: z.array(obrigacaoSchema),
});
export type ListaObrigacoes = z.infer<typeof listaObrigacoesSchema>;

export const obrigacaoServidorSchema = obrigacaoSchema.extend({
  nomePescador: z.string(),
  cpfPescador: z.string(),
  numeroRgp: z.string().nullable(),
  uf: z.string().nullable(),
  idMunicipio: z.number().int().nullable(),
  nomeMunicipio: z.string().nullable(),
});
export type ObrigacaoServidor = z.infer<typeof obrigacaoServidorSchema>;

export const listaObrigacoesServidorSchema = z.object({
  total: z.number().int(),
  pagina: z.number().int(),
  tamanhoPagina: z.number().int(),
  obrigacoes: z.array(obrigacaoServidorSchema),
});
export type ListaObrigacoesServidor = z.infer<typeof listaObrigacoesServidorSchema>;

export const questionarioSchema = obrigacaoSchema.extend({
  solicitacao: z.object({ id: z.number().int() }),
  /** A staff view of it is audited as a view of the fisher's data. */
  pescador: z.object({ nome: z.string(), cpf: z.string(), uf: z.string().nullable() }),
  tipoPrestacaoServico: z.number().int().nullable(),
  realizouPesca: z.boolean().nullable(),
  houveComercializacao: z.boolean().nullable(),
  totalDiasTrabalhadoAno: z.number().int().nullable(),
  reapsArtesanais: z.array(z.object({ mesReferencia: z.number().int(), quantidadeDiasTrabalhados: z.number().int().nullable() })),
  resultadosOperacaoPesca: z.array(z.object({
    especiePescado: z.object({ id: z.number().int().nullable(), nome: z.string().nullable(), nomeCientifico: z.string().nullable() }),
    tipoUnidadeMedida: z.object({ id: z.number().int().nullable() }),
    totalPescado: z.number().nullable(),
    precoQuilo: z.number().nullable(),
  })),
  gruposAlvosPescado: z.array(z.object({ grupoAlvo: z.number().int().nullable() })),
  locaisPescaPetrecho: z.array(z.object({
    ambientePesca: z.number().int().nullable(),
    petrechoPesca: z.number().int().nullable(),
    areaPretendidaPesca: z.object({
      idMunicipio: z.number().int().nullable(),
      tipoLocalPesca: z.number().int().nullable(),
      nomePopularLocalPesca: z.string().nullable(),
    }).nullable(),
  })),
  ufsComercializacao: z.array(z.object({
    uf: z.string().nullable(),
    comercializacoesPescado: z.array(z.object({ tipoComprador: z.number().int().nullable() })),
  })),
  justificativasSolicitacao: z.array(z.object({ justificativaNaoDeclaracao: z.number().int().nullable() })),
  documentosJustificativa: z.array(documentoSchema),
  documentoRelacaoTrabalho: z.array(documentoSchema),
  codigoVerificacao: z.string().nullable(),
});
export type Questionario = z.infer<typeof questionarioSchema>;

/** Spec point 4. */
export const reapPendenteSchema = z.object({
  ano: z.number().int(),
  status: z.enum(['toCreate', 'pending']),
  /** For a year to create (empty otherwise). */
  months: z.array(z.number().int()),
});
export const reapsPendentesSchema = z.array(reapPendenteSchema);
export type ReapPendente = z.infer<typeof reapPendenteSchema>;

// Its own small module, which the fisher's /home loads.
export { MotivoSemReap, situacaoReapPescadorSchema, type SituacaoReapPescador } from './reap-situacao';

export const geracaoReapSchema = z.object({ criadas: z.array(z.number().int()) });

const enviadaFiltro = z.enum(['true', 'false']).transform((v) => v === 'true');

export const filtroObrigacoesPescador = paginacaoSchema.extend({
  idPescador: idCoagido(),
  anoReferencia: anoReferenciaSchema.optional(),
  enviada: enviadaFiltro.optional(),
});
export type FiltroObrigacoesPescador = z.output<typeof filtroObrigacoesPescador>;

export const MENSAGENS_FILTRO_REAP = {
  cpfIncompleto: 'Informe o CPF completo, com 11 dígitos',
  nome: 'Informe pelo menos 3 letras do nome',
} as const;

export const filtroObrigacoesServidor = paginacaoSchema.extend({
  anoReferencia: anoReferenciaSchema.optional(),
  uf: texto().length(2, 'UF inválida').transform((v) => v.toUpperCase()).optional(),
  idMunicipio: idCoagido().optional(),
  // Only the length: a migrated record may carry a CPF whose check digits fail, and staff must still find it.
  cpf: texto().transform(onlyDigits).pipe(z.string().regex(/^\d{11}$/, MENSAGENS_FILTRO_REAP.cpfIncompleto)).optional(),
  nome: texto().trim().min(3, MENSAGENS_FILTRO_REAP.nome).max(150).optional(),
  enviada: enviadaFiltro.optional(),
  categoria: z.coerce.number().int().min(1).max(2).optional(),
});
export type FiltroObrigacoesServidor = z.output<typeof filtroObrigacoesServidor>;

export const prazoReapSchema = z.object({
  anoReferencia: z.number().int(),
  inicioPreenchimento: z.string(),
  fimPreenchimento: z.string(),
  /** The last extension's; null for one set without an act. */
  atoNormativo: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  /** Null before it started (docs/decisions/0051). */
  obrigacoes: z.object({ criadas: z.number().int(), concluidaEm: z.string().nullable() }).nullable(),
  /** Null before its window first closed (docs/decisions/0055). */
  aviso: avisoReapSchema.nullable(),
  /** Scheduled by an act (docs/decisions/0055). */
  suspensao: suspensaoReapSchema.nullable(),
});
export type PrazoReap = z.infer<typeof prazoReapSchema>;

export const prazoReapHistoricoSchema = z.object({
  id: z.number().int(),
  anoReferencia: z.number().int(),
  inicioPreenchimento: z.string(),
  fimPreenchimento: z.string(),
  atoNormativo: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  registradoEm: z.string(),
});
export type PrazoReapHistorico = z.infer<typeof prazoReapHistoricoSchema>;

export const anoParam = z.object({ ano: anoReferenciaSchema });

export const MENSAGENS_PRAZO_REAP = {
  ano: 'Informe o ano de referência',
  anoInvalido: 'O ano de referência deve ter 4 dígitos',
  inicio: 'Informe o início do preenchimento',
  fim: 'Informe o fim do preenchimento',
  data: 'Data inválida',
  ato: 'Informe o ato normativo',
  atoNaoEncontrado: 'Ato normativo não encontrado.',
  /** An extension is a new act (docs/decisions/0071). */
  atoRepetido: (ano: number) => `Este ato normativo já definiu um prazo da REAP de ${ano}. Para prorrogar, cite o novo ato normativo.`,
} as const;

const dataPrazo = (obrigatorio: string) => z.string(obrigatorio).min(1, obrigatorio).pipe(z.iso.date(MENSAGENS_PRAZO_REAP.data));
const fimNaoAntesDoInicio = <T extends { inicioPreenchimento: string; fimPreenchimento: string }>(v: T) => v.fimPreenchimento >= v.inicioPreenchimento;

/** A window set without an act, before docs/decisions/0052, is kept with no act. */
export const prazoReapCorpo = z.object({
  inicioPreenchimento: dataPrazo(MENSAGENS_PRAZO_REAP.inicio),
  fimPreenchimento: dataPrazo(MENSAGENS_PRAZO_REAP.fim),
  idAtoNormativo: z.number(MENSAGENS_PRAZO_REAP.ato).int(MENSAGENS_PRAZO_REAP.ato).positive(MENSAGENS_PRAZO_REAP.ato)
    .max(2_147_483_647, MENSAGENS_PRAZO_REAP.atoNaoEncontrado).optional(),
}).refine(fimNaoAntesDoInicio, { path: ['fimPreenchimento'], message: MENSAGENS_REAP.prazoInvalido });

export const prazoReapFormulario = z.object({
  anoReferencia: z.string(MENSAGENS_PRAZO_REAP.ano).min(1, MENSAGENS_PRAZO_REAP.ano).regex(/^\d{4}$/, MENSAGENS_PRAZO_REAP.anoInvalido)
    .transform(Number).pipe(z.number().int().min(1950, 'Ano inválido').max(2100, 'Ano inválido')),
  inicioPreenchimento: dataPrazo(MENSAGENS_PRAZO_REAP.inicio),
  fimPreenchimento: dataPrazo(MENSAGENS_PRAZO_REAP.fim),
  idAtoNormativo: z.string(MENSAGENS_PRAZO_REAP.ato).min(1, MENSAGENS_PRAZO_REAP.ato).transform(Number),
}).refine(fimNaoAntesDoInicio, { path: ['fimPreenchimento'], message: MENSAGENS_REAP.prazoInvalido });

export const envioDocumentoReapCampos = z.object({
  idQuestionarioBasico: idCoagido({ obrigatorio: MENSAGENS_REAP.naoEncontrada, invalido: MENSAGENS_REAP.naoEncontrada }),
  tipo: z.coerce.number().int().optional(),
});

export const envioDocumentoReapIndustrialCampos = z.object({
  idReapIndustrial: idCoagido({ obrigatorio: MENSAGENS_REAP.naoEncontrada, invalido: MENSAGENS_REAP.naoEncontrada }),
  tipo: z.coerce.number().int().optional(),
});

export const documentoReapParams = z.object({ idReap: idCoagido(), id: idCoagido() });
