import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Debian packages of the tools, for the message when one is missing. */
const PACOTES: Record<string, string> = { pdftoppm: 'poppler-utils', zbarimg: 'zbar-tools', qpdf: 'qpdf' };

async function exigirFerramenta(nome: string): Promise<void> {
  try {
    await exec(nome, ['--version']);
  } catch (err) {
    // Both tools print their version and exit 0 (pdftoppm) or 0 (zbarimg); only a missing program throws ENOENT.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${nome} is not installed: the receipts' QR tests read the PDFs as a phone would, with ${nome} `
        + `(Debian package ${PACOTES[nome]}). Install it: sudo apt-get install -y poppler-utils zbar-tools qpdf`);
    }
  }
}

/** As a phone reads them: rendered by pdftoppm, decoded by zbarimg. Fails clearly when a tool is missing; never skips. */
export async function lerQrDoPdf(pdf: Uint8Array, o: { pagina?: number; dpi?: number } = {}): Promise<string[]> {
  await exigirFerramenta('pdftoppm');
  await exigirFerramenta('zbarimg');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-qr-'));
  try {
    const arquivo = path.join(dir, 'documento.pdf');
    await fs.writeFile(arquivo, pdf);
    const pagina = String(o.pagina ?? 1);
    await exec('pdftoppm', ['-r', String(o.dpi ?? 150), '-png', '-f', pagina, '-l', pagina, '-singlefile', arquivo, path.join(dir, 'pagina')]);
    try {
      const { stdout } = await exec('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', path.join(dir, 'pagina.png')]);
      return stdout.split('\n').map((l) => l.trim()).filter(Boolean);
    } catch (err) {
      // zbarimg exits 4 when the image holds no code: an empty answer, for the test to judge.
      if ((err as { code?: number }).code === 4) return [];
      throw err;
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** `qpdf --check`, as a strict viewer reads the file; throws with its report on an error. */
export async function verificarPdf(pdf: Uint8Array): Promise<string> {
  await exigirFerramenta('qpdf');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rgp-qpdf-'));
  try {
    const arquivo = path.join(dir, 'documento.pdf');
    await fs.writeFile(arquivo, pdf);
    const { stdout } = await exec('qpdf', ['--check', arquivo]);
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    throw new Error(`qpdf --check found errors: ${e.stdout ?? ''}${e.stderr ?? ''}${e.stdout || e.stderr ? '' : e.message}`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
