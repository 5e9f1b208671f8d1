import { exibirRgp } from '../../shared/rgp';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../lib/storage';
import { deferred, fail, installMockHttp, ok, type MockHttp, type MockReply } from '../test/http';
import { renderApp } from '../test/render-app';
import { fisherToken, staffToken } from '../test/tokens';

let http: MockHttp & { restore: () => void };
let restoreNavigation: (() => void) | undefined;

beforeEach(() => {
  http = installMockHttp();
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

const ZERO = { rascunhos: 0, enviadas: 0, deferidas: 0, finalizadas: 0, emAnalise: 0, emAtualizacao: 0, todas: 0 };

const RGP_ATIVO = {
  numeroRGP: 'PAPA00000000001', numeroPrimeiroRGP: 'PA-123', orgao: 'MPA', dataPrimeiroRgp: '2010-05-04', origem: null,
  situacao: 1, situacaoDescricao: 'Ativo', dataSuspensoCancelado: null, podeAcessarSistema: true,
};
const SEM_RGP = { ...RGP_ATIVO, numeroRGP: null, numeroPrimeiroRGP: null, orgao: null, dataPrimeiroRgp: null, situacao: null, situacaoDescricao: null };

const SEM_REGISTRO_DEFESO = {
  situacaoDescricao: null, ativoDesde: null, ativoHaUmAnoOuMais: false, umAnoEm: null, reapAnosPendentes: [], categoriaDescricao: null,
  artesanal: false, atende: false,
};

const NADA_DEVIDO = { devidas: [], motivo: 'semRgp', anoInicioRegistro: null, anosSuspensao: [] };

/** The answers /home needs for fisher 42; each may be overridden. */
function mockPescador(o: {
  totalizadores?: Partial<typeof ZERO>;
  rgp?: unknown;
  consulta?: unknown;
  rascunhos?: unknown[];
  notificacoes?: unknown[];
  reap?: unknown;
  seguroDefeso?: unknown;
} = {}) {
  http.get('/api/lgpd/acessos', ok({ acessos: [], proximo: null }));
  http.get('/api/solicitacao/totalizadores/42', ok({ ...ZERO, ...o.totalizadores }));
  http.get('/api/rgp/pescador/42', ok(o.rgp ?? SEM_RGP));
  http.get('/api/solicitacao-pescador-ativo-edicao-registro/consultar/42', ok(o.consulta ?? {
    podeEditar: false, idSolicitacaoOrigem: null, motivo: 'A edição do registro só está disponível para pescador com registro ativo.',
  }));
  http.get(/^\/api\/solicitacao\?/, ok({ total: o.rascunhos?.length ?? 0, solicitacoes: o.rascunhos ?? [] }));
  http.get('/api/notificacao', ok(o.notificacoes ?? []));
  http.get('/api/reap/situacao-pescador/42', ok(o.reap ?? NADA_DEVIDO));
  http.get('/api/pescador/42/seguro-defeso', ok(o.seguroDefeso ?? SEM_REGISTRO_DEFESO));
}

/** An option as a screen reader meets it: enabled (a link with its address) or disabled (its reason). */
function opcao(nome: string): { href: string } | { motivo: string } {
  const link = screen.queryByRole('link', { name: nome });
  if (link) return { href: link.getAttribute('href') ?? '' };
  const botao = screen.getByRole('button', { name: nome });
  expect(botao.getAttribute('aria-disabled')).toBe('true');
  const ids = (botao.getAttribute('aria-describedby') ?? '').split(' ');
  return { motivo: document.getElementById(ids[1] ?? '')?.textContent ?? '' };
}

async function opcoesCarregadas() {
  const regiao = await screen.findByRole('region', { name: 'O que você deseja fazer?' });
  // Every option's own check has answered.
  await waitFor(() => expect(screen.queryAllByText('Verificando se a opção está disponível…')).toHaveLength(0));
  return regiao;
}

/** The counters as a screen reader meets them: term → value. */
function counters(): Record<string, string> {
  const terms = screen.getAllByRole('term');
  const values = screen.getAllByRole('definition');
  return Object.fromEntries(terms.map((t, i) => [t.textContent ?? '', values[i]?.textContent ?? '']));
}

describe('/home for a fisher (perfil 4)', () => {
  it('greets by name and shows the request counters of GET /api/solicitacao/totalizadores/{idPescador}', async () => {
    setToken(fisherToken({ nome: 'MARIA DAS GRAÇAS', idPescador: 42 }));
    mockPescador();
    const answer = deferred<MockReply>();
    http.get('/api/solicitacao/totalizadores/42', () => answer.promise);

    open('/home');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Olá, MARIA DAS GRAÇAS');
    // The counters load (the "Quem acessou meus dados" section below has a status of its own).
    expect(screen.getAllByRole('status').map((e) => e.textContent).join(' ')).toContain('Carregando o total de solicitações');

    answer.resolve(
      ok({ rascunhos: 1, enviadas: 2, deferidas: 3, finalizadas: 4, emAnalise: 5, emAtualizacao: 6, todas: 1021 }),
    );

    const section = await screen.findByRole('region', { name: 'Minhas solicitações' });
    await waitFor(() => expect(within(section).getAllByRole('term')).toHaveLength(7));
    expect(counters()).toEqual({
      Rascunhos: '1',
      Enviadas: '2',
      'Em análise': '5',
      'Em atualização': '6',
      Deferidas: '3',
      'Finalizadas (indeferidas)': '4',
      Todas: '1.021',
    });
    await opcoesCarregadas();
    expect(screen.queryByRole('status')).toBeNull();
    within(screen.getByRole('main')).getByText(/Perfil: Pescador/);
    expect(new Set(http.calls.map((c) => `${c.method} ${c.url}`))).toEqual(new Set([
      'GET /api/solicitacao/totalizadores/42',
      'GET /api/notificacao',
      'GET /api/rgp/pescador/42',
      'GET /api/solicitacao-pescador-ativo-edicao-registro/consultar/42',
      // rascunhos 1: the draft to continue; deferidas 3: an open documents edit.
      'GET /api/solicitacao?pagina=1&tamanhoPagina=1&situacao=1',
      'GET /api/solicitacao?pagina=1&tamanhoPagina=1&situacao=1&situacao=2&situacao=3&tipo=9',
      // "Quem acessou meus dados" (decision 0032).
      'GET /api/lgpd/acessos',
      // The REAPs owed (issue 22, point 5): none here, so no notice.
      'GET /api/reap/situacao-pescador/42',
      'GET /api/pescador/42/seguro-defeso',
    ]));
    expect(screen.getByRole('link', { name: 'Minhas solicitações' }).getAttribute('href')).toBe('/pescador/solicitacoes');
    expect(document.title).toContain('Página inicial');
  });

  it('on error shows "Erro ao consultar total de solicitações/análises"', async () => {
    setToken(fisherToken());
    mockPescador();
    http.get('/api/solicitacao/totalizadores/42', fail(500, 'Erro interno'));

    open('/home');

    // Once as a toast and once in the page.
    await waitFor(() =>
      expect(screen.getAllByText('Erro ao consultar total de solicitações/análises')).toHaveLength(2),
    );
    expect(screen.queryByRole('term')).toBeNull();
  });
});

describe('/home for staff', () => {
  it('shows the analysis counters of GET /api/analise-solicitacao/totalizadores', async () => {
    setToken(staffToken({ nome: 'JOÃO ANALISTA', perfil: 3 }));
    http.get('/api/analise-solicitacao/totalizadores', ok({ aguardandoAnalise: 12, analisadas: 30, emAnalise: 4 }));

    open('/home');

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Olá, JOÃO ANALISTA');
    await screen.findByRole('region', { name: 'Análises de solicitações' });
    await waitFor(() => expect(screen.getAllByRole('term')).toHaveLength(3));
    expect(counters()).toEqual({ 'Aguardando análise': '12', 'Em análise': '4', Analisadas: '30' });
    within(screen.getByRole('main')).getByText(/Perfil: SFPA · Órgão: SFPA-PA\/PA/);
    expect(http.callsTo('/api/solicitacao/totalizadores/42')).toHaveLength(0);
  });
});

describe('/home for external read-only users (perfil 7)', () => {
  it('calls no analysis counters the profile may not read, and says what the profile is for', async () => {
    setToken(staffToken({ nome: 'ANA CONSULTA', perfil: 7, siglaOrgao: 'MPA', ufOrgao: 'DF' }));

    open('/home');

    await screen.findByRole('region', { name: 'Consulta externa' });
    screen.getByText(/relatório de pescadores/);
    expect(screen.queryByRole('term')).toBeNull();
    expect(http.calls).toHaveLength(0);
    // The public lookup it promises is linked (the report when it lands).
    expect(screen.getByRole('link', { name: 'Consultar carteira de pescador profissional' }).getAttribute('href')).toBe('/consulta-carteira');
  });
});

describe('/home without a session', () => {
  it('redirects to the public root', async () => {
    const { router } = open('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('heading', { level: 1, name: 'Registro Geral da Atividade Pesqueira' });
    expect(screen.getAllByRole('button', { name: 'Entrar com gov.br' }).length).toBeGreaterThan(0);
    expect(http.calls).toHaveLength(0);
  });
});

describe("/home: the fisher's REAPs owed", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists each REAP owed with its deadline, one link per year named with its year, leading to /reap', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-02-15T12:00:00-03:00'));
    setToken(fisherToken());
    mockPescador({ rgp: RGP_ATIVO, reap: {
      devidas: [{ ano: 2024, fimPreenchimento: '2026-03-31' }, { ano: 2025, fimPreenchimento: '2026-03-31' }], motivo: null, anoInicioRegistro: 2010, anosSuspensao: [],
    } });
    open('/home');

    const bloco = await screen.findByRole('region', { name: 'REAP a declarar' });
    const itens = within(bloco).getAllByRole('listitem').map((li) => li.textContent);
    expect(itens).toEqual([
      'REAP de 2024: envie até 31/03/2026. Declarar a REAP de 2024',
      'REAP de 2025: envie até 31/03/2026. Declarar a REAP de 2025',
    ]);
    expect(within(bloco).getByRole('link', { name: 'Declarar a REAP de 2024' }).getAttribute('href')).toBe('/reap');
    expect(within(bloco).queryByRole('group', { name: /Atrasada/ })).toBeNull();
  });

  it('a warned fisher owing 14 years, 12 without a window: the late year first, under "Atrasada"; the 12 in one line', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T12:00:00-03:00'));
    setToken(fisherToken());
    const semPrazo = Array.from({ length: 12 }, (_, i) => ({ ano: 2012 + i, fimPreenchimento: null }));
    mockPescador({ rgp: RGP_ATIVO, reap: {
      devidas: [...semPrazo, { ano: 2024, fimPreenchimento: '2026-11-30' }, { ano: 2025, fimPreenchimento: '2026-12-31' }],
      motivo: null, anoInicioRegistro: 2012, anosSuspensao: [],
    } });
    open('/home');

    const bloco = await screen.findByRole('region', { name: 'REAP a declarar' });
    // The late year comes first, in a group named by its heading (not by colour alone).
    const atrasada = within(bloco).getByRole('group', { name: 'Atrasada' });
    within(atrasada).getByRole('heading', { level: 3, name: 'Atrasada' });
    expect(within(bloco).getAllByRole('listitem')[0]).toBe(within(atrasada).getByRole('listitem'));
    expect(atrasada.textContent).toContain('REAP de 2024: o prazo terminou em 30/11/2026.');
    // Not suspended: nothing can be sent for it now, so no link says it can.
    expect(within(atrasada).queryByRole('link')).toBeNull();
    // The year open now, with its one link.
    expect(within(bloco).getAllByRole('link', { name: /^Declarar a REAP/ }).map((l) => l.textContent)).toEqual(['Declarar a REAP de 2025']);
    // The twelve years without a window: one line, the years behind a disclosure.
    within(bloco).getByText('12 anos ainda sem prazo definido: você poderá declarar cada um quando o prazo for aberto.');
    const anos = within(bloco).getByText('Ver os 12 anos');
    expect(anos.tagName).toBe('SUMMARY');
    expect(anos.closest('details')?.textContent).toContain('2012, 2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023.');
    expect(bloco.textContent).not.toContain('prazo a definir');
  });

  it('a registry suspended for a missing REAP: plain words, the late year highlighted with its one late-send link', async () => {
    setToken(fisherToken());
    mockPescador({ rgp: RGP_ATIVO, reap: {
      devidas: [{ ano: 2024, fimPreenchimento: '2026-03-31' }], motivo: null, anoInicioRegistro: 2010, anosSuspensao: [2024],
    } });
    open('/home');
    const suspenso = (await screen.findByText('Seu registro está suspenso')).closest('[role="status"]') as HTMLElement;
    expect(suspenso.textContent).toContain('Ele foi suspenso porque a REAP de 2024 não foi enviada. Envie-a abaixo (o envio em atraso está liberado) e depois peça a regularização do registro.');
    const atrasada = screen.getByRole('group', { name: 'Atrasada' });
    expect(atrasada.textContent).toContain('Você pode enviá-la agora, em atraso.');
    // "Declarar a REAP" once on the page, named with its year.
    const links = screen.getAllByRole('link', { name: /Declarar a REAP/ });
    expect(links.map((l) => l.textContent)).toEqual(['Declarar a REAP de 2024']);
    expect(within(atrasada).getByRole('link', { name: 'Declarar a REAP de 2024' }).getAttribute('href')).toBe('/reap');
  });

  it('once the late REAP is sent, /home offers the regularisation', async () => {
    setToken(fisherToken());
    mockPescador({ rgp: RGP_ATIVO, reap: { devidas: [], motivo: 'todasEnviadas', anoInicioRegistro: 2010, anosSuspensao: [2024] } });
    open('/home');
    const suspenso = (await screen.findByText('Seu registro está suspenso')).closest('[role="status"]') as HTMLElement;
    within(suspenso).getByText(/Você já enviou a REAP de 2024. Agora peça a regularização do registro./);
    expect(within(suspenso).getByRole('link', { name: 'Solicitar regularização' }).getAttribute('href')).toBe('/pescador/regularizacao');
    expect(screen.queryByRole('link', { name: /Declarar a REAP/ })).toBeNull();
  });

  it('says nothing of REAP when nothing is owed', async () => {
    setToken(fisherToken());
    mockPescador({ rgp: RGP_ATIVO, reap: { devidas: [], motivo: 'todasEnviadas', anoInicioRegistro: 2010, anosSuspensao: [] } });
    open('/home');
    await opcoesCarregadas();
    await waitFor(() => expect(http.callsTo('/api/reap/situacao-pescador/42')).toHaveLength(1));
    expect(screen.queryByText(/REAP a declarar/)).toBeNull();
  });
});

