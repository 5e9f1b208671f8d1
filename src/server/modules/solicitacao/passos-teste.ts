import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { cpfComDigitos } from '../../../shared/cpf';
import type { Database } from '../../db/client';
import { entrarComo, type Sessao, type TestApp } from '../../test/helpers';

/**
 * Test helpers of the requests module: complete, valid payloads of each wizard step (a real municipality,
 * reference ids that exist), fresh fishers, documents inserted directly, and a request filled up to a step.
 */

export const BELEM = 1501402;
export const SAO_PAULO = 3550308;
export const CNPJ_VALIDO = '11222333000181';

/** A valid CPF built from a number (check digits computed), for as many distinct fishers as a test needs. */
export function cpfDe(n: number): string {
  return cpfComDigitos(800_000_000 + n);
}

type Obj = Record<string, unknown>;

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

/** The documents every request needs: identification, proof of address, photo, PIS. */
export const DOCUMENTOS_BASICOS = [1, 2, 3, 10];

/** Inserts document rows as the documents API would (tests only). */
export async function inserirDocumentos(db: Database, pescadorId: number, solicitacaoId: number | null, tipos: number[]): Promise<void> {
  for (const tipo of tipos) {
    await db.execute(sql`
      INSERT INTO documento (pescador_id, solicitacao_id, tipo_documento, nome_arquivo, chave_arquivo, mime, tamanho)
      VALUES (${pescadorId}, ${solicitacaoId}, ${tipo}, ${`doc-${tipo}.pdf`}, ${crypto.randomUUID()}, 'application/pdf', 1024)`);
  }
}

export interface Pescador {
  sessao: Sessao;
  cpf: string;
  id: number;
}

/**
 * The app as seen from one client address. Sign-in is rate-limited per address (30 a minute), and a test file
 * signs many fishers in: each gets its own address, as real fishers would.
 */
export function comEndereco(app: FastifyInstance, ip: string): FastifyInstance {
  return new Proxy(app, {
    get(alvo, prop, receptor) {
      if (prop === 'inject') return (opts: InjectOptions) => alvo.inject({ remoteAddress: ip, ...opts });
      return Reflect.get(alvo, prop, receptor) as unknown;
    },
  });
}

/** Signs a new fisher in (a CPF never used before creates the fisher record). */
export async function novoPescador(t: TestApp, n: number): Promise<Pescador> {
  const cpf = cpfDe(n);
  const sessao = await entrarComo(comEndereco(t.app, `10.1.${(n >> 8) & 255}.${n & 255}`), cpf);
  return { sessao, cpf, id: decodeJwt(sessao.token).idPescador as number };
}

export async function criar(p: Pescador, tipo: number, corpo: Obj = passo1(p.cpf)) {
  return p.sessao.api({ method: 'POST', url: '/api/solicitacao', payload: { tipo, passo: 1, ...corpo } });
}

export async function salvar(p: Pescador, id: number, tipo: number, passo: number, corpo: Obj) {
  return p.sessao.api({ method: 'PUT', url: '/api/solicitacao', payload: { id, tipo, passo, ...corpo } });
}

/** A draft of `tipo` with steps 1..`ate` saved (and the basic documents when it gets to step 4). */
export async function rascunhoAte(t: TestApp, p: Pescador, tipo: number, ate: 1 | 2 | 3 | 4): Promise<number> {
  const res = await criar(p, tipo);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().dados.id as number;
  if (ate >= 4) await inserirDocumentos(t.db, p.id, id, tipo === 3 ? [...DOCUMENTOS_BASICOS, 9] : DOCUMENTOS_BASICOS);
  for (const n of [2, 3, 4] as const) {
    if (n > ate) break;
    const r = await salvar(p, id, tipo, n, passoPadrao(n, p.cpf));
    expect(r.statusCode, r.body).toBe(200);
  }
  return id;
}

/** A request filled and sent (ENVIADA). */
export async function enviada(t: TestApp, p: Pescador, tipo: number): Promise<number> {
  const id = await rascunhoAte(t, p, tipo, 4);
  const r = await salvar(p, id, tipo, 5, { declaraCiencia: true });
  expect(r.statusCode, r.body).toBe(200);
  return id;
}

export async function umaLinha<T extends Record<string, unknown>>(db: Database, q: ReturnType<typeof sql>): Promise<T> {
  const { rows } = await db.execute<T>(q);
  return rows[0] as T;
}
