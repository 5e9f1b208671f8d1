import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useImperativeHandle } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENSAGENS_CARTEIRA } from '../../../shared/schemas/carteira';
import { fail, installMockHttp, networkError, ok, type MockHttp } from '../../test/http';
import { renderApp } from '../../test/render-app';
import type { CaptchaProps } from './captcha';

/**
 * The ALTCHA widget cannot solve its proof of work in jsdom: the captcha component is replaced by one whose
 * "Simular verificação" button calls onVerified with a new payload, and whose handle records resets.
 */
const captcha = vi.hoisted(() => ({ resets: 0, emitidos: 0 }));
vi.mock('./captcha', () => ({
  Captcha: ({ id, onVerified, erro, ref }: CaptchaProps) => {
    useImperativeHandle(ref, () => ({
      reset: () => void (captcha.resets += 1),
      verificar: async () => null,
    }));
    return (
      <div id={id} tabIndex={-1} role="group" aria-label="Verificação de segurança">
        {erro && <span>{erro}</span>}
        <button type="button" onClick={() => onVerified(`payload-${++captcha.emitidos}`)}>
          Simular verificação
        </button>
      </div>
    );
  },
}));

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeAll(async () => {
  await import('../../routes/publico-consulta-carteira');
  await import('../../routes/publico-consulta-protocolo');
  await import('../../routes/publico-verificar-carteira');
  await import('../../routes/publico-lista-ato');
});

beforeEach(() => {
  http = installMockHttp();
  captcha.resets = 0;
  captcha.emitidos = 0;
});

afterEach(() => {
  http.restore();
  restoreNavigation?.();
});

function open(path: string) {
  const app = renderApp(path);
  restoreNavigation = app.restoreNavigation;
  return app;
}

const CONSULTA = /^\/api\/carteira-profissional\/consulta-publica\?/;
const cabecalhoCaptcha = (i = 0) =>
  http.calls.filter((c) => c.method === 'GET')[i]?.config.headers.get('x-hcaptcha-token');

function preencherCarteira(cpf = '12345678909', rgp = 'papa00000000042') {
  fireEvent.input(screen.getByLabelText(/CPF do pescador/), { target: { value: cpf } });
  const campoRgp = screen.getByLabelText(/Número do RGP/) as HTMLInputElement;
  fireEvent.change(campoRgp, { target: { value: rgp } });
  fireEvent.blur(campoRgp);
  return campoRgp;
}

