/**
 * Idempotency keys (decision 0060): a fisher's save or send that a phone may replay carries `Idempotency-Key`, so a
 * replay after a lost answer gets the same answer and creates nothing twice.
 */

/** Optional: a call without it runs as always. */
export const CABECALHO_IDEMPOTENCIA = 'Idempotency-Key';

export const CABECALHO_RESPOSTA_REPETIDA = 'Idempotent-Replayed';

/** A key: 8 to 128 letters, digits, '-' or '_' (a UUID fits). */
export const FORMATO_CHAVE_IDEMPOTENCIA = /^[A-Za-z0-9_-]{8,128}$/;

/** Long enough for a phone that lost the answer to replay the same day, short enough that little is kept (decision 0068). */
export const RETENCAO_CHAVE_IDEMPOTENCIA_HORAS = 24;

/** Beyond it 429 (decision 0068). */
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
