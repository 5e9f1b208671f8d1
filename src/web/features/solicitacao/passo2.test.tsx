import { describe, expect, it, vi } from 'vitest';
import { confirmar } from '../../lib/confirm';
import { fail, ok } from '../../test/http';
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
  PASSO2_SALVO,
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

vi.mock('../../lib/confirm', () => ({ confirmar: vi.fn(() => Promise.resolve(true)) }));

usarServidorFalso();

const LOCAL_PESCA = 'Preencha todos os campos de local da pesca para prosseguir!';

async function abrirPasso2(salvo: Record<string, unknown> = rascunho(1)) {
  http.get('/api/solicitacao/77', ok(salvo));
  const app = abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77&passo=2');
  await tituloDoPasso(2, 'Atividade pesqueira');
  return app;
}

function secao(legenda: string) {
  return screen.getByText(legenda, { selector: 'legend' }).closest('fieldset') as HTMLElement;
}

function linhaDeLocal(n: number) {
  return secao(`Local de pesca ${n}`);
}

async function preencherLocal(n: number, tipo = '5', nome = 'Baía de Santos') {
  const linha = linhaDeLocal(n);
  preencher('UF', 'SP', linha);
  await escolherQuandoCarregar('Município', 'Santos', linha);
  preencher('Tipo de local de pesca', tipo, linha);
  preencher('Nome popular do local', nome, linha);
}

