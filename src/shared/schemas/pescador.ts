import { z } from 'zod';
import { Nacionalidade } from '../enums';
import { ROTA_CONSULTA_PROTOCOLO, rotaVerificarProtocolo } from '../rotas-web';
import { documentoSchema } from './documento';
import { idCoagido } from './primitivos';
import { enderecoSchema, rgpLeituraSchema } from './solicitacao';
import { rgpPescadorSchema } from './solicitacao-api';
import { MENSAGENS_PESCADOR } from '../mensagens/pescador';

export { MENSAGENS_PESCADOR };

/**
 * The fisher record (spec point 3 "Fisher"). CONSULTA_EXTERNO reads the CPF masked, and no contact data nor `dados`.
 */

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

/** The server limits the update (10 a minute per fisher) and answers 429 in the envelope. */
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

/** Decision 0010. */
export const registroLegadoSchema = rgpPescadorSchema.omit({ podeAcessarSistema: true }).extend({
  idPescador: z.number().int(),
  migrado: z.boolean(),
  documentos: z.array(documentoSchema),
});
export type RegistroLegado = z.infer<typeof registroLegadoSchema>;

export const imprimirProtocoloQuery = z.object({
  idSolicitacao: idCoagido().optional(),
});

export function enderecoConsultaProtocolo(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ROTA_CONSULTA_PROTOCOLO}`;
}

/** Decision 0044. */
export function enderecoVerificacaoProtocolo(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${rotaVerificarProtocolo(token)}`;
}