describe('/consulta-carteira', () => {
  it('sends the captcha payload in x-hcaptcha-token and shows only the fields the server returned', async () => {
    http.get(
      CONSULTA,
      ok({
        nome: 'MARIA DAS GRAÇAS',
        situacao: 1,
        situacaoDescricao: 'Ativo',
        categoria: 2,
        categoriaDescricao: 'Artesanal',
        municipio: 'Belém',
        uf: 'PA',
        numeroRGP: 'PAPA00000000042',
        dataPrimeiroRgp: null,
        formaAtuacaoDescricao: 'Desembarcado',
        gruposAlvo: ['Peixes', 'Camarões'],
        ambientesPesca: ['Continental'],
        areasPesca: ['Rio – Rio Guamá'],
        ativoDesde: '2016-04-01',
        // Never shown, even if a server sent it.
        cpf: '12345678909',
      }),
    );
    open('/consulta-carteira');

    await screen.findByRole('heading', { level: 1, name: 'Verificar uma carteira profissional' });
    const rgp = preencherCarteira();
    // Displayed hyphen-separated, upper case.
    expect(rgp.value).toBe('PA-PA-00000000042');
    fireEvent.click(screen.getByRole('button', { name: 'Simular verificação' }));
    fireEvent.click(screen.getByRole('button', { name: /Consultar carteira/ }));

    const resultado = await screen.findByRole('region', { name: 'Resultado da consulta' });
    expect(http.calls.map((c) => c.url)).toEqual(['/api/carteira-profissional/consulta-publica?cpf=12345678909&rgp=PAPA00000000042']);
    expect(cabecalhoCaptcha()).toBe('payload-1');
    expect(http.calls[0]?.authorization).toBeNull();

    const termos = within(resultado).getAllByRole('term').map((t) => t.textContent);
    const valores = within(resultado).getAllByRole('definition').map((d) => d.textContent);
    expect(Object.fromEntries(termos.map((t, i) => [t, valores[i]]))).toEqual({
      Nome: 'MARIA DAS GRAÇAS',
      'Situação do registro': 'Ativo',
      Categoria: 'Artesanal',
      'Município/UF': 'Belém/PA',
      'Número do RGP': 'PA-PA-00000000042',
      'Registro ativo desde': '01/04/2016',
      'Forma de atuação': 'Desembarcado',
      'Grupos-alvo (produto explorado)': 'Peixes; Camarões',
      'Ambientes de pesca': 'Continental',
      'Áreas de pesca': 'Rio – Rio Guamá',
    });
    expect(within(resultado).queryByText(/123\.?456/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(resultado).getByRole('heading', { name: 'Resultado da consulta' })));

    // The token was spent: the widget is reset, and a new lookup needs a new verification.
    expect(captcha.resets).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: /Consultar carteira/ }));
    await screen.findByRole('link', { name: /Conclua a verificação de segurança/ });
    expect(http.calls).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Simular verificação' }));
    fireEvent.click(screen.getByRole('button', { name: /Consultar carteira/ }));
    await waitFor(() => expect(http.calls).toHaveLength(2));
    expect(cabecalhoCaptcha(1)).toBe('payload-2');
  });

  it('checks CPF and RGP before asking anything ("RGP inválido")', async () => {
    open('/consulta-carteira');

    await screen.findByRole('heading', { level: 1 });
    preencherCarteira('12345678900', 'XXPA00000000042');
    fireEvent.click(screen.getByRole('button', { name: 'Simular verificação' }));
    fireEvent.click(screen.getByRole('button', { name: /Consultar carteira/ }));

    const resumo = (await screen.findByRole('heading', { name: 'Existem erros no formulário' })).closest('.error-summary') as HTMLElement;
    const links = within(resumo).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['#consulta-carteira-cpf', '#consulta-carteira-rgp']);
    expect(links[0]!.textContent).toContain('CPF inválido');
    expect(links[1]!.textContent).toContain('RGP inválido');
    // The summary holds the focus (a screen reader hears it), not the first invalid field.
    await waitFor(() => expect(document.activeElement).toBe(resumo));
    expect(http.calls).toHaveLength(0);
  });

  it('after a failed submit, a field put right loses its message as it changes, and the focus stays on it', async () => {
    open('/consulta-carteira');

    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: /Consultar carteira/ }));
    const resumo = (await screen.findByRole('heading', { name: 'Existem erros no formulário' })).closest('.error-summary') as HTMLElement;
    expect(within(resumo).getAllByRole('link').map((l) => l.textContent)).toEqual([
      'CPF do pescador: Informe o CPF',
      'Número do RGP: Informe o número do RGP',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(resumo));

    const cpf = screen.getByLabelText(/CPF do pescador/) as HTMLInputElement;
    cpf.focus();
    fireEvent.input(cpf, { target: { value: '12345678909' } });
    expect(cpf.value).toBe('123.456.789-09');
    await waitFor(() => expect(within(resumo).getAllByRole('link').map((l) => l.textContent)).toEqual(['Número do RGP: Informe o número do RGP']));
    expect(cpf.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(cpf);
    expect(http.calls).toHaveLength(0);
  });

  it('shows the server message when the captcha is refused and when no card matches (404)', async () => {
    http.get(CONSULTA, fail(400, 'Token de CAPTCHA inválido ou não fornecido'));
    open('/consulta-carteira');
    await screen.findByRole('heading', { level: 1 });

    preencherCarteira();
    fireEvent.click(screen.getByRole('button', { name: 'Simular verificação' }));
    fireEvent.click(screen.getByRole('button', { name: /Consultar carteira/ }));
    await screen.findByText('Token de CAPTCHA inválido ou não fornecido');

    http.get(CONSULTA, fail(404, 'Carteira não encontrada para o CPF e o RGP informados.'));
    fireEvent.click(screen.getByRole('button', { name: 'Simular verificação' }));
    fireEvent.click(screen.getByRole('button', { name: /Consultar carteira/ }));
    await screen.findByText('Carteira não encontrada para o CPF e o RGP informados.');
    expect(screen.queryByText('Token de CAPTCHA inválido ou não fornecido')).toBeNull();
    expect(captcha.resets).toBe(2);
  });

  it('without an answer: "Erro desconhecido, tente novamente mais tarde"', async () => {
    http.get(CONSULTA, (config) => networkError(config));
    open('/consulta-carteira');
    await screen.findByRole('heading', { level: 1 });

    preencherCarteira();
    fireEvent.click(screen.getByRole('button', { name: 'Simular verificação' }));
    fireEvent.click(screen.getByRole('button', { name: /Consultar carteira/ }));

    await waitFor(() => expect(screen.getAllByText('Erro desconhecido, tente novamente mais tarde').length).toBeGreaterThanOrEqual(1));
    expect(document.querySelector('.Toastify__toast--error')?.textContent).toContain('Erro desconhecido, tente novamente mais tarde');
  });
});

