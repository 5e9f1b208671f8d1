import { z } from 'zod';
import { Nacionalidade } from '../enums';
import { ROTA_CONSULTA_PROTOCOLO, rotaVerificarProtocolo } from '../rotas-web';
import { documentoSchema } from './documento';
import { idCoagido } from './primitivos';
import { enderecoSchema, rgpLeituraSchema } from './solicitacao';
import { rgpPescadorSchema } from './solicitacao-api';

/**
 * The fisher record as GET /api/pescador/{id} and GET /api/pescador/cpf/{cpf} answer it (spec point 3 "Fisher"):
 * the typed columns, the address both flat (as the spec lists it) and as `endereco`, the registry block `rgp`
 * (the same shape as step 1's read-only `rgp`) and `dados`, the whole declared record as the wizard saved it.
 * CONSULTA_EXTERNO reads the CPF masked, and no contact data (`email`, `telefone`) nor `dados` (null).
 */

export const MENSAGENS_PESCADOR = {
  naoEncontrado: 'Pescador não encontrado.',
  erroConsultar: 'Erro ao consultar Pescador',
  enderecoAtualizado: 'Endereço atualizado com sucesso',
  municipioForaDaUf: 'O município informado não pertence à UF informada.',
  nenhumaSolicitacaoEnviada: 'Nenhuma solicitação enviada',
  erroProtocolo: 'Erro ao consultar Protocolo da Solicitação',
  semUfParaRgp: 'O pescador não tem UF de endereço: não é possível emitir o RGP.',
} as const;

/** GET /api/pescador/{id}/endereco. `municipio` is the IBGE 7-digit code; `municipioNome` its name. */
export const enderecoPescadorSchema = z.object({
  cep: z.string().nullable(),
  logradouro: z.string().nullable(),
  numeroLogradouro: z.string().nullable(),
  bairro: z.string().nullable(),
  complemento: z.string().nullable(),
  municipio: z.number().int().nullable(),
  municipioNome: z.string().nullable(),
  uf: z.string().nullable(),
});
export type EnderecoPescador = z.infer<typeof enderecoPescadorSchema>;

/**
 * PUT /api/pescador/{id}/atualizacao-endereco: the same address as step 1 (CEP digits, IBGE code, UF). The
 * specification's "an answer 429 returns the body instead of failing" is the web client's rule (spec point 7):
 * this server limits the update (10 a minute per fisher) and answers 429 in the envelope.
 */
export const atualizacaoEnderecoCorpo = enderecoSchema;
export type AtualizacaoEnderecoCorpo = z.output<typeof atualizacaoEnderecoCorpo>;

export const pescadorSchema = z.object({
  id: z.number().int(),
  /** Digits; masked (***.456.789-**) for CONSULTA_EXTERNO. */
  cpf: z.string(),
  nome: z.string(),
  nomeMae: z.string().nullable(),
  nomePai: z.string().nullable(),
  apelido: z.string().nullable(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  dataNascimento: z.string().nullable(),
  sexo: z.number().int().nullable(),
  escolaridade: z.number().int().nullable(),
  etnia: z.number().int().nullable(),
  alfabetizacao: z.boolean().nullable(),
  nacionalidadeBrasileira: z.enum([Nacionalidade.BRASILEIRA, Nacionalidade.ESTRANGEIRA]).nullable(),
  /** The address flat, as the specification lists it… */
  ...enderecoPescadorSchema.omit({ municipioNome: true }).shape,
  /** …and as a block, with the municipality's name. */
  endereco: enderecoPescadorSchema,
  categoria: z.number().int().nullable(),
  formaAtuacao: z.number().int().nullable(),
  propriedadeEmbarcacao: z.number().int().nullable(),
  possuiRegistroEmbarcacao: z.boolean().nullable(),
  tie: z.string().nullable(),
  cnpjEntidadeRepresentante: z.string().nullable(),
  recebeuAjuda: z.boolean().nullable(),
  idSolicitacaoAtiva: z.number().int().nullable(),
  /** ISO instant of the card's issue, when issued. */
  dataEmissaoCarteira: z.string().nullable(),
  rgp: rgpLeituraSchema,
  dados: z.record(z.string(), z.unknown()).nullable(),
});
export type Pescador = z.infer<typeof pescadorSchema>;

/**
 * GET /api/pescador/legado/{id}: the registry the fisher had in the legacy system, as migrated
 * (docs/decisions/0010-legacy-record.md).
 */
export const registroLegadoSchema = rgpPescadorSchema.omit({ podeAcessarSistema: true }).extend({
  idPescador: z.number().int(),
  /** True when the registry came from the legacy system (an origin is recorded, or the status is MIGRACAO). */
  migrado: z.boolean(),
  /** The documents migrated with the registry (`migrado = true`), served through /api/cloud-storage/{chave}. */
  documentos: z.array(documentoSchema),
});
export type RegistroLegado = z.infer<typeof registroLegadoSchema>;

/** GET /api/pescador/{id}/imprimir-protocolo?idSolicitacao= (default: the fisher's latest sent request). */
export const imprimirProtocoloQuery = z.object({
  idSolicitacao: idCoagido().optional(),
});

/**
 * Where a person without a QR reader checks a protocol, typing its number (the captcha lookup of the spec),
 * printed on the receipt.
 */
export function enderecoConsultaProtocolo(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ROTA_CONSULTA_PROTOCOLO}`;
}

/** The address the protocol receipt's QR code opens: the check of its signed code (decision 0044). */
export function enderecoVerificacaoProtocolo(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${rotaVerificarProtocolo(token)}`;
}
