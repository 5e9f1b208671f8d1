import { sql } from 'drizzle-orm';
import { cpfComDigitos } from '../../../shared/cpf';
import { hojeSaoPaulo } from '../../../shared/datas';
import type { Database } from '../../db/client';

export const BELEM = 1501402;
export const ANANINDEUA = 1500800;
export const SAO_PAULO = 3550308;

/** A birth date that makes `idade` whole years today (São Paulo): the birthday is today. */
export function nascidoHa(idade: number): string {
  const hoje = hojeSaoPaulo();
  const ano = Number(hoje.slice(0, 4)) - idade;
  // 29 February in a year without it: the 28th (still `idade` today).
  const md = hoje.slice(5) === '02-29' ? '02-28' : hoje.slice(5);
  return `${ano}-${md}`;
}

interface Pescador {
  nome: string;
  cpf: string;
  uf: string;
  municipioId: number;
  sexo: number;
  categoria: number;
  formaAtuacao: number;
  propriedadeEmbarcacao: number | null;
  tie: string | null;
  cnpj: string | null;
  recebeuAjuda: boolean;
  escolaridade: number;
  alfabetizacao: boolean;
  etnia: number;
  nacionalidadeBrasileira: boolean;
  situacao: number;
  rgp: string | null;
  emissao: string | null;
  idade: number;
  grupos: number[];
  ambientes: number[];
  /** When the fisher's request was sent. */
  enviada: string;
}

/** Four fishers named 'ZZ …' (filters add `nome=zz` to leave the seeded ones out), each different in every filter. */
export const PESCADORES: readonly Pescador[] = [
  {
    nome: 'ZZ ANA', cpf: cpfComDigitos('901000001'), uf: 'PA', municipioId: BELEM, sexo: 2, categoria: 2, formaAtuacao: 1,
    propriedadeEmbarcacao: 1, tie: 'TIE123', cnpj: '11222333000181', recebeuAjuda: true, escolaridade: 6, alfabetizacao: true,
    etnia: 4, nacionalidadeBrasileira: true, situacao: 1, rgp: 'PAPA00000000001', emissao: '2024-03-10T12:00:00-03:00',
    idade: 30, grupos: [1, 2], ambientes: [1], enviada: '2024-03-01T10:00:00-03:00',
  },
  {
    nome: 'ZZ BRUNO', cpf: cpfComDigitos('901000002'), uf: 'PA', municipioId: ANANINDEUA, sexo: 1, categoria: 1, formaAtuacao: 2,
    propriedadeEmbarcacao: 2, tie: null, cnpj: null, recebeuAjuda: false, escolaridade: 8, alfabetizacao: false,
    etnia: 1, nacionalidadeBrasileira: false, situacao: 6, rgp: null, emissao: null,
    idade: 45, grupos: [3], ambientes: [2], enviada: '2023-06-15T09:00:00-03:00',
  },
  {
    nome: 'ZZ CARLA', cpf: cpfComDigitos('901000003'), uf: 'SP', municipioId: SAO_PAULO, sexo: 2, categoria: 2, formaAtuacao: 1,
    propriedadeEmbarcacao: 3, tie: 'TIE999', cnpj: null, recebeuAjuda: false, escolaridade: 6, alfabetizacao: true,
    etnia: 2, nacionalidadeBrasileira: true, situacao: 1, rgp: 'SPPA00000000002', emissao: '2025-01-31T23:59:59-03:00',
    idade: 18, grupos: [2], ambientes: [2], enviada: '2025-01-31T23:30:00-03:00',
  },
  {
    nome: 'ZZ DANIEL; "TESTE"', cpf: cpfComDigitos('901000004'), uf: 'SP', municipioId: SAO_PAULO, sexo: 1, categoria: 2, formaAtuacao: 2,
    propriedadeEmbarcacao: null, tie: null, cnpj: '11222333000181', recebeuAjuda: true, escolaridade: 11, alfabetizacao: false,
    etnia: 5, nacionalidadeBrasileira: true, situacao: 2, rgp: null, emissao: '2025-02-01T00:00:00-03:00',
    idade: 70, grupos: [7], ambientes: [1, 2], enviada: '2025-02-01T00:00:00-03:00',
  },
];

/** Inserts the fishers, their target groups, environments and one sent request each; answers their ids by name. */
export async function semearPescadores(db: Database): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const p of PESCADORES) {
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO pescador (cpf, nome, uf, municipio_id, sexo, categoria, forma_atuacao, propriedade_embarcacao, tie,
        cnpj_entidade_representante, recebeu_ajuda, escolaridade, alfabetizacao, etnia, nacionalidade_brasileira,
        situacao_registro, numero_rgp, data_emissao_carteira, data_nascimento)
      VALUES (${p.cpf}, ${p.nome}, ${p.uf}, ${p.municipioId}, ${p.sexo}, ${p.categoria}, ${p.formaAtuacao}, ${p.propriedadeEmbarcacao},
        ${p.tie}, ${p.cnpj}, ${p.recebeuAjuda}, ${p.escolaridade}, ${p.alfabetizacao}, ${p.etnia}, ${p.nacionalidadeBrasileira},
        ${p.situacao}, ${p.rgp}, ${p.emissao}::timestamptz, ${nascidoHa(p.idade)}::date)
      RETURNING id`);
    const id = rows[0]!.id;
    ids[p.nome] = id;
    for (const g of p.grupos) await db.execute(sql`INSERT INTO pescador_grupo_alvo (pescador_id, grupo_alvo) VALUES (${id}, ${g})`);
    for (const a of p.ambientes) await db.execute(sql`INSERT INTO pescador_ambiente_pesca (pescador_id, ambiente_pesca) VALUES (${id}, ${a})`);
    await db.execute(sql`INSERT INTO solicitacao (pescador_id, tipo, situacao, passo, enviada_em, uf_pescador)
      VALUES (${id}, 1, 4, 5, ${p.enviada}::timestamptz, ${p.uf})`);
  }
  return ids;
}
