import { cpfComDigitos } from '../../../shared/cpf';

/**
 * Complete, valid payloads of each wizard step (a real municipality, reference ids that exist): for the tests
 * (through passos.test-utils.ts) and for the load test (bench/carga.ts), which cannot import the test runner.
 */

export const BELEM = 1501402;
export const SAO_PAULO = 3550308;
export const CNPJ_VALIDO = '11222333000181';

/** A valid CPF built from a number (check digits computed), for as many distinct fishers as a test needs. */
export function cpfDe(n: number): string {
  return cpfComDigitos(800_000_000 + n);
}

export type Obj = Record<string, unknown>;

export function passo1(cpf: string, extra: Obj = {}): Obj {
  return {
    cpf,
    nome: 'Maria da Silva',
    dataNascimento: '1980-05-10',
    sexo: 2,
    nomeMae: 'Joana da Silva',
    nomePai: 'José da Silva',
    apelido: 'Mariazinha',
    escolaridade: 1,
    etnia: 1,
    alfabetizacao: true,
    nacionalidadeBrasileira: 'BRASILEIRA',
    docIdentificacao: { numero: '1234567', ufEmissao: 'PA', orgaoEmissor: 1, dataEmissao: '2000-01-01' },
    documentoSocial: { tipo: 10, numero: '123.45678.90-1' },
    endereco: {
      cep: '66.010-000', logradouro: 'Rua das Flores', numeroLogradouro: '10', bairro: 'Centro', complemento: null, municipio: BELEM, uf: 'PA',
    },
    contato: { email: 'maria@example.com', telefone: '(91) 98888-7777' },
    protocolo: { dataProtocolo: '2024-03-01', numeroNupSei: '12345.123456/2024-12' },
    ...extra,
  };
}

export function embarcacao(extra: Obj = {}): Obj {
  return {
    nome: 'Estrela do Mar', tie: 'TIE-001', rgp: null, cir: 'CIR-9', tamanho: 12.5, propulsao: 1, potencia: 90,
    proprietario: 'Maria da Silva', tipoEmbarcacao: { id: 1 }, ...extra,
  };
}

export function passo2(extra: { formaAtuacaoPesca?: Obj; atividade?: Obj; raiz?: Obj } = {}): Obj {
  return {
    dadosAtividadePesca: {
      formaAtuacaoPesca: {
        formaAtuacao: 1, categoria: 1, propriedadeEmbarcacao: { id: 1 }, possuiRegistroEmbarcacao: true, embarcacao: embarcacao(),
        ...extra.formaAtuacaoPesca,
      },
      ambientePesca: [1, 2],
      areaPretendidaPesca: [{ idMunicipio: BELEM, tipoLocalPesca: 1, nomePopularLocalPesca: 'Baía do Guajará' }],
      gruposAlvosPesca: [1, 2],
      ...extra.atividade,
    },
    possuiInstituicaoRepresentante: false,
    entidadeRepresentante: null,
    ...extra.raiz,
  };
}

export function passo3(extra: Obj = {}): Obj {
  return {
    dadosSocioEconomicos: [{ membroFamilia: 1, idade: 44, participaPesca: true, possuiOutraFonteRenda: false }],
    fontesRenda: [{ atividadeProfissional: 'Pesca artesanal', faixaRenda: 1, idProfissao: 1, dataAdmissao: null, dataEncerramento: null }],
    rendaBeneficio: { possuiRendaFederal: false, possuiSeguroDefeso: true },
    acessoServicoPublico: {
      tipoResidencia: 1, tempoResideMunicipio: 20, possuiComputador: false, possuiAcessoInternet: true,
      possuiCapacitacaoProfissional: false, possuiCelular: true, infraestruturasPublicas: [1, 2],
    },
    ...extra,
  };
}

export function passo4(extra: Obj = {}): Obj {
  return { recebeuAjudaPreenchimento: true, apoio: [{ entidadeApoioPescador: 1 }], ...extra };
}

export function passoPadrao(passo: 1 | 2 | 3 | 4, cpf: string): Obj {
  switch (passo) {
    case 1:
      return passo1(cpf);
    case 2:
      return passo2();
    case 3:
      return passo3();
    case 4:
      return passo4();
  }
}
