import { z } from 'zod';
import { ESCOPOS_CLIENTE, type EscopoCliente } from '../permissoes';
import { cpfSchema } from './cpf';
import { diaExiste, id, idCoagido, texto } from './primitivos';

/** Machine clients of other agencies (decisions 0120, 0121): registration, CPF lookup and the change feed. */

export const MENSAGENS_INTEGRACAO = {
  escopoInvalido: 'Escopo desconhecido',
  validadeNoPassado: 'A validade deve ser uma data futura',
  chavePublicaInvalida: 'Chave pública inválida: informe uma JWK pública RSA ou EC',
  cursorInvalido: 'Cursor inválido',
  clienteNaoEncontrado: 'Cliente de integração não encontrado.',
  clienteRevogado: 'Este cliente foi revogado; cadastre um novo.',
  cpfsDemais: 'Informe no máximo 1.000 CPFs',
  cpfsVazio: 'Informe pelo menos 1 CPF',
} as const;

export const DESCRICAO_ESCOPOS: Record<EscopoCliente, string> = {
  'integracao.consultar': 'Consultar a situação do registro de pescadores por CPF (um ou até 1.000 por vez)',
  'integracao.eventos': 'Ler o feed de mudanças do registro (eventos em ordem, com cursor)',
  'integracao.listas': 'Enviar listas de CPFs apontados pelo órgão, para análise de um gestor (nunca sanção automática)',
};

/** The token endpoint (RFC 6749 §3.2): form-encoded, answered in OAuth's own shape, not the envelope. */
export const CAMINHO_TOKEN_CLIENTE = '/api/integracao/token';
export const DURACAO_TOKEN_CLIENTE_S = 300;
export const MAXIMO_CPFS_CONSULTA = 1000;
export const TAMANHO_PAGINA_EVENTOS_MAXIMO = 1000;

export const MetodoAutenticacaoCliente = { SEGREDO: 'client_secret', CHAVE_PRIVADA: 'private_key_jwt' } as const;
export type MetodoAutenticacaoCliente = (typeof MetodoAutenticacaoCliente)[keyof typeof MetodoAutenticacaoCliente];

const escopo = z.enum(ESCOPOS_CLIENTE as [EscopoCliente, ...EscopoCliente[]], { error: MENSAGENS_INTEGRACAO.escopoInvalido });

/** Public members only: a private key sent here is refused. */
const jwkPublica = z.looseObject({
  kty: z.enum(['RSA', 'EC'], { error: MENSAGENS_INTEGRACAO.chavePublicaInvalida }),
}).refine((j) => !('d' in j), MENSAGENS_INTEGRACAO.chavePublicaInvalida);

export const clienteIntegracaoCriacao = z.object({
  nome: texto().trim().min(3, 'Informe o nome do cliente').max(120, 'Deve ter no máximo 120 caracteres'),
  orgao: texto().trim().min(2, 'Informe o órgão').max(120, 'Deve ter no máximo 120 caracteres'),
  contato: texto().trim().min(3, 'Informe o contato responsável').max(200, 'Deve ter no máximo 200 caracteres'),
  escopos: z.array(escopo).min(1, 'Escolha pelo menos 1 escopo').max(ESCOPOS_CLIENTE.length),
  limitePorMinuto: z.number({ error: 'Informe o limite' }).int('Valor inválido').min(1, 'Deve ser pelo menos 1').max(6000, 'Deve ser no máximo 6000'),
  validoAte: texto().min(1, 'Informe até quando o cliente vale').regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida').refine(diaExiste, 'Data inválida'),
  metodoAutenticacao: z.enum([MetodoAutenticacaoCliente.SEGREDO, MetodoAutenticacaoCliente.CHAVE_PRIVADA], { error: 'Escolha o método' }),
  chavePublica: jwkPublica.nullable().optional(),
}).refine((c) => c.metodoAutenticacao !== MetodoAutenticacaoCliente.CHAVE_PRIVADA || Boolean(c.chavePublica), {
  path: ['chavePublica'], message: MENSAGENS_INTEGRACAO.chavePublicaInvalida,
});
export type ClienteIntegracaoCriacao = z.output<typeof clienteIntegracaoCriacao>;

export const rotacaoCredencial = z.object({ chavePublica: jwkPublica.nullable().optional() });
export type RotacaoCredencial = z.output<typeof rotacaoCredencial>;

export const idClienteParam = z.object({ id: idCoagido() });

