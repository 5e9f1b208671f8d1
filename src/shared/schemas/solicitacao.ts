import { z } from 'zod';
import { onlyDigits } from '../cpf';
import { maiorDeIdade, MENSAGENS_DATAS, naoFutura } from '../datas';
import { Nacionalidade, TipoDocumento, TipoSolicitacao } from '../enums';
import { guardarRgp, isRgpValido, MENSAGEM_RGP_INVALIDO } from '../rgp';
import { isUf } from '../ufs';
import { cpfSchema } from './cpf';
import type { ProblemaDeCampo } from './formulario';
import { diaExiste, id as idPrimitivo, texto as textoPrimitivo } from './primitivos';
import { MENSAGENS_SOLICITACAO, tiposComAssistente } from '../mensagens/solicitacao';

export { MENSAGENS_SOLICITACAO, tiposComAssistente };

/** The wizard's wire shapes (spec point 3), validating both the browser's forms and the server's bodies. */

export const NOME_PAI_NAO_INFORMADO = 'NÃO INFORMADO';

const obrigatorio = 'Campo obrigatório';

export const dataIso = textoPrimitivo({ error: obrigatorio }).regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida').refine(diaExiste, 'Data inválida');

/** In São Paulo (docs/decisions/0018). */
export const dataPassada = dataIso.refine((v) => naoFutura(v), MENSAGENS_DATAS.dataFutura);
/** At least 18 years ago (docs/decisions/0018). */
export const dataNascimentoPescador = dataPassada.refine((v) => maiorDeIdade(v), MENSAGENS_DATAS.idadeMinima);

const texto = (max: number, min = 1) =>
  textoPrimitivo({ error: obrigatorio }).trim().min(min, min === 1 ? obrigatorio : `Deve ter no mínimo ${min} caracteres`).max(max, `Deve ter no máximo ${max} caracteres`);
const textoOpcional = (max: number) => textoPrimitivo().trim().max(max, `Deve ter no máximo ${max} caracteres`).optional().nullable()
  .transform((v) => (v ? v : null));
const id = idPrimitivo({ obrigatorio, invalido: 'Valor inválido' });
const sigla = textoPrimitivo({ error: obrigatorio }).refine(isUf, 'UF inválida');
const digitos = (n: number | [number, number], msg: string) => textoPrimitivo({ error: obrigatorio }).transform(onlyDigits).refine(
  (v) => (Array.isArray(n) ? v.length >= n[0] && v.length <= n[1] : v.length === n), msg);
const simNao = z.boolean({ error: obrigatorio });

export function isValidCnpj(value: string): boolean {
  const c = onlyDigits(value);
  if (c.length !== 14 || /^(\d)\1{13}$/.test(c)) return false;
  const dv = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + w * Number(c[i]), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return dv(12) === Number(c[12]) && dv(13) === Number(c[13]);
}
export const cnpjSchema = textoPrimitivo({ error: obrigatorio }).transform(onlyDigits).refine(isValidCnpj, 'CNPJ inválido');

// step 1: personal data

export const docIdentificacaoSchema = z.object({
  numero: texto(20),
  ufEmissao: sigla,
  orgaoEmissor: id,
  dataEmissao: dataPassada,
});

export const documentoSocialSchema = z.object({
  tipo: z.union([
    z.literal(TipoDocumento.PIS), z.literal(TipoDocumento.PASEP), z.literal(TipoDocumento.NIS), z.literal(TipoDocumento.NIT),
  ], { error: obrigatorio }),
  numero: digitos(11, 'Deve ter 11 dígitos'),
});

export const enderecoSchema = z.object({
  cep: digitos(8, 'CEP inválido'),
  logradouro: texto(150),
  numeroLogradouro: texto(10),
  bairro: texto(100),
  complemento: textoOpcional(100),
  municipio: id,
  uf: sigla,
});

