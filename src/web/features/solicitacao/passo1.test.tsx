import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/http';
import { rgpPescador } from '../../test/respostas';
import {
  abrir,
  campo,
  corpos,
  digitarComMascara,
  escolherQuandoCarregar,
  fireEvent,
  http,
  linksDoResumo,
  marcar,
  PASSO1_SALVO,
  preencher,
  rascunho,
  resumoDeErros,
  salvarEContinuar,
  screen,
  tituloDoPasso,
  usarServidorFalso,
  waitFor,
  within,
} from './wizard-test-utils';

usarServidorFalso();

async function abrirPasso1(tipo = 1) {
  const app = abrir(`/pescador/solicitacao?tipoSolicitacao=${tipo}`);
  await tituloDoPasso(1, 'Dados pessoais');
  return app;
}

/** Fills every required field of step 1 with valid answers. */
async function preencherPasso1() {
  preencher('Data de nascimento', '1980-05-10');
  marcar('Sexo', 'Feminino');
  preencher('Nome da mãe', 'Ana Pescadora');
  fireEvent.click(campo('Pai não declarado'));
  preencher('Escolaridade', '6');
  preencher('Etnia (cor ou raça)', '4');
  marcar('Sabe ler e escrever?', 'Sim');
  marcar('Nacionalidade', 'Brasileira');
  preencher('Número do documento', '1234567');
  preencher('UF de emissão', 'SP');
  preencher('Órgão emissor', '1');
  preencher('Data de emissão', '2000-01-01');
  marcar('Tipo do documento social', 'NIS');
  preencher('Número do documento social', '12345678901');
  digitarComMascara('CEP', '11010000');
  preencher('Logradouro', 'Rua do Porto');
  preencher('Número', '10');
  preencher('Bairro', 'Centro');
  preencher('UF', 'SP');
  await escolherQuandoCarregar('Município', 'Santos');
  digitarComMascara('Telefone', '13987654321');
}

