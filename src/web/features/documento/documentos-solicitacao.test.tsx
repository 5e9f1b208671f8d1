import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/storage';
import { ProvedoresDeTeste } from '../../test/provedores';
import { deferred, fail, installMockHttp, ok, type MockHttp, type MockReply } from '../../test/http';
import { fisherToken } from '../../test/tokens';
import type { Documento } from '../../../shared/schemas/documento';
import { documento as doc } from '../../test/respostas';
import { DocumentosSolicitacao, type DocumentosSolicitacaoProps } from './documentos-solicitacao';

let http: MockHttp & { restore: () => void };

beforeEach(() => {
  http = installMockHttp();
  setToken(fisherToken());
});

afterEach(() => {
  http.restore();
  vi.restoreAllMocks();
});

const pdf = (nome: string, bytes = 100) => {
  const conteudo = new Uint8Array(bytes);
  conteudo.set([0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-: the browser checks the magic number
  return new File([conteudo], nome, { type: 'application/pdf' });
};

function renderPainel(props: Partial<DocumentosSolicitacaoProps> = {}) {
  return render(
    <ProvedoresDeTeste>
      <DocumentosSolicitacao idSolicitacao={10} tipoSolicitacao={1} nacionalidadeBrasileira="BRASILEIRA" nivelTitulo={2} {...props} />
    </ProvedoresDeTeste>,
  );
}

/** The block of one document type, found by its heading. */
function campo(nome: string | RegExp) {
  const heading = screen.getByRole('heading', { name: nome });
  return heading.closest<HTMLElement>('[role="group"]')!;
}

function escolher(input: HTMLElement, arquivo: File) {
  fireEvent.change(input, { target: { files: [arquivo] } });
}

function documentosAnswer(documentos: Documento[]) {
  http.get('/api/documentos/solicitacao/10', ok({ documentos }));
}

function uploadAnswer(novo: Documento) {
  http.post('/api/documentos', ok({ documentos: [novo] }));
}

describe('DocumentosSolicitacao', () => {
  it('shows a loading status until the documents arrive, then one field per document with the required ones marked', async () => {
    const answer = deferred<MockReply>();
    http.get('/api/documentos/solicitacao/10', () => answer.promise);

    renderPainel();

    expect(screen.getByRole('status').textContent).toContain('Carregando documentos');
    expect(screen.queryByLabelText(/Documento de identificação/)).toBeNull();

    answer.resolve(ok({ documentos: [doc(1, 1, { nomeArquivo: 'rg-frente.pdf' }), doc(2, 12, { nomeArquivo: 'nis.pdf' })] }));

    await screen.findByRole('heading', { name: 'Documento de identificação (obrigatório)' });
    expect(screen.queryByText('Carregando documentos…')).toBeNull();
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Documento de identificação (obrigatório)',
      'Comprovante de residência (obrigatório)',
      'Foto 3x4 (obrigatório)',
      'PIS/PASEP/NIS/NIT (obrigatório)',
      'Título de eleitor (opcional)',
      'Documento adicional (opcional)',
    ]);
    within(campo(/^Documento de identificação/)).getByText('rg-frente.pdf');
    // A NIS satisfies the PIS/PASEP/NIS/NIT group and shows there.
    within(campo(/^PIS\/PASEP/)).getByText('nis.pdf');
    within(campo(/^Comprovante de residência/)).getByText('Nenhum arquivo enviado.');

    const input = screen.getByLabelText('Substituir arquivo Documento de identificação (obrigatório)');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toContain('application/pdf');
    expect(screen.getByLabelText('Enviar arquivo Foto 3x4 (obrigatório)').getAttribute('accept')).not.toContain('pdf');
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/documentos/solicitacao/10']);
  });

  it('inside the wizard (default heading level) the panel is an h3 and each document an h4', async () => {
    documentosAnswer([]);
    renderPainel({ nivelTitulo: undefined });
    await screen.findByRole('heading', { level: 3, name: 'Documentos' });
    await screen.findByRole('heading', { level: 4, name: 'Foto 3x4 (obrigatório)' });
  });

  it('foreigner with entity: the work visa and membership proof are required too', async () => {
    documentosAnswer([]);
    renderPainel({ nacionalidadeBrasileira: 'ESTRANGEIRA', possuiEntidade: true });
    await screen.findByRole('heading', { name: 'Visto de trabalho (obrigatório)' });
    screen.getByRole('heading', { name: 'Comprovante de filiação à entidade (obrigatório)' });
  });

  it('refuses a wrong format or a file over 2 MB in the browser, with the inline message and no HTTP call', async () => {
    documentosAnswer([]);
    renderPainel();
    const input = await screen.findByLabelText('Enviar arquivo Comprovante de residência (obrigatório)');

    escolher(input, new File(['x'], 'conta.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    await within(campo(/^Comprovante de residência/)).findByText('O documento precisa ser formato PDF, JPG ou PNG');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('documento-tipo-2-erro');

    escolher(input, pdf('conta.pdf', 2048 * 1024 + 1));
    await within(campo(/^Comprovante de residência/)).findByText('O documento não pode ser maior que 2MB');

    const foto = screen.getByLabelText('Enviar arquivo Foto 3x4 (obrigatório)');
    escolher(foto, pdf('foto.pdf'));
    await within(campo(/^Foto 3x4/)).findByText('O documento precisa ser formato JPG ou PNG');

    expect(http.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('sends the file as multipart (idSolicitacao, tipo, arquivos); the new document replaces the old one of its type', async () => {
    documentosAnswer([doc(1, 2, { nomeArquivo: 'conta-antiga.pdf' })]);
    uploadAnswer(doc(7, 2, { nomeArquivo: 'conta-nova.pdf' }));
    renderPainel();
    const input = await screen.findByLabelText('Substituir arquivo Comprovante de residência (obrigatório)');

    const arquivo = pdf('conta-nova.pdf');
    escolher(input, arquivo);

    const bloco = campo(/^Comprovante de residência/);
    await within(bloco).findByText('Arquivo carregado com sucesso');
    // One message for one upload (issue 15, point 9): no toast repeating the field's status.
    expect(screen.queryByText('Documento salvo com sucesso')).toBeNull();
    within(bloco).getByText('conta-nova.pdf');
    expect(within(bloco).queryByText('conta-antiga.pdf')).toBeNull();

    const [envio] = http.callsTo('/api/documentos');
    expect(envio?.method).toBe('POST');
    const form = envio?.data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('idSolicitacao')).toBe('10');
    expect(form.get('tipo')).toBe('2');
    expect((form.get('arquivos') as File).name).toBe('conta-nova.pdf');
  });

  it('additional documents accumulate, and the 11th is refused without calling the server', async () => {
    const nove = Array.from({ length: 9 }, (_, i) => doc(100 + i, 6, { nomeArquivo: `adicional-${i + 1}.pdf` }));
    documentosAnswer(nove);
    uploadAnswer(doc(200, 6, { nomeArquivo: 'adicional-10.pdf' }));
    renderPainel();
    const input = await screen.findByLabelText('Enviar arquivo Documento adicional (opcional)');
    screen.getByText(/9 de 10 enviados/);

    escolher(input, pdf('adicional-10.pdf'));

    const bloco = campo(/^Documento adicional/);
    await within(bloco).findByText('adicional-10.pdf');
    within(bloco).getByText('adicional-1.pdf');
    expect(within(bloco).getAllByRole('listitem')).toHaveLength(10);
    screen.getByText(/10 de 10 enviados/);

    escolher(input, pdf('adicional-11.pdf'));
    await within(bloco).findByText('Só é possivel adicionar 10 documentos adicionais');
    expect(http.callsTo('/api/documentos')).toHaveLength(1);
  });

  it("shows the server's message when the upload is refused", async () => {
    documentosAnswer([]);
    http.post('/api/documentos', fail(400, 'O documento precisa ser formato PDF, JPG ou PNG'));
    renderPainel();
    escolher(await screen.findByLabelText('Enviar arquivo Título de eleitor (opcional)'), pdf('titulo.pdf'));
    await within(campo(/^Título de eleitor/)).findByText('O documento precisa ser formato PDF, JPG ou PNG');
    within(campo(/^Título de eleitor/)).getByText('Nenhum arquivo enviado.');
  });

  it('removes a document only after confirmation', async () => {
    documentosAnswer([doc(1, 1, { nomeArquivo: 'rg.pdf' }), doc(2, 2, { nomeArquivo: 'conta.pdf' })]);
    http.delete('/api/documentos/1', { status: 204 });
    renderPainel();
    const bloco = campo(await screen.findByRole('heading', { name: /^Documento de identificação/ }).then((h) => h.textContent!));

    fireEvent.click(within(bloco).getByRole('button', { name: 'Remover rg.pdf' }));
    await screen.findByText('Remover documento?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText('Remover documento?')).toBeNull());
    expect(http.callsTo('/api/documentos/1')).toHaveLength(0);
    within(bloco).getByText('rg.pdf');

    fireEvent.click(within(bloco).getByRole('button', { name: 'Remover rg.pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, remover.' }));

    await screen.findByText('Documento removido com sucesso', { selector: '.Toastify *' });
    expect(http.callsTo('/api/documentos/1').map((c) => c.method)).toEqual(['DELETE']);
    expect(within(bloco).queryByText('rg.pdf')).toBeNull();
    within(bloco).getByText('Nenhum arquivo enviado.');
    screen.getByText('conta.pdf');
  });

  it("'Erro ao deletar documento' when the removal fails, and the document stays", async () => {
    documentosAnswer([doc(1, 1, { nomeArquivo: 'rg.pdf' })]);
    http.delete('/api/documentos/1', { status: 500, data: 'erro' });
    renderPainel();
    fireEvent.click(await screen.findByRole('button', { name: 'Remover rg.pdf' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim, remover.' }));
    await screen.findByText('Erro ao deletar documento');
    screen.getByText('rg.pdf');
  });

  it('"Visualizar": a migrated document through the signed address of /api/cloud-storage, another from urlArquivo with the jwt', async () => {
    const token = fisherToken({ sid: 'visualizar' });
    setToken(token);
    documentosAnswer([
      doc(1, 1, { nomeArquivo: 'rg-migrado.pdf', migrado: true, chaveArquivo: 'legado_123' }),
      doc(2, 2, { nomeArquivo: 'conta.pdf', urlArquivo: '/api/arquivos/abc' }),
    ]);
    http.get(/^\/api\/cloud-storage\//, ok({ url: 'https://storage.example/assinado?x=1' }));
    const aba = { opener: {} as unknown, closed: false, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => aba as unknown as Window);
    renderPainel();

    fireEvent.click(await screen.findByRole('button', { name: 'Visualizar rg-migrado.pdf' }));
    await waitFor(() => expect(aba.location.href).toBe('https://storage.example/assinado?x=1'));
    expect(http.calls.at(-1)?.url).toBe(`/api/cloud-storage/legado_123?jwt=${encodeURIComponent(token)}`);
    expect(aba.opener).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Visualizar conta.pdf' }));
    await waitFor(() => expect(aba.location.href).toBe(`/api/arquivos/abc?jwt=${encodeURIComponent(token)}`));
    expect(open).toHaveBeenCalledTimes(2);
  });

  it("a failed signed address closes the tab and says 'Erro ao carregar url do arquivo da cloud'", async () => {
    documentosAnswer([doc(1, 1, { nomeArquivo: 'rg.pdf', migrado: true })]);
    http.get(/^\/api\/cloud-storage\//, fail(404, 'Arquivo não encontrado'));
    const aba = { opener: {}, closed: false, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation(() => aba as unknown as Window);
    renderPainel();
    fireEvent.click(await screen.findByRole('button', { name: 'Visualizar rg.pdf' }));
    await screen.findByText('Erro ao carregar url do arquivo da cloud');
    expect(aba.close).toHaveBeenCalled();
  });

  it('somenteLeitura: files can be viewed but not sent or removed', async () => {
    documentosAnswer([doc(1, 1, { nomeArquivo: 'rg.pdf' })]);
    renderPainel({ somenteLeitura: true });
    await screen.findByRole('button', { name: 'Visualizar rg.pdf' });
    expect(screen.queryByRole('button', { name: /Remover/ })).toBeNull();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });

  it('a first-RGP edit (type 7) shows the first-RGP documents', async () => {
    documentosAnswer([]);
    renderPainel({ tipoSolicitacao: 7 });
    await screen.findByRole('heading', { name: 'Comprovante do primeiro RGP (obrigatório)' });
    screen.getByRole('heading', { name: 'Documento adicional do primeiro RGP (opcional)' });
    expect(screen.queryByRole('heading', { name: /Documento de identificação/ })).toBeNull();
  });

  it("reports the documents to the caller and 'Erro ao carregar Documentos' on failure", async () => {
    const onDocumentosChange = vi.fn();
    documentosAnswer([doc(1, 1)]);
    const { unmount } = renderPainel({ onDocumentosChange });
    await waitFor(() => expect(onDocumentosChange).toHaveBeenCalledWith([expect.objectContaining({ id: 1 })]));
    unmount();

    http.get('/api/documentos/solicitacao/10', fail(500, 'Erro interno'));
    renderPainel();
    await waitFor(() => expect(screen.getAllByText('Erro ao carregar Documentos').length).toBeGreaterThan(0));
    screen.getByRole('button', { name: 'Tentar novamente' });
  });
});