export const clienteIntegracaoSchema = z.object({
  id: z.number(),
  clientId: z.string(),
  nome: z.string(),
  orgao: z.string(),
  contato: z.string(),
  escopos: z.array(z.string()),
  limitePorMinuto: z.number(),
  validoAte: z.string(),
  metodoAutenticacao: z.string(),
  versaoCredencial: z.number(),
  revogadoEm: z.string().nullable(),
  criadoEm: z.string(),
});
export type ClienteIntegracao = z.output<typeof clienteIntegracaoSchema>;

export const listaClientesIntegracaoSchema = z.object({ itens: z.array(clienteIntegracaoSchema) });

/** Shown once: only the secret's hash is kept. */
export const credencialClienteSchema = z.object({
  cliente: clienteIntegracaoSchema,
  clientId: z.string(),
  clientSecret: z.string().nullable().describe('Mostrado uma única vez; nulo para private_key_jwt'),
  tokenUrl: z.string(),
});
export type CredencialCliente = z.output<typeof credencialClienteSchema>;

export const consultaCpfsCorpo = z.object({
  cpfs: z.array(texto()).min(1, MENSAGENS_INTEGRACAO.cpfsVazio).max(MAXIMO_CPFS_CONSULTA, MENSAGENS_INTEGRACAO.cpfsDemais),
  finalidade: texto().trim().min(3, 'Informe a finalidade da consulta').max(200, 'Deve ter no máximo 200 caracteres'),
});
export type ConsultaCpfsCorpo = z.output<typeof consultaCpfsCorpo>;

/** A CPF that fails its check digits is answered per item like an unknown one, never failing the batch. */
export function cpfValidoOuNulo(cpf: string): string | null {
  const r = cpfSchema.safeParse(cpf);
  return r.success ? r.data : null;
}

const codigoDescricao = z.object({ codigo: z.number(), descricao: z.string() });

export const situacaoPescadorIntegracao = z.object({
  cpf: z.string(),
  encontrado: z.boolean(),
  /** `cpf_invalido`: check digits wrong; `nao_encontrado`: unknown to the registry. */
  motivo: z.enum(['cpf_invalido', 'nao_encontrado']).nullable(),
  situacao: codigoDescricao.nullable(),
  situacaoDesde: z.string().nullable(),
  numeroRgp: z.string().nullable(),
  dataPrimeiroRgp: z.string().nullable(),
  categoria: codigoDescricao.nullable(),
  formaAtuacao: codigoDescricao.nullable(),
  gruposAlvo: z.array(codigoDescricao),
  ambientesPesca: z.array(codigoDescricao),
  areasPesca: z.array(z.object({ idMunicipio: z.number().nullable(), tipoLocalPesca: z.number().nullable(), nomePopular: z.string().nullable() })),
  uf: z.string().nullable(),
  municipio: z.object({ id: z.number(), nome: z.string() }).nullable(),
  reapAnosEnviados: z.array(z.number()),
  reapAnosDevidos: z.array(z.number()),
  ativoHaUmAnoOuMais: z.boolean(),
});
export type SituacaoPescadorIntegracao = z.output<typeof situacaoPescadorIntegracao>;

export const consultaCpfsResposta = z.object({ itens: z.array(situacaoPescadorIntegracao) });

export const TIPOS_EVENTO_INTEGRACAO = [
  'registro.ativado', 'registro.reativado', 'registro.suspenso', 'registro.cancelado', 'registro.situacao_alterada',
  'registro.primeiro_rgp_alterado', 'registro.categoria_alterada', 'reap.enviada', 'recurso.decidido',
  // Not reconsidered by the authority that decided: forwarded to the next instance, not yet decided.
  'recurso.encaminhado',
] as const;

export const filtroEventos = z.object({
  cursor: texto().regex(/^\d{1,20}\.\d{1,20}$/, MENSAGENS_INTEGRACAO.cursorInvalido)
    .refine((c) => {
      // zod runs this even when the pattern failed: only a well-formed cursor is read as numbers.
      const m = /^(\d{1,20})\.(\d{1,20})$/.exec(c);
      return !m || (BigInt(m[1]!) < 2n ** 64n && BigInt(m[2]!) < 2n ** 63n);
    }, MENSAGENS_INTEGRACAO.cursorInvalido)
    .optional()
    .describe('O `proximoCursor` da página anterior; sem ele, desde o primeiro evento'),
  limite: z.coerce.number().int('Valor inválido').min(1, 'Deve ser pelo menos 1')
    .max(TAMANHO_PAGINA_EVENTOS_MAXIMO, `Deve ser menor ou igual a ${TAMANHO_PAGINA_EVENTOS_MAXIMO}`).default(100),
});
export type FiltroEventos = z.output<typeof filtroEventos>;

