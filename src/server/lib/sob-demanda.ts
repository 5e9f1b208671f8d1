/**
 * A module loaded on its first use, once (issue 14: server memory). Each heavy package the server needs only for
 * some requests — images (sharp), spreadsheets (exceljs), PDFs' QR codes, e-mail (nodemailer), S3 (the AWS SDK),
 * the development identity provider (oidc-provider), file sniffing (file-type) — costs 10–45 MB of resident
 * memory once imported, and a server that never prints a card or emits a report should not carry it. A failed
 * load is not remembered: the next use tries again.
 */
export function sobDemanda<T>(carregar: () => Promise<T>): () => Promise<T> {
  let modulo: Promise<T> | null = null;
  return () => (modulo ??= carregar().catch((erro: unknown) => {
    modulo = null;
    throw erro;
  }));
}

export const carregarSharp = sobDemanda(async () => (await import('sharp')).default);
export const carregarQrCode = sobDemanda(async () => (await import('qrcode')).default);