describe('step 1: personal data', () => {
  it('renders every field of the specification with a visible label, the CPF from the session read-only and masked', async () => {
    await abrirPasso1();

    const nav = screen.getByRole('navigation', { name: 'Etapas da solicitação' });
    const etapas = within(nav).getAllByRole('listitem');
    expect(etapas).toHaveLength(5);
    expect(etapas[0]!.getAttribute('aria-current')).toBe('step');
    // Nothing is saved yet: no step may be opened ahead.
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);

    const cpf = screen.getByLabelText('CPF') as HTMLInputElement;
    expect(cpf.value).toBe('123.456.789-09');
    expect(cpf.readOnly).toBe(true);
    expect((screen.getByLabelText('Nome completo') as HTMLInputElement).value).toBe('MARIA DAS GRAÇAS PESCADORA');
    expect((screen.getByLabelText('Data de nascimento') as HTMLInputElement).type).toBe('date');

    const main = screen.getByRole('main');
    for (const rotulo of [
      'Nome da mãe',
      'Nome do pai',
      'Pai não declarado',
      'Apelido (opcional)',
      'Escolaridade',
      'Etnia (cor ou raça)',
      'Número do documento',
      'UF de emissão',
      'Órgão emissor',
      'Data de emissão',
      'Número do documento social',
      'CEP',
      'Logradouro',
      'Número',
      'Bairro',
      'Complemento (opcional)',
      'UF',
      'Município',
      'E-mail (opcional)',
      'Telefone',
    ]) {
      within(main).getByLabelText(rotulo);
    }
    for (const [pergunta, opcoes] of [
      ['Sexo', ['Masculino', 'Feminino', 'Outros']],
      ['Sabe ler e escrever?', ['Sim', 'Não']],
      ['Nacionalidade', ['Brasileira', 'Estrangeira']],
      ['Tipo do documento social', ['PIS', 'PASEP', 'NIS', 'NIT']],
    ] as const) {
      const grupo = screen.getByRole('group', { name: pergunta });
      expect(within(grupo).getAllByRole('radio').map((r) => (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual(opcoes);
    }
    expect(within(screen.getByLabelText('Escolaridade')).getAllByRole('option')).toHaveLength(13); // 12 + "Selecione"
    expect(screen.queryByLabelText('Data do protocolo')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Protocolo' })).toBeNull();
  });

  it('"Pai não declarado" sets the father\'s name to NÃO INFORMADO and disables the input', async () => {
    await abrirPasso1();
    const pai = campo('Nome do pai') as HTMLInputElement;
    preencher('Nome do pai', 'José');

    fireEvent.click(campo('Pai não declarado'));
    expect(pai.value).toBe('NÃO INFORMADO');
    expect(pai.disabled).toBe(true);

    fireEvent.click(campo('Pai não declarado'));
    expect(pai.value).toBe('');
    expect(pai.disabled).toBe(false);
  });

  it('foreigners lose the social document', async () => {
    await abrirPasso1();
    screen.getByRole('group', { name: 'Documento social (PIS, PASEP, NIS ou NIT)' });

    marcar('Nacionalidade', 'Estrangeira');

    expect(screen.queryByRole('group', { name: 'Documento social (PIS, PASEP, NIS ou NIT)' })).toBeNull();
    expect(screen.queryByLabelText('Número do documento social')).toBeNull();
  });

  it('asks for the protocol only in a registration with protocol (type 3)', async () => {
    await abrirPasso1(3);
    const protocolo = screen.getByRole('group', { name: 'Protocolo' });
    expect((campo('Data do protocolo', protocolo) as HTMLInputElement).type).toBe('date');
    digitarComMascara('Número do processo (NUP/SEI)', '12345123456202401', protocolo);
    expect((campo('Número do processo (NUP/SEI)', protocolo) as HTMLInputElement).value).toBe(
      '12345.123456/2024-01',
    );
  });

  it('an empty submit shows the focused error summary linking to each field, the inline messages, a toast, and calls nothing', async () => {
    await abrirPasso1();
    salvarEContinuar();

    const resumo = await resumoDeErros();
    const links = linksDoResumo(resumo);
    expect(links).toEqual(
      expect.arrayContaining([
        'Data de nascimento: Campo obrigatório → #dataNascimento',
        'Sexo: Campo obrigatório → #sexo',
        'Nome da mãe: Campo obrigatório → #nomeMae',
        'Nome do pai: Campo obrigatório → #nomePai',
        'Escolaridade: Campo obrigatório → #escolaridade',
        'Número do documento: Campo obrigatório → #docIdentificacao-numero',
        'CEP: Campo obrigatório → #endereco-cep',
        'Município: Campo obrigatório → #endereco-municipio',
        'Telefone: Campo obrigatório → #contato-telefone',
      ]),
    );
    // In the order of the page.
    expect(links[0]).toBe('Data de nascimento: Campo obrigatório → #dataNascimento');
    expect(links.some((l) => l.startsWith('Nome completo'))).toBe(false);

    // The inline message, with the same words, described by the field.
    const mae = campo('Nome da mãe');
    expect(mae.getAttribute('aria-invalid')).toBe('true');
    const descricao = document.getElementById(mae.getAttribute('aria-describedby') ?? '');
    expect(descricao?.textContent).toBe('Campo obrigatório');
    const sexo = screen.getByRole('group', { name: 'Sexo' });
    expect(document.getElementById(sexo.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Campo obrigatório');

    // A link takes the focus to its field.
    fireEvent.click(within(resumo).getByRole('link', { name: /^Nome da mãe/ }));
    expect(document.activeElement).toBe(mae);

    await screen.findByText('Confira todos os campos obrigatórios do formulário');
    expect(http.calls.filter((c) => c.url === '/api/solicitacao')).toHaveLength(0);
  });

  it('a valid submit POSTs the flat body, puts idSolicitacao in the address without a reload and opens step 2', async () => {
    http.post('/api/solicitacao', (config) =>
      ok({ ...rascunho(0), ...JSON.parse(config.data as string), id: 77, passo: 1 }),
    );
    const { router, assign } = await abrirPasso1();
    const entradasAntes = router.state.historyAction;

    await preencherPasso1();
    salvarEContinuar();

    await tituloDoPasso(2, 'Atividade pesqueira');
    expect(corpos('POST')).toEqual([
      {
        tipo: 1,
        passo: 1,
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
          logradouro: 'Rua do Porto',
          numeroLogradouro: '10',
          bairro: 'Centro',
          complemento: null,
          municipio: 3548500,
          uf: 'SP',
        },
        contato: { email: null, telefone: '13987654321' },
        protocolo: null,
        rgpAnterior: null,
      },
    ]);
    const busca = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe('/pescador/solicitacao');
    expect(busca.get('idSolicitacao')).toBe('77');
    expect(busca.get('tipoSolicitacao')).toBe('1');
    expect(busca.get('passo')).toBe('2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(entradasAntes).toBe('POP');
    expect(assign).not.toHaveBeenCalled();
    await screen.findByText('Dados Pessoais salvos com sucesso!');
    // No new GET: the saved request is the answer of the POST.
    expect(http.calls.some((c) => c.method === 'GET' && c.url === '/api/solicitacao/77')).toBe(false);
    // Step 1 is now done and may be opened again.
    const nav = screen.getByRole('navigation', { name: 'Etapas da solicitação' });
    within(nav).getByRole('link', { name: /Dados pessoais/ });
  });

  it('refuses a birth date in the future or under 18 years and an issue date in the future, with the shared messages (decision 0018)', async () => {
    await abrirPasso1();
    await preencherPasso1();
    preencher('Data de nascimento', '2999-01-01');
    preencher('Data de emissão', '2999-01-01');
    salvarEContinuar();
    let links = linksDoResumo(await resumoDeErros());
    expect(links).toEqual(expect.arrayContaining([
      'Data de nascimento: A data não pode ser futura → #dataNascimento',
      'Data de emissão: A data não pode ser futura → #docIdentificacao-dataEmissao',
    ]));
    const ano = new Date().getFullYear();
    preencher('Data de nascimento', `${ano - 3}-01-01`);
    preencher('Data de emissão', '2000-01-01');
    salvarEContinuar();
    await waitFor(() => expect(
      document.getElementById(campo('Data de nascimento').getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('O pescador profissional deve ter pelo menos 18 anos'));
    links = linksDoResumo(await resumoDeErros());
    expect(links).toEqual(['Data de nascimento: O pescador profissional deve ter pelo menos 18 anos → #dataNascimento']);
    expect(http.calls.filter((c) => c.url === '/api/solicitacao')).toHaveLength(0);
  });

  it('a foreigner\'s body has no social document', async () => {
    http.post('/api/solicitacao', ok({ ...rascunho(1), id: 78 }));
    await abrirPasso1();
    await preencherPasso1();
    marcar('Nacionalidade', 'Estrangeira');
    salvarEContinuar();

    await waitFor(() => expect(corpos('POST')).toHaveLength(1));
    expect(corpos('POST')[0]).toMatchObject({ nacionalidadeBrasileira: 'ESTRANGEIRA', documentoSocial: null });
  });

  it('updates a saved draft with PUT and maps the server\'s field errors back onto the fields', async () => {
    const rgp = rgpPescador({
      numeroRGP: 'SPPA00000000123',
      numeroPrimeiroRGP: 'SPPA00000000099',
      orgao: 'SFPA-SP',
      dataPrimeiroRgp: '2015-04-01',
      origem: 'MAPA',
      situacao: 1,
      situacaoDescricao: 'Ativo',
    });
    http.get('/api/solicitacao/77', ok(rascunho(1, { tipo: 2, rgp })));
    http.put(
      '/api/solicitacao',
      fail(400, 'Confira todos os campos obrigatórios do formulário', { erros: ['endereco.cep: CEP inválido'] }),
    );
    abrir('/pescador/solicitacao?tipoSolicitacao=2&idSolicitacao=77&passo=1');
    await tituloDoPasso(1, 'Dados pessoais');
    // The registry block, read-only.
    const registro = screen.getByRole('region', { name: 'Registro Geral da Atividade Pesqueira (RGP)' });
    within(registro).getByText('SP-PA-00000000123');
    within(registro).getByText('SP-PA-00000000099');
    within(registro).getByText('01/04/2015');
    within(registro).getByText('Ativo');
    expect(within(registro).queryByRole('textbox')).toBeNull();
    expect((campo('Nome do pai') as HTMLInputElement).value).toBe('NÃO INFORMADO');
    expect((campo('Pai não declarado') as HTMLInputElement).checked).toBe(true);
    expect((campo('CEP') as HTMLInputElement).value).toBe('11 010-000');
    await waitFor(() =>
      expect((campo('Município') as HTMLSelectElement).value).toBe(String(PASSO1_SALVO.endereco.municipio)),
    );

    salvarEContinuar();

    const resumo = await resumoDeErros();
    expect(linksDoResumo(resumo)).toEqual(['CEP inválido → #endereco-cep']);
    expect(corpos('PUT')[0]).toMatchObject({ id: 77, tipo: 2, passo: 1, cpf: '12345678909' });
    expect(corpos('PUT')[0]).not.toHaveProperty('rgp');
    const cep = campo('CEP');
    expect(cep.getAttribute('aria-invalid')).toBe('true');
    await screen.findByText('Confira todos os campos obrigatórios do formulário');
  });

  it('without a server message, a failed update says "Erro ao atualizar a solicitação"', async () => {
    http.get('/api/solicitacao/77', ok(rascunho(1)));
    http.put('/api/solicitacao', { status: 500, data: {} });
    abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77&passo=1');
    await tituloDoPasso(1, 'Dados pessoais');
    salvarEContinuar();
    await screen.findByText('Erro ao atualizar a solicitação');
  });
});