describe('step 2: fishing activity', () => {
  it('hides the vessel for desembarcado and clears it; hides the CIR for artesanal', async () => {
    await abrirPasso2();
    expect(screen.queryByText('Embarcação', { selector: 'legend' })).toBeNull();

    marcar('Forma de atuação na pesca', 'Embarcado');
    marcar('Categoria', 'Industrial');
    const embarcacao = secao('Embarcação');
    for (const rotulo of [
      'Nome da embarcação',
      'Tipo de embarcação',
      'Título de Inscrição da Embarcação (TIE)',
      'RGP da embarcação (opcional)',
      'Certificado de Inscrição e Registro (CIR) (opcional)',
      'Comprimento (metros)',
      'Propulsão',
      'Potência do motor (HP)',
      'Nome do proprietário',
    ]) {
      within(embarcacao).getByLabelText(rotulo);
    }
    screen.getByLabelText('Propriedade da embarcação');
    preencher('Nome da embarcação', 'Estrela do Mar');

    marcar('Categoria', 'Artesanal');
    expect(within(secao('Embarcação')).queryByLabelText(/Certificado de Inscrição/)).toBeNull();
    within(secao('Embarcação')).getByLabelText('Nome da embarcação');

    // Artesanal without vessel registration: the vessel is not required and not asked.
    marcar('A embarcação possui registro?', 'Não');
    expect(screen.queryByText('Embarcação', { selector: 'legend' })).toBeNull();
    marcar('A embarcação possui registro?', 'Sim');

    marcar('Forma de atuação na pesca', 'Desembarcado');
    expect(screen.queryByText('Embarcação', { selector: 'legend' })).toBeNull();
    expect(screen.queryByLabelText('Propriedade da embarcação')).toBeNull();
    expect(screen.queryByText('A embarcação possui registro?', { selector: 'legend' })).toBeNull();

    marcar('Forma de atuação na pesca', 'Embarcado');
    expect((campo('Nome da embarcação') as HTMLInputElement).value).toBe('');
  });

  it('an incomplete fishing place shows "Preencha todos os campos de local da pesca para prosseguir!" at the place and in the summary', async () => {
    await abrirPasso2();
    marcar('Forma de atuação na pesca', 'Desembarcado');
    marcar('Categoria', 'Artesanal');
    marcar('Ambiente de pesca', 'Continental (água doce)');
    marcar('Grupos-alvo da pesca', 'Peixes');
    marcar(/entidade representativa/, 'Não');
    // A second place, complete; the first lacks its popular name.
    const linha1 = linhaDeLocal(1);
    preencher('UF', 'SP', linha1);
    await escolherQuandoCarregar('Município', 'Santos', linha1);
    preencher('Tipo de local de pesca', '1', linha1);
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar local de pesca' }));
    await preencherLocal(2);

    salvarEContinuar();

    const resumo = await resumoDeErros();
    expect(linksDoResumo(resumo)).toEqual([`Local de pesca 1: ${LOCAL_PESCA} → #dadosAtividadePesca-areaPretendidaPesca-0`]);
    const primeira = linhaDeLocal(1);
    within(primeira).getByText(LOCAL_PESCA);
    expect(document.getElementById(primeira.getAttribute('aria-describedby') ?? '')?.textContent).toBe(LOCAL_PESCA);
    expect(within(linhaDeLocal(2)).queryByText(LOCAL_PESCA)).toBeNull();
    // The toast carries the step's own message.
    await waitFor(() => expect(screen.getAllByText(LOCAL_PESCA).length).toBeGreaterThanOrEqual(2));
    expect(corpos('PUT')).toHaveLength(0);

    fireEvent.click(within(resumo).getByRole('link'));
    expect(document.activeElement).toBe(primeira);
  });

  it('on an empty submit also shows the place message and the conditional questions with the other errors', async () => {
    await abrirPasso2();
    marcar('Forma de atuação na pesca', 'Embarcado');
    salvarEContinuar();
    const links = linksDoResumo(await resumoDeErros());
    expect(links).toEqual(
      expect.arrayContaining([
        'Categoria: Campo obrigatório → #dadosAtividadePesca-formaAtuacaoPesca-categoria',
        'A embarcação possui registro?: Campo obrigatório → #dadosAtividadePesca-formaAtuacaoPesca-possuiRegistroEmbarcacao',
        'Nome da embarcação: Campo obrigatório → #dadosAtividadePesca-formaAtuacaoPesca-embarcacao-nome',
        'Ambiente de pesca: Informe pelo menos 1 ambiente de pesca → #dadosAtividadePesca-ambientePesca',
        `Local de pesca 1: ${LOCAL_PESCA} → #dadosAtividadePesca-areaPretendidaPesca-0`,
        'Grupos-alvo da pesca: Informe pelo menos 1 grupo-alvo de pesca → #dadosAtividadePesca-gruposAlvosPesca',
      ]),
    );
  });

  it('saves a vessel and an entity with PUT, flat, and opens step 3', async () => {
    http.put('/api/solicitacao', (config) => ok({ ...rascunho(1), ...JSON.parse(config.data as string), passo: 2 }));
    const { router } = await abrirPasso2();
    marcar('Forma de atuação na pesca', 'Embarcado');
    marcar('Categoria', 'Industrial');
    preencher('Propriedade da embarcação', '1');
    marcar('A embarcação possui registro?', 'Sim');
    preencher('Nome da embarcação', 'Estrela do Mar');
    preencher('Tipo de embarcação', '6');
    preencher('Título de Inscrição da Embarcação (TIE)', '4410012345');
    preencher(/^Certificado de Inscrição/, 'CIR-1');
    digitarComMascara('Comprimento (metros)', '8,5');
    preencher('Propulsão', '3');
    digitarComMascara('Potência do motor (HP)', '90');
    preencher('Nome do proprietário', 'Maria das Graças');
    marcar('Ambiente de pesca', 'Marinho ou estuarino (água salgada ou salobra)');
    await preencherLocal(1);
    marcar('Grupos-alvo da pesca', 'Peixes');
    marcar(/entidade representativa/, 'Sim');
    digitarComMascara('CNPJ da entidade', '11222333000181');
    preencher('Nome da entidade', 'Colônia Z-1');
    preencher('UF da entidade', 'SP');

    salvarEContinuar();

    await tituloDoPasso(3, 'Dados socioeconômicos');
    expect(corpos('PUT')).toEqual([
      {
        id: 77,
        tipo: 1,
        passo: 2,
        dadosAtividadePesca: {
          formaAtuacaoPesca: {
            formaAtuacao: 1,
            categoria: 1,
            propriedadeEmbarcacao: { id: 1 },
            possuiRegistroEmbarcacao: true,
            embarcacao: {
              nome: 'Estrela do Mar',
              tie: '4410012345',
              rgp: null,
              cir: 'CIR-1',
              tamanho: 8.5,
              propulsao: 3,
              potencia: 90,
              proprietario: 'Maria das Graças',
              tipoEmbarcacao: { id: 6 },
            },
          },
          ambientePesca: [2],
          areaPretendidaPesca: [{ idMunicipio: 3548500, tipoLocalPesca: 5, nomePopularLocalPesca: 'Baía de Santos' }],
          gruposAlvosPesca: [1],
        },
        possuiInstituicaoRepresentante: true,
        entidadeRepresentante: { cnpj: '11222333000181', nome: 'Colônia Z-1', siglaUf: 'SP', email: null },
      },
    ]);
    expect(new URLSearchParams(router.state.location.search).get('passo')).toBe('3');
    await screen.findByText('Dados da Atividade salvos com sucesso!');
  });

  it('sends no vessel for desembarcado and no entity when not affiliated, keeping the saved answers', async () => {
    http.put('/api/solicitacao', ok(rascunho(2)));
    await abrirPasso2(rascunho(2));
    // The saved answers are back in the form.
    expect((campo('Desembarcado') as HTMLInputElement).checked).toBe(true);
    expect((campo('Nome popular do local') as HTMLInputElement).value).toBe('Mangue do Porto');
    await waitFor(() => expect((campo('Município') as HTMLSelectElement).value).toBe('3548500'));
    expect((campo('UF') as HTMLSelectElement).value).toBe('SP');

    salvarEContinuar();

    await tituloDoPasso(3, 'Dados socioeconômicos');
    expect(corpos('PUT')[0]).toEqual({ id: 77, tipo: 1, passo: 2, ...PASSO2_SALVO });
  });

  it('removes a saved vessel after confirmation (DELETE /api/solicitacao/{id}/embarcacao)', async () => {
    http.delete('/api/solicitacao/77/embarcacao', ok(rascunho(2)));
    const comEmbarcacao = rascunho(2, {
      dadosAtividadePesca: {
        ...PASSO2_SALVO.dadosAtividadePesca,
        formaAtuacaoPesca: {
          formaAtuacao: 1,
          categoria: 2,
          propriedadeEmbarcacao: { id: 1, descricao: 'Própria' },
          possuiRegistroEmbarcacao: true,
          embarcacao: {
            nome: 'Estrela do Mar',
            tie: '4410012345',
            rgp: null,
            cir: null,
            tamanho: 8.5,
            propulsao: 3,
            potencia: 90,
            proprietario: 'Maria',
            tipoEmbarcacao: { id: 6, descricao: 'Lancha' },
          },
        },
      },
    });
    await abrirPasso2(comEmbarcacao);
    expect((campo('Comprimento (metros)') as HTMLInputElement).value).toBe('8,5');
    expect((campo('Tipo de embarcação') as HTMLSelectElement).value).toBe('6');

    fireEvent.click(screen.getByRole('button', { name: 'Remover embarcação' }));

    await waitFor(() => expect(http.callsTo('/api/solicitacao/77/embarcacao').map((c) => c.method)).toEqual(['DELETE']));
    expect(confirmar).toHaveBeenCalled();
    await screen.findByText('Embarcação removida com sucesso');
    await waitFor(() => expect((campo('Nome da embarcação') as HTMLInputElement).value).toBe(''));
    expect(screen.queryByRole('button', { name: 'Remover embarcação' })).toBeNull();
  });

  it('maps the server\'s place error back onto the place; without a message says "Erro ao Salvar os Dados da Atividade!"', async () => {
    http.put(
      '/api/solicitacao',
      fail(400, LOCAL_PESCA, { erros: [`dadosAtividadePesca.areaPretendidaPesca.0: ${LOCAL_PESCA}`] }),
    );
    await abrirPasso2(rascunho(2));
    salvarEContinuar();

    const resumo = await resumoDeErros();
    expect(linksDoResumo(resumo)).toEqual([`Local de pesca 1: ${LOCAL_PESCA} → #dadosAtividadePesca-areaPretendidaPesca-0`]);
    within(linhaDeLocal(1)).getByText(LOCAL_PESCA);

    http.put('/api/solicitacao', { status: 502, data: '' });
    salvarEContinuar();
    await screen.findByText('Erro ao Salvar os Dados da Atividade!');
  });
});