describe('/consulta-protocolo', () => {
  it('takes the number from ?protocolo=, sends the captcha header and shows the protocol', async () => {
    http.get(
      '/api/pescador/protocolo-solicitacao-registro/20240000123',
      ok({
        numeroProtocolo: '20240000123',
        tipo: 1,
        tipoDescricao: 'Registro inicial',
        situacao: 6,
        situacaoDescricao: 'Aguardando Análise',
        dataEnvio: '2024-05-02T13:00:00.000Z',
        nome: 'MARIA D. G.',
        uf: 'PA',
      }),
    );
    open('/consulta-protocolo?protocolo=20240000123');

    await screen.findByRole('heading', { level: 1, name: 'Consultar protocolo' });
    expect((screen.getByLabelText(/Número do protocolo/) as HTMLInputElement).value).toBe('20240000123');
    fireEvent.click(screen.getByRole('button', { name: 'Simular verificação' }));
    fireEvent.click(screen.getByRole('button', { name: /Consultar protocolo/ }));

    const resultado = await screen.findByRole('region', { name: 'Resultado da consulta' });
    expect(cabecalhoCaptcha()).toBe('payload-1');
    const termos = within(resultado).getAllByRole('term').map((t) => t.textContent);
    const valores = within(resultado).getAllByRole('definition').map((d) => d.textContent);
    expect(Object.fromEntries(termos.map((t, i) => [t, valores[i]]))).toEqual({
      'Número do protocolo': '20240000123',
      'Tipo de solicitação': 'Registro inicial',
      Situação: 'Aguardando Análise',
      'Data de envio': '02/05/2024 10:00:00',
      Nome: 'MARIA D. G.',
      UF: 'PA',
    });
    expect(captcha.resets).toBe(1);
  });

  it('404 shows the server message', async () => {
    http.get('/api/pescador/protocolo-solicitacao-registro/99999999', fail(404, 'Protocolo não encontrado.'));
    open('/consulta-protocolo');
    await screen.findByRole('heading', { level: 1 });

    fireEvent.change(screen.getByLabelText(/Número do protocolo/), { target: { value: '9999 9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simular verificação' }));
    fireEvent.click(screen.getByRole('button', { name: /Consultar protocolo/ }));

    await screen.findByText('Protocolo não encontrado.');
  });
});

