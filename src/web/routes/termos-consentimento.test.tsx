import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hojeSaoPaulo } from '../../shared/datas';
import type { Delegacao } from '../../shared/schemas/entidade';
import { setToken } from '../lib/storage';
import { fail, installMockHttp, ok, type MockHttp } from '../test/http';
import { renderApp } from '../test/render-app';
import { fisherToken, staffToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('./termos-consentimento');
});
beforeEach(() => {
  http = installMockHttp();
});
afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

const DELEGACAO: Delegacao = {
  id: 9, idPescador: 77, entidade: { id: 1, nome: 'Colônia Z-3', tipo: 1 }, servicos: [2], inicio: '2026-12-07', fim: '2027-12-01', situacao: 2, origem: 2,
  vigente: false, revogadaEm: null, temTermo: true, temIdentidade: false, justificativaRecusa: null,
};
const daqui = (anos: number) => `${Number(hojeSaoPaulo().slice(0, 4)) + anos}${hojeSaoPaulo().slice(4)}`;
const pdf = (nome: string) => new File(['%PDF-1.4'], nome, { type: 'application/pdf' });

function abrirAgente() {
  setToken(fisherToken({ idPescador: undefined }));
  http.get('/api/representacao/pescadores', ok({ entidades: [], representados: [] }));
  restoreNavigation = renderApp('/representacao/termo').restoreNavigation;
}

async function preencher(fim = daqui(1)) {
  fireEvent.change(await screen.findByLabelText('CPF do pescador'), { target: { value: '529.982.247-25' } });
  fireEvent.change(screen.getByLabelText('Nome do pescador'), { target: { value: 'José Ribamar' } });
  fireEvent.change(screen.getByLabelText('Estado onde o pescador mora'), { target: { value: 'PA' } });
  fireEvent.change(screen.getByLabelText(/Válido até/), { target: { value: fim } });
  fireEvent.change(screen.getByLabelText(/Termo de consentimento assinado/), { target: { files: [pdf('termo.pdf')] } });
  fireEvent.change(screen.getByLabelText(/Documento de identidade do pescador/), { target: { files: [pdf('rg.pdf')] } });
}

describe('/representacao/termo (the agent files a consent term)', () => {
  it('lists the errors of an empty form in Portuguese and sends nothing', async () => {
    abrirAgente();
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar termo' }));
    expect((await screen.findAllByText('Anexe o termo de consentimento assinado pelo pescador.')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Anexe o documento de identidade do pescador.').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Informe o nome do pescador.').length).toBeGreaterThan(0);
    expect(http.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a validity beyond five years and a file that is not PDF, JPG or PNG', async () => {
    abrirAgente();
    await preencher(daqui(6));
    fireEvent.change(screen.getByLabelText(/Documento de identidade do pescador/), { target: { files: [new File(['x'], 'rg.docx', { type: 'application/msword' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar termo' }));
    expect((await screen.findAllByText(/no máximo 5 anos/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/O documento precisa ser formato PDF, JPG ou PNG/).length).toBeGreaterThan(0);
    expect(http.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('files the term, then the identity document; a failed identity upload is retried without filing the term twice', async () => {
    abrirAgente();
    http.post('/api/representacao/termos', ok(DELEGACAO));
    let tentativas = 0;
    http.post('/api/representacao/termos/9/identidade', () => (++tentativas === 1 ? fail(503, 'Serviço indisponível.') : ok({ ...DELEGACAO, temIdentidade: true })));
    await preencher();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar termo' }));
    expect(await screen.findByText('O termo foi registrado, mas falta o documento de identidade.')).toBeTruthy();
    const termo = http.callsTo('/api/representacao/termos').find((c) => c.method === 'POST')!.data as FormData;
    expect(termo.get('cpfPescador')).toBe('52998224725');
    expect(termo.get('servicos')).toBe('2');
    expect(termo.get('uf')).toBe('PA');
    expect((termo.get('arquivos') as File).name).toBe('termo.pdf');

    fireEvent.click(screen.getByRole('button', { name: 'Enviar documento de identidade' }));
    await waitFor(() => expect(tentativas).toBe(2));
    expect(http.callsTo('/api/representacao/termos').filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(((http.callsTo('/api/representacao/termos/9/identidade')[1]!.data as FormData).get('arquivos') as File).name).toBe('rg.pdf');
  });
});

const PENDENTE = {
  ...DELEGACAO, temIdentidade: true, cpfPescador: '52998224725', nomePescador: 'José Ribamar', uf: 'PA', cpfAgente: '11144477735',
  documentos: [{ id: 3, tipo: 6, chave: 'a'.repeat(32), nomeArquivo: 'termo.pdf' }, { id: 4, tipo: 1, chave: 'b'.repeat(32), nomeArquivo: 'rg.pdf' }],
};

function abrirAnalista(termos: unknown[]) {
  setToken(staffToken({ perfil: 3 }));
  http.get('/api/representacao/termos', ok(termos));
  restoreNavigation = renderApp('/analise/termos-consentimento').restoreNavigation;
}

describe('/analise/termos-consentimento (the analyst validates or refuses)', () => {
  it('validates a term', async () => {
    abrirAnalista([PENDENTE]);
    http.post('/api/representacao/termos/9/validacao', ok({ ...DELEGACAO, situacao: 1 }));
    const item = (await screen.findByRole('heading', { name: 'José Ribamar' })).closest('li')!;
    expect(within(item).getByText('Colônia Z-3')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Validar o termo de José Ribamar' }));
    await waitFor(() => expect(http.callsTo('/api/representacao/termos/9/validacao')[0]?.data).toEqual({ aprovado: true }));
  });

  it('asks the reason of a refusal before sending it', async () => {
    abrirAnalista([PENDENTE]);
    http.post('/api/representacao/termos/9/validacao', ok({ ...DELEGACAO, situacao: 4 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Recusar o termo de José Ribamar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar recusa' }));
    expect((await screen.findAllByText('Informe a justificativa da recusa.')).length).toBeGreaterThan(0);
    expect(http.callsTo('/api/representacao/termos/9/validacao')).toEqual([]);
    fireEvent.change(screen.getByLabelText('Motivo da recusa'), { target: { value: 'Assinatura não confere com a identidade.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar recusa' }));
    await waitFor(() => expect(http.callsTo('/api/representacao/termos/9/validacao')[0]?.data)
      .toEqual({ aprovado: false, justificativa: 'Assinatura não confere com a identidade.' }));
  });

  it('offers only refusal while the identity document is missing', async () => {
    abrirAnalista([{ ...PENDENTE, temIdentidade: false, documentos: PENDENTE.documentos.slice(0, 1) }]);
    const validar = await screen.findByRole('button', { name: 'Validar o termo de José Ribamar' });
    expect((validar as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/só pode ser recusado/)).toBeTruthy();
  });
});