describe('/home: the Seguro-Defeso\'s registry conditions', () => {
  it('says plainly what is missing: the year of activity, the REAPs not sent, the category', async () => {
    setToken(fisherToken());
    mockPescador({
      rgp: RGP_ATIVO,
      seguroDefeso: {
        situacaoDescricao: 'Ativo', ativoDesde: '2026-03-10', ativoHaUmAnoOuMais: false, umAnoEm: '2027-03-10',
        reapAnosPendentes: [2024, 2025], categoriaDescricao: 'Industrial', artesanal: false, atende: false,
      },
    });
    open('/home');
    const secao = await screen.findByRole('region', { name: 'Seguro-Defeso: condições do registro' });
    within(secao).getByText('Seu registro ainda não atende às condições do RGP');
    const itens = within(secao).getAllByRole('listitem').map((li) => li.textContent?.trim());
    expect(itens).toEqual([
      'Registro ativo há um ano ou mais: não. Seu registro está ativo desde 10/03/2026; completa um ano em 10/03/2027.',
      'REAP de todos os anos devidos enviadas: não. Falta enviar a REAP de 2024, 2025.',
      'Categoria artesanal: não. Sua categoria é Industrial; o Seguro-Defeso é só para a pesca artesanal.',
    ]);
    within(secao).getByText(/demais condições do benefício .* são verificadas pelo INSS/);
  });

  it('a registry that meets them says so; without a registry, nothing is said', async () => {
    setToken(fisherToken());
    mockPescador({
      rgp: RGP_ATIVO,
      seguroDefeso: {
        situacaoDescricao: 'Ativo', ativoDesde: '2015-03-10', ativoHaUmAnoOuMais: true, umAnoEm: null,
        reapAnosPendentes: [], categoriaDescricao: 'Artesanal', artesanal: true, atende: true,
      },
    });
    const { unmount } = open('/home');
    const secao = await screen.findByRole('region', { name: 'Seguro-Defeso: condições do registro' });
    within(secao).getByText('Seu registro atende às condições do RGP');
    expect(within(secao).getAllByRole('listitem').map((li) => li.textContent?.trim().endsWith('sim.'))).toEqual([true, true, true]);
    unmount();

    mockPescador();
    open('/home');
    await opcoesCarregadas();
    await waitFor(() => expect(http.callsTo('/api/pescador/42/seguro-defeso').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Seguro-Defeso: condições do registro' })).toBeNull();
  });
});

describe('/home: the fisher options', () => {
  it('nothing filed and no registry: the three registrations are open (through the declaration), the rest says why not', async () => {
    setToken(fisherToken());
    mockPescador();
    open('/home');
    await opcoesCarregadas();

    expect(opcao('Solicitar registro inicial')).toEqual({ href: '/pescador/declaracao?tipoSolicitacao=1' });
    expect(opcao('Registro inicial com protocolo')).toEqual({ href: '/pescador/declaracao?tipoSolicitacao=3' });
    expect(opcao('Recadastramento')).toEqual({ href: '/pescador/declaracao?tipoSolicitacao=2' });
    expect(opcao('Editar registro')).toEqual({ motivo: 'A edição do registro só está disponível para pescador com registro ativo.' });
    expect(opcao('Editar primeiro RGP')).toEqual({ motivo: 'A edição do primeiro RGP só está disponível para pescador com número de RGP.' });
    expect(opcao('Solicitar cancelamento')).toEqual({ motivo: 'O cancelamento só pode ser solicitado para registro ativo ou suspenso.' });
    expect('motivo' in opcao('Editar documentos')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Continuar rascunho' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Solicitar regularização' })).toBeNull();
    // A disabled option stays in the tab order, so keyboard users reach it and hear the reason.
    expect(screen.getByRole('button', { name: 'Editar registro' }).hasAttribute('disabled')).toBe(false);
  });

  it('an active registry with a deferred request: edit options open, new registrations closed with the reason', async () => {
    setToken(fisherToken());
    mockPescador({
      totalizadores: { deferidas: 1, todas: 1 },
      rgp: RGP_ATIVO,
      consulta: { podeEditar: true, idSolicitacaoOrigem: 7, motivo: null },
    });
    open('/home');
    await opcoesCarregadas();

    expect(opcao('Solicitar registro inicial')).toEqual({ motivo: expect.stringContaining('Você já possui número de RGP') });
    expect(opcao('Registro inicial com protocolo')).toEqual({ href: '/pescador/declaracao?tipoSolicitacao=3' });
    expect(opcao('Recadastramento')).toEqual({ motivo: expect.stringContaining('Você já tem uma solicitação deferida') });
    expect(opcao('Editar registro')).toEqual({ href: '/pescador/declaracao?tipoSolicitacao=8' });
    expect(opcao('Editar primeiro RGP')).toEqual({ href: '/pescador/edicao-rgp' });
    expect(opcao('Solicitar cancelamento')).toEqual({ href: '/pescador/cancelamento' });
    // The registry itself: its number as spec point 5 writes it, and its situation.
    const registro = screen.getByRole('region', { name: 'Meu registro' });
    within(registro).getByText(exibirRgp(RGP_ATIVO.numeroRGP));
    within(registro).getByText(RGP_ATIVO.situacaoDescricao!);
  });

  it('a draft: "Continuar rascunho" opens it in the wizard (GET /api/solicitacao?situacao=1) and blocks new requests', async () => {
    setToken(fisherToken());
    mockPescador({
      totalizadores: { rascunhos: 1, todas: 1 },
      rascunhos: [{ id: 55, tipo: 2, tipoDescricao: 'Recadastramento', situacao: 1, situacaoDescricao: 'Rascunho', passo: 2,
        dataCriacao: '2025-03-10T13:00:00Z', dataEnvio: null, numeroProtocolo: null, idPescador: 42, nomePescador: 'MARIA' }],
    });
    open('/home');
    await opcoesCarregadas();

    await screen.findByRole('link', { name: 'Continuar rascunho' });
    expect(opcao('Continuar rascunho')).toEqual({ href: '/pescador/solicitacao?idSolicitacao=55&tipoSolicitacao=2' });
    screen.getByText('Recadastramento iniciado em 10/03/2025.');
    const motivo = 'Você já tem um rascunho de solicitação: continue-o ou descarte-o em Minhas solicitações.';
    expect(opcao('Solicitar registro inicial')).toEqual({ motivo });
    expect(opcao('Registro inicial com protocolo')).toEqual({ motivo });
    expect(opcao('Recadastramento')).toEqual({ motivo });
    const lista = http.calls.find((c) => c.url.startsWith('/api/solicitacao?'));
    expect(new URLSearchParams(lista?.url.split('?')[1]).get('situacao')).toBe('1');
  });

  it('a request waiting for analysis closes the registration with protocol', async () => {
    setToken(fisherToken());
    mockPescador({ totalizadores: { enviadas: 1, todas: 1 } });
    open('/home');
    await opcoesCarregadas();
    expect(opcao('Registro inicial com protocolo')).toEqual({
      motivo: 'Você tem uma solicitação aguardando análise ou em análise. Aguarde a conclusão.',
    });
  });

  it('a suspended registry offers "Solicitar regularização"', async () => {
    setToken(fisherToken());
    mockPescador({ rgp: { ...RGP_ATIVO, situacao: 6, situacaoDescricao: 'Suspenso' }, totalizadores: { deferidas: 1, todas: 1 } });
    open('/home');
    await opcoesCarregadas();
    expect(opcao('Solicitar regularização')).toEqual({ href: '/pescador/regularizacao' });
    expect(opcao('Solicitar cancelamento')).toEqual({ href: '/pescador/cancelamento' });
  });
});