describe('/verificar-carteira', () => {
  const TOKEN = 'abcdefghijklmnopqrstuvwxyz_0123456789';
  const carteira = {
    nome: 'MARIA DAS GRAÇAS',
    situacao: 1,
    situacaoDescricao: 'Ativo',
    categoria: 2,
    categoriaDescricao: 'Artesanal',
    municipio: 'Belém',
    uf: 'PA',
    numeroRGP: 'PA-PA-00000000042',
    dataPrimeiroRgp: '2020-03-15',
    formaAtuacaoDescricao: 'Embarcado',
    gruposAlvo: ['Peixes'],
    ambientesPesca: ['Marinho'],
    areasPesca: [],
    ativoDesde: '2021-06-10',
    dataEmissao: '2024-05-02T13:00:00.000Z',
  };

  it('valid: "Carteira válida" as a status, with the card face, and no captcha', async () => {
    http.get(`/api/carteira-profissional/verificar/${TOKEN}`, {
      status: 200,
      data: { codigo: 200, mensagem: 'Carteira válida.', dados: { ...carteira, valida: true, motivo: null } },
    });
    open(`/verificar-carteira?token=${TOKEN}`);

    const veredito = await screen.findByText('Carteira válida');
    expect(veredito.closest('[role="status"]')).toBeTruthy();
    expect(veredito.closest('[role="status"]')?.querySelector('.fa-check-circle')).toBeTruthy();
    screen.getByText('MARIA DAS GRAÇAS');
    screen.getByText('PA-PA-00000000042');
    screen.getByText('15/03/2020');
    // The printed card's check shows what an INSS server checks by hand.
    expect(screen.getByText('Registro ativo desde').nextElementSibling?.textContent).toBe('10/06/2021');
    expect(screen.getByText('Forma de atuação').nextElementSibling?.textContent).toBe('Embarcado');
    expect(screen.getByText('Grupos-alvo (produto explorado)').nextElementSibling?.textContent).toBe('Peixes');
    expect(screen.getByText('Ambientes de pesca').nextElementSibling?.textContent).toBe('Marinho');
    expect(screen.queryByText('Áreas de pesca')).toBeNull();
    expect(http.calls[0]?.config.headers.get('x-hcaptcha-token')).toBeFalsy();
  });

  it('superseded: "Carteira substituída" with the server reason, without the card face', async () => {
    http.get(`/api/carteira-profissional/verificar/${TOKEN}`, {
      status: 200,
      data: { codigo: 200, mensagem: MENSAGENS_CARTEIRA.carteiraSubstituida, dados: { ...carteira, valida: false, motivo: 'substituida' } },
    });
    open(`/verificar-carteira?token=${TOKEN}`);

    const veredito = await screen.findByText('Carteira substituída');
    const caixa = veredito.closest('[role="status"]') as HTMLElement;
    within(caixa).getByText('Esta carteira foi substituída por uma emissão mais recente.');
    expect(caixa.querySelector('.fa-exclamation-triangle')).toBeTruthy();
    expect(screen.queryByText('Carteira válida')).toBeNull();
    expect(screen.queryByText('MARIA DAS GRAÇAS')).toBeNull();
  });

  it('invalid: a tampered code (400) shows "Carteira inválida" with the server message', async () => {
    http.get(`/api/carteira-profissional/verificar/${TOKEN}`, fail(400, 'Código de verificação inválido.'));
    open(`/verificar-carteira?token=${TOKEN}`);

    const veredito = await screen.findByText('Carteira inválida');
    const caixa = veredito.closest('[role="status"]') as HTMLElement;
    within(caixa).getByText('Código de verificação inválido.');
    expect(caixa.querySelector('.fa-times-circle')).toBeTruthy();
  });

  it('invalid: a registry no longer active (valida false) shows its reason', async () => {
    http.get(`/api/carteira-profissional/verificar/${TOKEN}`, {
      status: 200,
      data: { codigo: 200, mensagem: MENSAGENS_CARTEIRA.carteiraRegistroNaoAtivo, dados: { ...carteira, situacao: 2, valida: false, motivo: 'registro_nao_ativo' } },
    });
    open(`/verificar-carteira?token=${TOKEN}`);

    await screen.findByText('Carteira inválida');
    screen.getByText('O registro deste pescador não está ativo.');
  });

  it('without a code: invalid, and nothing is asked', async () => {
    open('/verificar-carteira');

    await screen.findByText('Carteira inválida');
    screen.getByText('Código de verificação inválido.');
    expect(http.calls).toHaveLength(0);
  });

  it('without an answer: "Erro desconhecido, tente novamente mais tarde"', async () => {
    http.get(`/api/carteira-profissional/verificar/${TOKEN}`, (config) => networkError(config));
    open(`/verificar-carteira?token=${TOKEN}`);

    await waitFor(() => expect(screen.getAllByText('Erro desconhecido, tente novamente mais tarde').length).toBeGreaterThanOrEqual(1));
    expect(screen.queryByText('Carteira válida')).toBeNull();
  });
});

