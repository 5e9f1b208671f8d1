/**
 * Idempotency keys (decision 0060, draft-ietf-httpapi-idempotency-key-header): a fisher's save or send that a
 * phone may replay carries `Idempotency-Key`; the server keeps the key with its answer, so a replay after a lost
 * answer gets the same answer again and creates nothing twice. Read by the server (plugins/idempotencia.ts), the
 * OpenAPI document and the web client (lib/contrato.ts).
 */

/** The request header that carries the key (optional: a call without it runs as always). */
export const CABECALHO_IDEMPOTENCIA = 'Idempotency-Key';

/** The answer header of a replayed answer: `true` when the server answered from the kept key, without running. */
export const CABECALHO_RESPOSTA_REPETIDA = 'Idempotent-Replayed';

/** A key: 8 to 128 letters, digits, '-' or '_' (a UUID fits). */
export const FORMATO_CHAVE_IDEMPOTENCIA = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * Hours the server keeps a key with its (encrypted) answer (decision 0068; 30 days before, decision 0060): long
 * enough for a phone that lost the answer to replay the same day, short enough that little is kept. A replay after
 * that runs again and meets the services' own state checks.
 */
export const RETENCAO_CHAVE_IDEMPOTENCIA_HORAS = 24;

/** Keys one caller may have kept at once, that is, new keys in the retention's hours; beyond it 429 (decision 0068). */
export const COTA_CHAVES_IDEMPOTENCIA = 300;

export const MENSAGENS_IDEMPOTENCIA = {
  formato: 'A chave de idempotência (cabeçalho Idempotency-Key) deve ter de 8 a 128 caracteres: letras, números, hífen (-) ou sublinhado (_).',
  reutilizada: 'Este envio usa o código de um envio anterior com dados diferentes e não foi registrado. '
    + 'Confira os dados e salve ou envie novamente.',
  emAndamento: 'Um envio igual a este ainda está sendo processado. Aguarde alguns segundos e tente de novo: '
    + 'ele será registrado uma única vez.',
  cota: `Limite de ${COTA_CHAVES_IDEMPOTENCIA} envios em ${RETENCAO_CHAVE_IDEMPOTENCIA_HORAS} horas atingido: este envio não `
    + 'foi registrado. Aguarde algumas horas e tente de novo.',
} as const;