export const eventoIntegracaoSchema = z.object({
  id: z.string().describe('Identificador único do evento (use para descartar repetições)'),
  tipo: z.enum(TIPOS_EVENTO_INTEGRACAO),
  cpf: z.string(),
  situacaoAnterior: z.number().nullable(),
  situacaoNova: z.number().nullable(),
  dados: z.record(z.string(), z.unknown()),
  ocorridoEm: z.string(),
});
export type EventoIntegracao = z.output<typeof eventoIntegracaoSchema>;

export const paginaEventosSchema = z.object({
  eventos: z.array(eventoIntegracaoSchema),
  proximoCursor: z.string().describe('Guarde-o e repita a chamada com ele: as páginas seguintes continuam daqui'),
  fim: z.boolean().describe('Verdadeiro quando não há, por ora, eventos depois desta página'),
});
export type PaginaEventos = z.output<typeof paginaEventosSchema>;

/** Webhooks (decision 0122): a client's HTTPS endpoint, the event kinds it wants, deliveries signed per Standard Webhooks. */
export const MENSAGENS_WEBHOOK = {
  urlInvalida: 'Informe um endereço https:// válido',
  tiposVazio: 'Escolha pelo menos 1 tipo de evento',
  assinaturaNaoEncontrada: 'Assinatura de webhook não encontrada.',
  entregaNaoEncontrada: 'Entrega não encontrada.',
  clienteSemEventos: 'O cliente precisa do escopo integracao.eventos para receber webhooks.',
} as const;

export const EstadoEntregaWebhook = { PENDENTE: 'pendente', ENTREGUE: 'entregue', ESTACIONADA: 'estacionada' } as const;
export type EstadoEntregaWebhook = (typeof EstadoEntregaWebhook)[keyof typeof EstadoEntregaWebhook];

export const DESCRICAO_TIPOS_EVENTO: Record<(typeof TIPOS_EVENTO_INTEGRACAO)[number], string> = {
  'registro.ativado': 'Registro ativado',
  'registro.reativado': 'Registro reativado',
  'registro.suspenso': 'Registro suspenso',
  'registro.cancelado': 'Registro cancelado',
  'registro.situacao_alterada': 'Outra mudança de situação',
  'registro.primeiro_rgp_alterado': 'Data do primeiro RGP alterada',
  'registro.categoria_alterada': 'Categoria alterada',
  'reap.enviada': 'REAP enviado',
  'recurso.decidido': 'Recurso decidido',
  'recurso.encaminhado': 'Recurso encaminhado à instância seguinte',
};

/** Loopback hosts, the only ones a development server may reach by plain http (the service decides whether it may). */
export const ENDERECOS_LOCAIS_WEBHOOK: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https://, or http:// to a loopback host; never credentials in the address. The form says so before sending. */
function enderecoWebhookPossivel(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const u = new URL(url);
  if (u.username || u.password) return false;
  return u.protocol === 'https:' || (u.protocol === 'http:' && ENDERECOS_LOCAIS_WEBHOOK.has(u.hostname));
}

export const assinaturaWebhookCriacao = z.object({
  clienteId: id({ obrigatorio: 'Escolha o cliente' }),
  url: texto().trim().min(1, MENSAGENS_WEBHOOK.urlInvalida).max(500, 'Deve ter no máximo 500 caracteres')
    .refine(enderecoWebhookPossivel, MENSAGENS_WEBHOOK.urlInvalida),
  tipos: z.array(z.enum(TIPOS_EVENTO_INTEGRACAO, { error: 'Tipo de evento desconhecido' }))
    .min(1, MENSAGENS_WEBHOOK.tiposVazio).max(TIPOS_EVENTO_INTEGRACAO.length),
});
export type AssinaturaWebhookCriacao = z.output<typeof assinaturaWebhookCriacao>;

export const idAssinaturaParam = z.object({ id: idCoagido() });
export const idEntregaParam = z.object({ id: idCoagido(), entregaId: idCoagido() });

export const assinaturaWebhookSchema = z.object({
  id: z.number(),
  clienteId: z.number(),
  cliente: z.string(),
  url: z.string(),
  tipos: z.array(z.string()),
  falhasSeguidas: z.number(),
  desativadaEm: z.string().nullable(),
  motivoDesativacao: z.string().nullable(),
  pendentes: z.number().describe('Entregas ainda por fazer (o atraso do endpoint)'),
  entregues: z.number(),
  estacionadas: z.number().describe('Entregas que falharam por um dia inteiro e aguardam reenvio'),
  criadoEm: z.string(),
});
export type AssinaturaWebhook = z.output<typeof assinaturaWebhookSchema>;

