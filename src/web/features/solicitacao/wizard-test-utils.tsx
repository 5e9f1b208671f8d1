import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect } from 'vitest';
import type { SolicitacaoDetalheResposta } from '../../../shared/schemas/solicitacao-api';
// Loaded up front, so that the lazy route resolves at once.
import '../../routes/solicitacao';
import { setToken } from '../../lib/storage';
import { installMockHttp, ok, type MockHttp } from '../../test/http';
import { renderApp } from '../../test/render-app';
import { solicitacaoDetalhe } from '../../test/respostas';
import { fisherToken } from '../../test/tokens';

export let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

export const MUNICIPIOS_SP = [
  { id: 3550308, nome: 'São Paulo', uf: 'SP' },
  { id: 3548500, nome: 'Santos', uf: 'SP' },
];

export function usarServidorFalso() {
  beforeEach(() => {
    http = installMockHttp();
    setToken(fisherToken({ sub: '12345678909', nome: 'MARIA DAS GRAÇAS PESCADORA', idPescador: 42 }));
    http.get('/api/municipios/uf/SP', ok(MUNICIPIOS_SP));
    http.get('/api/municipios/uf/PA', ok([{ id: 1501402, nome: 'Belém', uf: 'PA' }]));
    http.get(
      '/api/solicitacao/profissoes',
      ok([
        { id: 1, descricao: 'Pescador(a) artesanal' },
        { id: 2, descricao: 'Agricultor(a)' },
      ]),
    );
    http.get(/^\/api\/documentos\/solicitacao\/\d+$/, ok({ documentos: [] }));
  });
  afterEach(() => {
    http.restore();
    restoreNavigation?.();
  });
}

export function abrir(path: string) {
  const app = renderApp(path);
  restoreNavigation = app.restoreNavigation;
  return app;
}

/** By text: role queries are slow on big forms. */
export function tituloDoPasso(n: number, titulo: string) {
  const esperado = new RegExp(`^Passo ${n} de 5:? ${titulo}$`);
  return screen.findByText(
    (_texto, el) => el?.tagName === 'H2' && esperado.test((el.textContent ?? '').replace(/\s+/g, ' ').trim()),
  );
}

/** By text: faster than getByLabelText on a form this size in jsdom. */
export function campo(rotulo: string | RegExp, dentro: HTMLElement = document.body): HTMLElement {
  const label = within(dentro).getByText(rotulo, { selector: 'label' }) as HTMLLabelElement;
  const el = document.getElementById(label.htmlFor);
  if (!el) throw new Error(`Rótulo sem campo: ${String(rotulo)}`);
  return el;
}

/** Character by character: react-imask listens to input events. */
export function digitarComMascara(rotulo: string | RegExp, texto: string, dentro: HTMLElement = document.body) {
  const el = campo(rotulo, dentro) as HTMLInputElement;
  for (const ch of texto) {
    fireEvent.keyDown(el, { key: ch });
    fireEvent.input(el, { target: { value: el.value + ch } });
  }
}

export function preencher(rotulo: string | RegExp, valor: string, dentro: HTMLElement = document.body) {
  fireEvent.change(campo(rotulo, dentro), { target: { value: valor } });
}

export function marcar(pergunta: string | RegExp, opcao: string | RegExp, dentro: HTMLElement = document.body) {
  // By the legend's text: role queries compute the accessibility tree.
  const grupo = within(dentro).getByText(pergunta, { selector: 'legend' }).closest('fieldset') as HTMLElement;
  fireEvent.click(campo(opcao, grupo));
}

export async function escolherQuandoCarregar(rotulo: string | RegExp, opcao: string, dentro: HTMLElement = document.body) {
  const select = campo(rotulo, dentro) as HTMLSelectElement;
  const option = (await within(select).findByRole('option', { name: opcao })) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
}

export function salvarEContinuar() {
  fireEvent.click(screen.getByText('Salvar e continuar', { selector: 'button' }));
}