export const contatoSchema = z.object({
  email: z.union([z.email('E-mail inválido'), z.literal(''), z.null()]).optional().transform((v) => (v ? v : null)),
  telefone: digitos([10, 11], 'Telefone inválido'),
});

export const protocoloSchema = z.object({
  dataProtocolo: dataIso,
  /** Digits only on the wire. */
  numeroNupSei: digitos(17, 'Número de processo inválido'),
});

/** Optional: a fisher may have lost the number (docs/decisions/0033). */
export const rgpAnteriorSchema = z.object({
  numeroRGP: textoPrimitivo().trim().max(20).refine((v) => v === '' || isRgpValido(v), MENSAGEM_RGP_INVALIDO)
    .transform((v) => (v === '' ? null : guardarRgp(v))).nullable().optional(),
  dataPrimeiroRgp: dataPassada.nullable().optional(),
});
export type RgpAnterior = z.output<typeof rgpAnteriorSchema>;

/** Never accepted from the client. */
export const rgpLeituraSchema = z.object({
  numeroRGP: z.string().nullable(),
  numeroPrimeiroRGP: z.string().nullable(),
  orgao: z.string().nullable(),
  dataPrimeiroRgp: z.string().nullable(),
  origem: z.string().nullable(),
  situacao: z.number().int().nullable(),
  dataSuspensoCancelado: z.string().nullable(),
  podeAcessarSistema: z.boolean(),
});

const passo1Base = z.object({
  cpf: cpfSchema,
  nome: texto(150, 3).transform((v) => v.toUpperCase()),
  dataNascimento: dataNascimentoPescador,
  sexo: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: obrigatorio }),
  nomeMae: texto(150, 3).transform((v) => v.toUpperCase()),
  nomePai: texto(150, 3).transform((v) => v.toUpperCase()),
  apelido: textoOpcional(60),
  escolaridade: id,
  etnia: id,
  alfabetizacao: simNao,
  nacionalidadeBrasileira: z.enum([Nacionalidade.BRASILEIRA, Nacionalidade.ESTRANGEIRA], { error: obrigatorio }),
  docIdentificacao: docIdentificacaoSchema,
  documentoSocial: documentoSocialSchema.optional().nullable(),
  endereco: enderecoSchema,
  contato: contatoSchema,
  protocolo: protocoloSchema.optional().nullable(),
  rgpAnterior: rgpAnteriorSchema.optional().nullable(),
});

export function passo1Schema(tipo: number) {
  return passo1Base.superRefine((v, ctx) => {
    if (v.nacionalidadeBrasileira === Nacionalidade.BRASILEIRA && !v.documentoSocial) {
      ctx.addIssue({ code: 'custom', path: ['documentoSocial'], message: obrigatorio });
    }
    if (tipo === TipoSolicitacao.REGISTRO_PROTOCOLO && !v.protocolo) {
      ctx.addIssue({ code: 'custom', path: ['protocolo'], message: obrigatorio });
    }
  }).transform((v) => ({
    ...v,
    documentoSocial: v.nacionalidadeBrasileira === Nacionalidade.ESTRANGEIRA ? null : (v.documentoSocial ?? null),
    protocolo: tipo === TipoSolicitacao.REGISTRO_PROTOCOLO ? (v.protocolo ?? null) : null,
    rgpAnterior: tipo === TipoSolicitacao.RECADASTRAMENTO && (v.rgpAnterior?.numeroRGP || v.rgpAnterior?.dataPrimeiroRgp)
      ? { numeroRGP: v.rgpAnterior.numeroRGP ?? null, dataPrimeiroRgp: v.rgpAnterior.dataPrimeiroRgp ?? null }
      : null,
  }));
}
export type Passo1 = z.output<ReturnType<typeof passo1Schema>>;

// step 2: fishing activity

export const FormaAtuacao = { EMBARCADO: 1, DESEMBARCADO: 2 } as const;

