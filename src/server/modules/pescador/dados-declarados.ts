import { Nacionalidade } from '../../../shared/enums';
import type { Passo1, Passo2, Passo4 } from '../../../shared/schemas/solicitacao';
import type { pescador } from '../../db/schema';

export type DadosDeclarados = Partial<Passo1> & Partial<Passo2> & Partial<Passo4> & Record<string, unknown>;

export interface ColunasDeclaradas {
  colunas: Partial<typeof pescador.$inferInsert>;
  /** Present when the record carries step 2: they replace the fisher's environments and target groups. */
  atividade: { ambientes: number[]; grupos: number[] } | null;
}

/** The fisher's nationality as the wizard writes it. */
export function nacionalidadeDe(brasileira: boolean | null): Nacionalidade | null {
  if (brasileira === null) return null;
  return brasileira ? Nacionalidade.BRASILEIRA : Nacionalidade.ESTRANGEIRA;
}

export function identificacaoDe(p: typeof pescador.$inferSelect) {
  return {
    nome: p.nome,
    nomeMae: p.nomeMae,
    nomePai: p.nomePai,
    apelido: p.apelido,
    dataNascimento: p.dataNascimento,
    sexo: p.sexo,
    escolaridade: p.escolaridade,
    etnia: p.etnia,
    alfabetizacao: p.alfabetizacao,
    nacionalidadeBrasileira: nacionalidadeDe(p.nacionalidadeBrasileira),
  };
}

/** Only the steps present touch their columns, so a partial record never blanks what it does not carry. */
export function colunasDeclaradas(dados: DadosDeclarados): ColunasDeclaradas {
  const set: Partial<typeof pescador.$inferInsert> = {};

  if (typeof dados.nome === 'string') {
    set.nome = dados.nome;
    set.nomeMae = dados.nomeMae ?? null;
    set.nomePai = dados.nomePai ?? null;
    set.apelido = dados.apelido ?? null;
    set.dataNascimento = dados.dataNascimento ?? null;
    set.sexo = dados.sexo ?? null;
    set.escolaridade = dados.escolaridade ?? null;
    set.etnia = dados.etnia ?? null;
    set.alfabetizacao = dados.alfabetizacao ?? null;
    set.nacionalidadeBrasileira = dados.nacionalidadeBrasileira === undefined
      ? null
      : dados.nacionalidadeBrasileira === Nacionalidade.BRASILEIRA;
    if (dados.contato) {
      set.email = dados.contato.email ?? null;
      set.telefone = dados.contato.telefone ?? null;
    }
    if (dados.endereco) {
      set.uf = dados.endereco.uf;
      set.municipioId = dados.endereco.municipio;
      set.cep = dados.endereco.cep;
      set.logradouro = dados.endereco.logradouro;
      set.numeroLogradouro = dados.endereco.numeroLogradouro;
      set.bairro = dados.endereco.bairro;
      set.complemento = dados.endereco.complemento ?? null;
    }
  }

  const atividade = dados.dadosAtividadePesca;
  if (atividade) {
    const f = atividade.formaAtuacaoPesca;
    set.categoria = f.categoria;
    set.formaAtuacao = f.formaAtuacao;
    set.propriedadeEmbarcacao = f.propriedadeEmbarcacao?.id ?? null;
    set.possuiRegistroEmbarcacao = f.possuiRegistroEmbarcacao ?? null;
    set.tie = f.embarcacao?.tie ?? null;
  }
  if (dados.possuiInstituicaoRepresentante !== undefined) {
    set.cnpjEntidadeRepresentante = dados.possuiInstituicaoRepresentante ? (dados.entidadeRepresentante?.cnpj ?? null) : null;
  }
  if (dados.recebeuAjudaPreenchimento !== undefined) {
    set.recebeuAjuda = dados.recebeuAjudaPreenchimento;
  }

  return {
    colunas: set,
    atividade: atividade
      ? { ambientes: [...new Set(atividade.ambientePesca)], grupos: [...new Set(atividade.gruposAlvosPesca)] }
      : null,
  };
}

/** For a migrated registry, which has no declared record. */
export function dadosDasColunas(
  p: typeof pescador.$inferSelect, ambientes: number[], grupos: number[],
): Record<string, unknown> {
  const semNulos = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
  const d: Record<string, unknown> = semNulos({ cpf: p.cpf, ...identificacaoDe(p) });
  const endereco = semNulos({
    cep: p.cep, logradouro: p.logradouro, numeroLogradouro: p.numeroLogradouro, bairro: p.bairro, complemento: p.complemento,
    municipio: p.municipioId, uf: p.uf,
  });
  if (Object.keys(endereco).length > 0) d.endereco = endereco;
  const contato = semNulos({ email: p.email, telefone: p.telefone });
  if (Object.keys(contato).length > 0) d.contato = contato;
  if (p.formaAtuacao !== null || p.categoria !== null || ambientes.length > 0 || grupos.length > 0) {
    d.dadosAtividadePesca = {
      formaAtuacaoPesca: semNulos({
        formaAtuacao: p.formaAtuacao,
        categoria: p.categoria,
        propriedadeEmbarcacao: p.propriedadeEmbarcacao === null ? null : { id: p.propriedadeEmbarcacao },
        possuiRegistroEmbarcacao: p.possuiRegistroEmbarcacao,
        embarcacao: p.tie ? { tie: p.tie } : null,
      }),
      ambientePesca: ambientes,
      areaPretendidaPesca: [],
      gruposAlvosPesca: grupos,
    };
  }
  if (p.cnpjEntidadeRepresentante) {
    d.possuiInstituicaoRepresentante = true;
    d.entidadeRepresentante = { cnpj: p.cnpjEntidadeRepresentante };
  }
  if (p.recebeuAjuda !== null) d.recebeuAjudaPreenchimento = p.recebeuAjuda;
  return d;
}