export async function resumoDeErros() {
  const titulo = await screen.findByRole('heading', { level: 2, name: 'Existem erros no formulário' });
  const caixa = titulo.closest('.error-summary') as HTMLElement;
  await waitFor(() => expect(document.activeElement).toBe(caixa));
  return caixa;
}

export function linksDoResumo(caixa: HTMLElement): string[] {
  return within(caixa)
    .getAllByRole('link')
    .map((a) => `${a.textContent} → ${a.getAttribute('href')}`);
}

export function corpos(metodo: 'POST' | 'PUT'): Record<string, unknown>[] {
  return http.calls.filter((c) => c.method === metodo && c.url === '/api/solicitacao').map((c) => c.data as Record<string, unknown>);
}

export function rascunho(passo: number, extra: Partial<SolicitacaoDetalheResposta> = {}): SolicitacaoDetalheResposta {
  return solicitacaoDetalhe({
    id: 77,
    passo,
    dataCriacao: '2025-03-10T12:00:00Z',
    ...(passo >= 1 ? PASSO1_SALVO : {}),
    ...(passo >= 2 ? PASSO2_SALVO : {}),
    ...(passo >= 3 ? PASSO3_SALVO : {}),
    ...(passo >= 4 ? { recebeuAjudaPreenchimento: false, apoio: [] } : {}),
    ...extra,
  });
}

export const PASSO1_SALVO = {
  cpf: '12345678909',
  nome: 'MARIA DAS GRAÇAS PESCADORA',
  dataNascimento: '1980-05-10',
  sexo: 2,
  nomeMae: 'ANA PESCADORA',
  nomePai: 'NÃO INFORMADO',
  apelido: null,
  escolaridade: 6,
  etnia: 4,
  alfabetizacao: true,
  nacionalidadeBrasileira: 'BRASILEIRA',
  docIdentificacao: { numero: '1234567', ufEmissao: 'SP', orgaoEmissor: 1, dataEmissao: '2000-01-01' },
  documentoSocial: { tipo: 12, numero: '12345678901' },
  endereco: {
    cep: '11010000',
    logradouro: 'RUA DO PORTO',
    numeroLogradouro: '10',
    bairro: 'CENTRO',
    complemento: null,
    municipio: 3548500,
    uf: 'SP',
  },
  contato: { email: null, telefone: '13987654321' },
  protocolo: null,
};

export const PASSO2_SALVO = {
  dadosAtividadePesca: {
    formaAtuacaoPesca: {
      formaAtuacao: 2,
      categoria: 2,
      propriedadeEmbarcacao: null,
      possuiRegistroEmbarcacao: null,
      embarcacao: null,
    },
    ambientePesca: [2],
    areaPretendidaPesca: [{ idMunicipio: 3548500, tipoLocalPesca: 4, nomePopularLocalPesca: 'Mangue do Porto' }],
    gruposAlvosPesca: [1, 2],
  },
  possuiInstituicaoRepresentante: false,
  entidadeRepresentante: null,
};

export const PASSO3_SALVO = {
  dadosSocioEconomicos: [{ membroFamilia: 1, idade: 44, participaPesca: true, possuiOutraFonteRenda: false }],
  fontesRenda: [
    { atividadeProfissional: 'Pesca', faixaRenda: 1, idProfissao: 1, dataAdmissao: null, dataEncerramento: null },
  ],
  rendaBeneficio: { possuiRendaFederal: false, possuiSeguroDefeso: true, valorRendaMensal: 0, valorRendaAnual: 0 },
  acessoServicoPublico: {
    tipoResidencia: 1,
    tempoResideMunicipio: 20,
    possuiComputador: false,
    possuiAcessoInternet: true,
    possuiCapacitacaoProfissional: false,
    possuiCelular: true,
    infraestruturasPublicas: [1, 2],
  },
};

export { fireEvent, screen, waitFor, within };