export const embarcacaoSchema = z.object({
  nome: texto(100),
  tie: texto(30),
  rgp: textoOpcional(30),
  /** Not for artesanal. */
  cir: textoOpcional(30),
  tamanho: z.number({ error: obrigatorio }).positive('Valor inválido').max(400, 'Valor inválido'),
  propulsao: id,
  /** 0 without engine. */
  potencia: z.number({ error: obrigatorio }).min(0, 'Valor inválido').max(100_000, 'Valor inválido'),
  proprietario: texto(150),
  tipoEmbarcacao: z.object({ id }),
});

export const areaPretendidaPescaSchema = z.object({
  id: idPrimitivo().optional(),
  idMunicipio: id.nullable().optional(),
  tipoLocalPesca: id.nullable().optional(),
  nomePopularLocalPesca: textoPrimitivo().trim().max(150, 'Deve ter no máximo 150 caracteres').nullable().optional(),
});

export const entidadeRepresentanteSchema = z.object({
  cnpj: cnpjSchema,
  nome: texto(150),
  siglaUf: sigla,
  email: z.union([z.email('E-mail inválido'), z.literal(''), z.null()]).optional().transform((v) => (v ? v : null)),
});

const passo2Base = z.object({
  dadosAtividadePesca: z.object({
    formaAtuacaoPesca: z.object({
      formaAtuacao: z.union([z.literal(1), z.literal(2)], { error: obrigatorio }),
      categoria: z.union([z.literal(1), z.literal(2)], { error: obrigatorio }),
      propriedadeEmbarcacao: z.object({ id }).nullable().optional(),
      possuiRegistroEmbarcacao: z.boolean().nullable().optional(),
      embarcacao: embarcacaoSchema.nullable().optional(),
    }),
    ambientePesca: z.array(id).min(1, 'Informe pelo menos 1 ambiente de pesca').max(10),
    areaPretendidaPesca: z.array(areaPretendidaPescaSchema).min(1, 'Informe pelo menos 1 local de pesca').max(50),
    gruposAlvosPesca: z.array(id).min(1, 'Informe pelo menos 1 grupo-alvo de pesca').max(20),
  }),
  possuiInstituicaoRepresentante: simNao,
  entidadeRepresentante: entidadeRepresentanteSchema.nullable().optional(),
});

export interface Passo2Regras {
  dadosAtividadePesca?: {
    formaAtuacaoPesca?: {
      formaAtuacao?: number | null | undefined;
      categoria?: number | null | undefined;
      propriedadeEmbarcacao?: unknown;
      possuiRegistroEmbarcacao?: boolean | null | undefined;
      embarcacao?: unknown;
    } | undefined;
    areaPretendidaPesca?: readonly {
      idMunicipio?: number | null | undefined;
      tipoLocalPesca?: number | null | undefined;
      nomePopularLocalPesca?: string | null | undefined;
    }[] | undefined;
  } | undefined;
  possuiInstituicaoRepresentante?: boolean | null | undefined;
  entidadeRepresentante?: unknown;
}

export function regrasPasso2(v: Passo2Regras): ProblemaDeCampo[] {
  const p: ProblemaDeCampo[] = [];
  const forma = ['dadosAtividadePesca', 'formaAtuacaoPesca'];
  const f = v.dadosAtividadePesca?.formaAtuacaoPesca ?? {};
  if (f.formaAtuacao === FormaAtuacao.EMBARCADO) {
    if (!f.propriedadeEmbarcacao) p.push({ path: [...forma, 'propriedadeEmbarcacao'], message: obrigatorio });
    if (f.possuiRegistroEmbarcacao === null || f.possuiRegistroEmbarcacao === undefined) {
      p.push({ path: [...forma, 'possuiRegistroEmbarcacao'], message: obrigatorio });
    }
    const dispensada = f.categoria === 2 && f.possuiRegistroEmbarcacao === false;
    if (!dispensada && !f.embarcacao) p.push({ path: [...forma, 'embarcacao'], message: obrigatorio });
  }
  (v.dadosAtividadePesca?.areaPretendidaPesca ?? []).forEach((a, i) => {
    if (!a.idMunicipio || !a.tipoLocalPesca || !a.nomePopularLocalPesca?.trim()) {
      p.push({ path: ['dadosAtividadePesca', 'areaPretendidaPesca', i], message: MENSAGENS_SOLICITACAO.localPesca });
    }
  });
  if (v.possuiInstituicaoRepresentante && !v.entidadeRepresentante) p.push({ path: ['entidadeRepresentante'], message: obrigatorio });
  return p;
}