describe('/home after a submission', () => {
  it("?sucesso=true: toast 'Solicitação enviada com sucesso!', and the flag leaves the address", async () => {
    setToken(fisherToken());
    mockPescador();
    const { router } = open('/home?sucesso=true');
    await screen.findByText('Solicitação enviada com sucesso!');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Solicitação não enviada')).toBeNull();
  });

  it('&atualizacao=true: an info message that a request is already being analysed, no success toast', async () => {
    setToken(fisherToken());
    mockPescador();
    open('/home?sucesso=true&atualizacao=true');
    await screen.findByText('Solicitação não enviada');
    screen.getByText(/já existe outra solicitação sua aguardando análise ou em análise/);
    await opcoesCarregadas();
    expect(screen.queryByText('Solicitação enviada com sucesso!')).toBeNull();
  });
});

describe('/home: notification modal', () => {
  const notificacoes = [
    { id: 1, tipo: 3, conteudo: 'Seu registro foi suspenso até 10/10/2025.', urlRedirecionamento: null },
    { id: 2, tipo: 1, conteudo: 'Sua solicitação foi indeferida: corrija os documentos.', urlRedirecionamento: '/pescador/solicitacoes' },
  ];

  it('shows each unread notification (ATENÇÃO, subtitle per type, content) until its reading is confirmed', async () => {
    setToken(fisherToken());
    mockPescador({ notificacoes });
    http.post(/^\/api\/notificacao\/\d+\/leitura$/, ok({ id: 1, dataLeitura: '2025-01-01T00:00:00Z' }));
    open('/home');

    const dialog = await screen.findByRole('dialog', { name: 'ATENÇÃO' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    within(dialog).getByText('Suspensão do registro');
    within(dialog).getByText('Seu registro foi suspenso até 10/10/2025.');
    within(dialog).getByText('Notificação 1 de 2');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'ATENÇÃO' })));
    // The page behind is inert while the dialog is open.
    expect(screen.getByRole('main').closest('[inert]')).not.toBeNull();

    // Escape does not dismiss it.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'ATENÇÃO' })).toBe(dialog);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Li e estou ciente' }));
    await screen.findByText('Sua solicitação foi indeferida: corrija os documentos.');
    expect(http.callsTo('/api/notificacao/1/leitura').map((c) => c.method)).toEqual(['POST']);
    screen.getByText('Solicitação indeferida');
    screen.getByText('Notificação 2 de 2');

    fireEvent.click(screen.getByRole('button', { name: 'Li e estou ciente' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.callsTo('/api/notificacao/2/leitura')).toHaveLength(1);
    expect(screen.getByRole('main').closest('[inert]')).toBeNull();
  });

  it("'Erro ao exibir notificação.' when the reading cannot be recorded; the notification stays", async () => {
    setToken(fisherToken());
    mockPescador({ notificacoes: [notificacoes[0]] });
    http.post('/api/notificacao/1/leitura', { status: 500, data: 'erro' });
    open('/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Li e estou ciente' }));
    await within(screen.getByRole('dialog')).findByText('Erro ao exibir notificação.');
    screen.getByRole('dialog', { name: 'ATENÇÃO' });
  });

  it('"Ler depois" closes it for this visit without recording the reading', async () => {
    setToken(fisherToken());
    mockPescador({ notificacoes: [notificacoes[0]] });
    open('/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Ler depois' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('staff never ask for notifications', async () => {
    setToken(staffToken());
    http.get('/api/analise-solicitacao/totalizadores', ok({ aguardandoAnalise: 1, analisadas: 0, emAnalise: 0 }));
    open('/home');
    await screen.findByRole('region', { name: 'Análises de solicitações' });
    expect(http.callsTo('/api/notificacao')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'O que você deseja fazer?' })).toBeNull();
  });
});
