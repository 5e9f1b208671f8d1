import { describe, expect, it, vi } from 'vitest';
import { prepararArquivo, tipoDeclarado } from './conferir-arquivo';

const MB2 = 2048 * 1024;
/** The magic number of each format, so that a test file is what its type says. */
const ASSINATURA: Record<string, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};
const arquivo = (nome: string, tipo: string, bytes = 10) => {
  const conteudo = new Uint8Array(bytes);
  conteudo.set((ASSINATURA[tipo] ?? []).slice(0, bytes));
  return new File([conteudo], nome, { type: tipo });
};

describe('prepararArquivo', () => {
  it("refuses a format the document does not accept: 'O documento precisa ser formato X ou Y'", async () => {
    const redimensionar = vi.fn();
    expect(await prepararArquivo(1, arquivo('planilha.xlsx', 'application/vnd.ms-excel'), redimensionar)).toEqual({
      ok: false, mensagem: 'O documento precisa ser formato PDF, JPG ou PNG',
    });
    expect(await prepararArquivo(3, arquivo('foto.pdf', 'application/pdf'), redimensionar)).toEqual({
      ok: false, mensagem: 'O documento precisa ser formato JPG ou PNG',
    });
    expect(redimensionar).not.toHaveBeenCalled();
  });

  it('refuses a file whose content is not what its name says (an .exe renamed .png), before sending it', async () => {
    const redimensionar = vi.fn();
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00])], 'foto.png', { type: 'image/png' });
    expect(await prepararArquivo(3, exe, redimensionar)).toEqual({ ok: false, mensagem: 'O documento precisa ser formato JPG ou PNG' });
    const pdfComoPng = arquivo('foto.png', 'application/pdf');
    expect(await prepararArquivo(1, new File([pdfComoPng], 'foto.png', { type: 'image/png' }), redimensionar)).toMatchObject({ ok: false });
    expect(redimensionar).not.toHaveBeenCalled();
  });

  it("refuses more than 2048 KB: 'O documento não pode ser maior que 2MB'", async () => {
    expect(await prepararArquivo(2, arquivo('conta.pdf', 'application/pdf', MB2 + 1))).toEqual({
      ok: false, mensagem: 'O documento não pode ser maior que 2MB',
    });
    const exato = arquivo('conta.pdf', 'application/pdf', MB2);
    expect(await prepararArquivo(2, exato)).toEqual({ ok: true, arquivo: exato });
  });

  it('resizes images (cover for the photo, contain for documents) and checks the size of what is sent', async () => {
    const pequeno = arquivo('foto.jpg', 'image/jpeg', 50_000);
    const redimensionar = vi.fn(async () => pequeno);
    const grande = arquivo('foto.png', 'image/png', 5 * 1024 * 1024);

    expect(await prepararArquivo(3, grande, redimensionar)).toEqual({ ok: true, arquivo: pequeno });
    expect(redimensionar).toHaveBeenLastCalledWith(grande, 'cobrir');

    await prepararArquivo(1, grande, redimensionar);
    expect(redimensionar).toHaveBeenLastCalledWith(grande, 'conter');

    // The browser could not resize: the original is too big.
    expect(await prepararArquivo(3, grande, async (f) => f)).toEqual({ ok: false, mensagem: 'O documento não pode ser maior que 2MB' });
  });

  it('reads the type from the extension when the browser gives none', () => {
    expect(tipoDeclarado({ name: 'RG.JPG', type: '' })).toBe('image/jpeg');
    expect(tipoDeclarado({ name: 'a.pdf', type: '' })).toBe('application/pdf');
    expect(tipoDeclarado({ name: 'a', type: '' })).toBe('');
    expect(tipoDeclarado({ name: 'a.jpg', type: 'image/jpg' })).toBe('image/jpeg');
  });
});
