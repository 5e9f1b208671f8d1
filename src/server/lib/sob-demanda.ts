/**
 * A module loaded on its first use, once: each heavy package needed only by some requests (sharp, exceljs,
 * nodemailer, the AWS SDK…) costs 10–45 MB resident once imported. A failed load is not remembered.
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
