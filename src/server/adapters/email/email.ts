/** One e-mail of the product: plain text, optional attachments (the per-CPF result of a batch as CSV). */
export interface Email {
  para: string;
  assunto: string;
  texto: string;
  anexos?: { nome: string; conteudo: string | Buffer; tipo: string }[];
}

/** The outside system that delivers e-mail. Implementations: real SMTP, or a local outbox (the default). */
export interface EnviadorEmail {
  enviar(email: Email): Promise<void>;
  close(): Promise<void>;
}