export const listaAssinaturasWebhookSchema = z.object({ itens: z.array(assinaturaWebhookSchema) });

/** Shown once: the server keeps it only encrypted, to sign. */
export const assinaturaWebhookCriadaSchema = z.object({
  assinatura: assinaturaWebhookSchema,
  segredo: z.string().describe('Segredo de assinatura (whsec_…), mostrado uma única vez'),
});
export type AssinaturaWebhookCriada = z.output<typeof assinaturaWebhookCriadaSchema>;

export const entregaWebhookSchema = z.object({
  id: z.number(),
  eventoId: z.string(),
  tipo: z.string(),
  estado: z.enum([EstadoEntregaWebhook.PENDENTE, EstadoEntregaWebhook.ENTREGUE, EstadoEntregaWebhook.ESTACIONADA]),
  tentativas: z.number(),
  ultimoStatus: z.number().nullable(),
  ultimoErro: z.string().nullable(),
  proximaTentativaEm: z.string().nullable(),
  entregueEm: z.string().nullable(),
  criadoEm: z.string(),
});
export type EntregaWebhook = z.output<typeof entregaWebhookSchema>;

export const listaEntregasWebhookSchema = z.object({ itens: z.array(entregaWebhookSchema) });

/**
 * Lists coming in (decision 0123): an agency's CPFs flagged with the act or process behind them. Each becomes a
 * proposed batch that a GESTOR reviews and runs, or refuses; never a sanction by itself.
 */
export const MAXIMO_CPFS_LISTA = 10_000;

export const SituacaoListaSinalizada = { PROPOSTA: 'proposta', APROVADA: 'aprovada', RECUSADA: 'recusada' } as const;
export type SituacaoListaSinalizada = (typeof SituacaoListaSinalizada)[keyof typeof SituacaoListaSinalizada];

export const MENSAGENS_LISTA = {
  naoEncontrada: 'Lista não encontrada.',
  jaRevisada: 'Esta lista já foi analisada.',
} as const;

export const listaSinalizadaCorpo = z.object({
  tipo: z.enum(['suspensao', 'cancelamento'], { error: 'Informe suspensao ou cancelamento' }),
  ato: texto().trim().min(3, 'Informe o ato ou o número do processo').max(200, 'Deve ter no máximo 200 caracteres')
    .describe('O ato ou o número do processo que fundamenta a lista (ex.: Acórdão TCU 1.234/2025, processo SEI)'),
  motivo: texto().trim().min(3, 'Informe o motivo').max(500, 'Deve ter no máximo 500 caracteres')
    .describe('Por que o órgão aponta estes CPFs (ex.: fraude no Seguro-Defeso confirmada)'),
  cpfs: z.array(texto().max(20, 'CPF inválido')).min(1, MENSAGENS_INTEGRACAO.cpfsVazio)
    .max(MAXIMO_CPFS_LISTA, 'Informe no máximo 10.000 CPFs'),
});
export type ListaSinalizadaCorpo = z.output<typeof listaSinalizadaCorpo>;

export const listaSinalizadaSchema = z.object({
  id: z.number(),
  cliente: z.string(),
  orgao: z.string(),
  tipo: z.enum(['suspensao', 'cancelamento']),
  ato: z.string(),
  motivo: z.string(),
  total: z.number(),
  situacao: z.enum([SituacaoListaSinalizada.PROPOSTA, SituacaoListaSinalizada.APROVADA, SituacaoListaSinalizada.RECUSADA]),
  motivoRecusa: z.string().nullable(),
  revisadaEm: z.string().nullable(),
  criadaEm: z.string(),
  lote: z.object({
    id: z.number(), situacao: z.number().describe('1 em processamento, 2 concluído'), total: z.number(), concluidos: z.number(),
    processados: z.number().describe('CPFs cuja situação mudou'),
  }).nullable().describe('O lote que o gestor executou a partir da lista'),
});
export type ListaSinalizada = z.output<typeof listaSinalizadaSchema>;

export const idListaParam = z.object({ id: idCoagido() });

export const listasSinalizadasSchema = z.object({ itens: z.array(listaSinalizadaSchema) });

export const aprovacaoListaCorpo = z.object({
  atoNormativo: id({ obrigatorio: 'Escolha o ato normativo' }),
  dataLimiteSuspensao: texto().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida').refine(diaExiste, 'Data inválida').nullable().optional(),
});
export type AprovacaoListaCorpo = z.output<typeof aprovacaoListaCorpo>;

export const recusaListaCorpo = z.object({
  motivo: texto().trim().min(3, 'Informe o motivo da recusa').max(500, 'Deve ter no máximo 500 caracteres'),
});