export const passo2Schema = passo2Base.superRefine((v, ctx) => {
  for (const p of regrasPasso2(v)) ctx.addIssue({ code: 'custom', path: [...p.path], message: p.message });
}).transform((v) => {
  const f = v.dadosAtividadePesca.formaAtuacaoPesca;
  const embarcado = f.formaAtuacao === FormaAtuacao.EMBARCADO;
  const dispensada = f.categoria === 2 && f.possuiRegistroEmbarcacao === false;
  const embarcacao = embarcado && !dispensada && f.embarcacao
    ? { ...f.embarcacao, cir: f.categoria === 2 ? null : f.embarcacao.cir }
    : null;
  return {
    dadosAtividadePesca: {
      ...v.dadosAtividadePesca,
      formaAtuacaoPesca: {
        formaAtuacao: f.formaAtuacao,
        categoria: f.categoria,
        propriedadeEmbarcacao: embarcado ? (f.propriedadeEmbarcacao ?? null) : null,
        possuiRegistroEmbarcacao: embarcado ? (f.possuiRegistroEmbarcacao ?? null) : null,
        embarcacao,
      },
      areaPretendidaPesca: v.dadosAtividadePesca.areaPretendidaPesca.map((a) => ({
        idMunicipio: a.idMunicipio!, tipoLocalPesca: a.tipoLocalPesca!, nomePopularLocalPesca: a.nomePopularLocalPesca!.trim(),
      })),
      ambientePesca: [...new Set(v.dadosAtividadePesca.ambientePesca)],
      gruposAlvosPesca: [...new Set(v.dadosAtividadePesca.gruposAlvosPesca)],
    },
    possuiInstituicaoRepresentante: v.possuiInstituicaoRepresentante,
    entidadeRepresentante: v.possuiInstituicaoRepresentante ? (v.entidadeRepresentante ?? null) : null,
  };
});
export type Passo2 = z.output<typeof passo2Schema>;

// step 3: socio-economic data

export const membroFamiliaSchema = z.object({
  membroFamilia: id,
  idade: z.number({ error: obrigatorio }).int('Valor inválido').min(0, 'Valor inválido').max(130, 'Valor inválido'),
  participaPesca: simNao,
  possuiOutraFonteRenda: simNao,
});

export const fonteRendaSchema = z.object({
  atividadeProfissional: texto(100),
  faixaRenda: id,
  idProfissao: id,
  dataAdmissao: dataPassada.nullable().optional().transform((v) => v ?? null),
  dataEncerramento: dataIso.nullable().optional().transform((v) => v ?? null),
}).refine((f) => !f.dataAdmissao || !f.dataEncerramento || f.dataAdmissao <= f.dataEncerramento, {
  path: ['dataEncerramento'], message: 'A data de encerramento não pode ser anterior à de admissão',
});

