import { describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../../lib/dates';
import { fail, ok } from '../../test/http';
import { idadeEm } from './passo3-socioeconomico';
import {
  abrir,
  campo,
  corpos,
  escolherQuandoCarregar,
  fireEvent,
  http,
  linksDoResumo,
  marcar,
  preencher,
  rascunho,
  resumoDeErros,
  salvarEContinuar,
  screen,
  tituloDoPasso,
  usarServidorFalso,
} from './wizard-test-utils';

usarServidorFalso();

async function abrirPasso3(salvo: Record<string, unknown> = rascunho(2)) {
  http.get('/api/solicitacao/77', ok(salvo));
  const app = abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77');
  // Without a step in the address, a draft resumes at its first unsaved step.
  await tituloDoPasso(3, 'Dados socioeconômicos');
  return app;
}

function secao(legenda: string) {
  return screen.getByText(legenda, { selector: 'legend' }).closest('fieldset') as HTMLElement;
}

describe('step 3: socio-economic data', () => {
  it('starts with the fisher as the first family member, who participates in fishing', async () => {
    await abrirPasso3();
    const membro = secao('Membro da família 1');
    const parentesco = campo('Parentesco', membro) as HTMLSelectElement;
    expect(parentesco.selectedOptions[0]?.textContent).toBe('O(a) próprio(a) pescador(a)');
    expect((campo('Sim', secao('Participa da pesca?')) as HTMLInputElement).checked).toBe(true);
    expect((campo('Não', secao('Possui outra fonte de renda?')) as HTMLInputElement).checked).toBe(true);
    // The fisher's own age, from the birth date of step 1.
    expect((campo('Idade (anos)', membro) as HTMLInputElement).value).toBe(String(idadeEm('1980-05-10', todayInSaoPaulo())));
    expect(screen.queryByText('Membro da família 2', { selector: 'legend' })).toBeNull();
  });

  it('computes whole years of age', () => {
    expect(idadeEm('1980-05-10', '2025-05-09')).toBe(44);
    expect(idadeEm('1980-05-10', '2025-05-10')).toBe(45);
    expect(idadeEm('', '2025-05-10')).toBeNull();
  });

  it('saves the family, income, benefits and access to services, with the incomes as 0', async () => {
    http.put('/api/solicitacao', ok(rascunho(3)));
    await abrirPasso3();
    const fonte = secao('Fonte de renda 1');
    preencher('Atividade profissional', 'Pesca de mangue', fonte);
    await escolherQuandoCarregar('Profissão', 'Pescador(a) artesanal', fonte);
    preencher('Faixa de renda', '1', fonte);
    marcar('Recebe algum benefício ou renda do governo federal?', 'Não');
    marcar('Recebe seguro-defeso?', 'Sim');
    preencher('Tipo de residência', '1');
    preencher('Há quantos anos mora no município?', '20');
    marcar('Possui computador?', 'Não');
    marcar('Tem acesso à internet?', 'Sim');
    marcar('Possui capacitação profissional?', 'Não');
    marcar('Possui celular?', 'Sim');
    marcar('Serviços públicos disponíveis na sua residência', 'Água encanada');
    marcar('Serviços públicos disponíveis na sua residência', 'Energia elétrica');

    salvarEContinuar();

    await tituloDoPasso(4, 'Apoio e documentos');
    const idade = idadeEm('1980-05-10', todayInSaoPaulo());
    expect(corpos('PUT')).toEqual([
      {
        id: 77,
        tipo: 1,
        passo: 3,
        dadosSocioEconomicos: [{ membroFamilia: 1, idade, participaPesca: true, possuiOutraFonteRenda: false }],
        fontesRenda: [
          { atividadeProfissional: 'Pesca de mangue', faixaRenda: 1, idProfissao: 1, dataAdmissao: null, dataEncerramento: null },
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
      },
    ]);
    await screen.findByText('Dados socioeconômicos salvos com sucesso!');
  });

  it('a new family member needs every answer; a typed age must be a number', async () => {
    await abrirPasso3();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar membro da família' }));
    const segundo = secao('Membro da família 2');
    preencher('Idade (anos)', 'doze', segundo);
    salvarEContinuar();
    const links = linksDoResumo(await resumoDeErros());
    expect(links).toEqual(
      expect.arrayContaining([
        'Parentesco: Campo obrigatório → #dadosSocioEconomicos-1-membroFamilia',
        'Idade (anos): Valor inválido → #dadosSocioEconomicos-1-idade',
        'Participa da pesca?: Campo obrigatório → #dadosSocioEconomicos-1-participaPesca',
        'Serviços públicos disponíveis na sua residência: Informe pelo menos 1 serviço público → #acessoServicoPublico-infraestruturasPublicas',
      ]),
    );
    expect(links.some((l) => l.includes('#dadosSocioEconomicos-0-'))).toBe(false);
    await screen.findByText('Confira todos os campos obrigatórios do formulário');
  });

  it('says "Erro ao carregar lista de profissões" when the professions cannot be read', async () => {
    http.get('/api/solicitacao/profissoes', fail(500, 'Falhou'));
    await abrirPasso3();
    await screen.findByText('Erro ao carregar lista de profissões');
  });

  it('without a server message, a failed save says "Erro ao Salvar os Dados Socioeconômicos!"', async () => {
    http.put('/api/solicitacao', { status: 503, data: null });
    http.get('/api/solicitacao/77', ok(rascunho(3)));
    abrir('/pescador/solicitacao?tipoSolicitacao=1&idSolicitacao=77');
    // Step 3 saved: the draft resumes at step 4; go back to 3 through the stepper.
    await tituloDoPasso(4, 'Apoio e documentos');
    fireEvent.click(screen.getByRole('link', { name: /Dados socioeconômicos/ }));
    await tituloDoPasso(3, 'Dados socioeconômicos');
    salvarEContinuar();
    await screen.findByText('Erro ao Salvar os Dados Socioeconômicos!');
  });
});