describe('/estou-na-lista', () => {
  const LISTA = /^\/api\/consulta-publica\/lista-do-ato\?/;

  function consultar(cpf = '12345678909', rgp = 'papa00000000042') {
    fireEvent.input(screen.getByLabelText(/Seu CPF/), { target: { value: cpf } });
    const campoRgp = screen.getByLabelText(/Número do RGP/);
    fireEvent.change(campoRgp, { target: { value: rgp } });
    fireEvent.blur(campoRgp);
    fireEvent.click(screen.getByRole('button', { name: 'Simular verificação' }));
    fireEvent.click(screen.getByRole('button', { name: /^Consultar/ }));
  }

  it('from the landing page, sends CPF, RGP and the captcha without a session, and shows each act, what it means and the last day', async () => {
    http.get('/api/captcha/configuracao', ok({ tipo: 'altcha' }));
    http.get(LISTA, ok({
      naLista: true,
      atos: [
        { ato: 'Portaria MPA nº 548/2025', significado: 'O seu registro foi suspenso por este ato.', ultimoDia: '2026-01-15', noPrazo: true },
        { ato: 'Portaria MPA nº 479/2025', significado: 'O seu registro foi cancelado por este ato.', ultimoDia: '2025-08-01', noPrazo: false },
      ],
    }));
    const app = open('/');
    const secao = screen.getByRole('region', { name: 'Consultas públicas' });
    fireEvent.click(within(secao).getByRole('link', { name: 'Estou na lista?' }));
    await screen.findByRole('heading', { level: 1, name: 'Estou na lista?' });
    expect(app.router.state.location.pathname).toBe('/estou-na-lista');

    consultar();
    const status = await screen.findByText(/Você está na lista de 2 atos/);
    expect(status.closest('[role="status"]')).not.toBeNull();
    const chamada = http.calls.find((c) => LISTA.test(c.url))!;
    expect(chamada.url).toBe('/api/consulta-publica/lista-do-ato?cpf=12345678909&rgp=PAPA00000000042');
    expect(chamada.config.headers.get('x-hcaptcha-token')).toBe('payload-1');
    expect(http.calls.every((c) => c.authorization === null)).toBe(true);

    const [noPrazo, vencido] = screen.getAllByRole('listitem').filter((li) => /Portaria MPA/.test(li.textContent ?? ''));
    expect(noPrazo!.textContent).toBe('Portaria MPA nº 548/2025. O seu registro foi suspenso por este ato. '
      + 'Último dia para recorrer: 15/01/2026 (até 23h59, horário de Brasília).');
    expect(vencido!.textContent).toBe('Portaria MPA nº 479/2025. O seu registro foi cancelado por este ato. O prazo para recorrer terminou em 01/08/2025.');
    // The CPF typed is not repeated back.
    expect(screen.queryByText(/123\.?456\.?789/)).toBeNull();
    expect(captcha.resets).toBe(1);
  });

  it('a fisher on no list (or a wrong CPF or RGP, which the server answers the same) reads only that', async () => {
    http.get(LISTA, ok({ naLista: false, atos: [] }));
    open('/estou-na-lista');
    await screen.findByRole('heading', { level: 1, name: 'Estou na lista?' });
    consultar();
    await screen.findByText('Não encontramos estes dados na lista de nenhum ato de suspensão ou cancelamento.');
    expect(screen.queryByText(/Último dia para recorrer/)).toBeNull();
  });

  it('checks CPF and RGP before asking, and shows the server message when the captcha is refused', async () => {
    open('/estou-na-lista');
    await screen.findByRole('heading', { level: 1, name: 'Estou na lista?' });
    consultar('12345678900', 'XXPA00000000042');
    const resumo = (await screen.findByRole('heading', { name: 'Existem erros no formulário' })).closest('.error-summary') as HTMLElement;
    expect(within(resumo).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['#consulta-lista-ato-cpf', '#consulta-lista-ato-rgp']);
    expect(http.calls.filter((c) => LISTA.test(c.url))).toHaveLength(0);

    http.get(LISTA, fail(403, 'Token de CAPTCHA inválido ou não fornecido'));
    consultar();
    await screen.findByText('Token de CAPTCHA inválido ou não fornecido');
  });
});