export const passo3Schema = z.object({
  dadosSocioEconomicos: z.array(membroFamiliaSchema).min(1, 'Informe pelo menos 1 membro da família').max(30),
  fontesRenda: z.array(fonteRendaSchema).min(1, 'Informe pelo menos 1 fonte de renda').max(20),
  rendaBeneficio: z.object({
    possuiRendaFederal: simNao,
    possuiSeguroDefeso: simNao,
  }).transform((r) => ({ ...r, valorRendaMensal: 0, valorRendaAnual: 0 })),
  acessoServicoPublico: z.object({
    tipoResidencia: id,
    tempoResideMunicipio: z.number({ error: obrigatorio }).int('Valor inválido').min(0, 'Valor inválido').max(130, 'Valor inválido'),
    possuiComputador: simNao,
    possuiAcessoInternet: simNao,
    possuiCapacitacaoProfissional: simNao,
    possuiCelular: simNao,
    infraestruturasPublicas: z.array(id).min(1, 'Informe pelo menos 1 serviço público').max(5),
  }),
});
export type Passo3 = z.output<typeof passo3Schema>;

export const MEMBRO_FAMILIA_PADRAO = { membroFamilia: 1, idade: 18, participaPesca: true, possuiOutraFonteRenda: false } as const;

// step 4: support and documents

export const MAX_APOIOS = 12;

export const passo4Schema = z.object({
  recebeuAjudaPreenchimento: simNao,
  apoio: z.array(z.object({ entidadeApoioPescador: id })).max(MAX_APOIOS, `Informe no máximo ${MAX_APOIOS} apoios`).default([]),
}).superRefine((v, ctx) => {
  if (v.recebeuAjudaPreenchimento && v.apoio.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['apoio'], message: MENSAGENS_SOLICITACAO.apoio });
  }
}).transform((v) => ({
  recebeuAjudaPreenchimento: v.recebeuAjudaPreenchimento,
  apoio: v.recebeuAjudaPreenchimento ? v.apoio.filter((a, i, all) => all.findIndex((b) => b.entidadeApoioPescador === a.entidadeApoioPescador) === i) : [],
}));
export type Passo4 = z.output<typeof passo4Schema>;

/** Before step 4 can be saved (spec point 5). */
export function documentosObrigatorios(p: {
  tipo: number;
  nacionalidadeBrasileira: string | null | undefined;
  possuiEntidade: boolean;
}): number[][] {
  const grupos: number[][] = [
    [TipoDocumento.IDENTIFICACAO],
    [TipoDocumento.COMPROVANTE_RESIDENCIA],
    [TipoDocumento.FOTO_3X4],
    [TipoDocumento.PIS_PASEP_NIS_NIT, TipoDocumento.PIS, TipoDocumento.PASEP, TipoDocumento.NIS, TipoDocumento.NIT],
  ];
  if (p.nacionalidadeBrasileira === Nacionalidade.ESTRANGEIRA) grupos.push([TipoDocumento.VISTO_TRABALHO]);
  if (p.possuiEntidade) grupos.push([TipoDocumento.COMPROVANTE_FILIACAO_ENTIDADE]);
  if (p.tipo === TipoSolicitacao.REGISTRO_PROTOCOLO) grupos.push([TipoDocumento.COMPROVANTE_PROTOCOLO]);
  return grupos;
}

export function documentosFaltantes(obrigatorios: number[][], presentes: number[]): number[][] {
  const tem = new Set(presentes);
  return obrigatorios.filter((grupo) => !grupo.some((t) => tem.has(t)));
}

// the request on the wire

export const tipoSolicitacaoSchema = z.union(tiposComAssistente.map((t) => z.literal(t)) as [
  z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<8>,
], { error: 'Tipo de solicitação inválido' });

export const salvarPassoCorpo = z.looseObject({
  id: idPrimitivo().optional(),
  tipo: tipoSolicitacaoSchema,
  passo: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: 'Passo inválido' }),
  declaraCiencia: z.boolean().optional(),
});
export type SalvarPassoCorpo = z.infer<typeof salvarPassoCorpo>;

export function schemaDoPasso(passo: 1 | 2 | 3 | 4, tipo: number) {
  switch (passo) {
    case 1:
      return passo1Schema(tipo);
    case 2:
      return passo2Schema;
    case 3:
      return passo3Schema;
    case 4:
      return passo4Schema;
  }
}
