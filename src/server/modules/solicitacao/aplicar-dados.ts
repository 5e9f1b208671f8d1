import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pescador, pescadorAmbientePesca, pescadorGrupoAlvo } from '../../db/schema';
import { Nacionalidade } from '../../../shared/enums';
import type { Passo1, Passo2, Passo4 } from '../../../shared/schemas/solicitacao';

/** A transaction handed out by `db.transaction`. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Where SQL runs: the pool or a transaction. */
export type Executor = Database | Tx;

/** The request's flat data (the steps' output shapes), any step possibly missing. */
export type DadosSolicitacao = Partial<Passo1> & Partial<Passo2> & Partial<Passo4> & Record<string, unknown>;

/**
 * Copies a request's declared data into the fisher's typed, indexed columns and join tables, and keeps the
 * whole flat record in `pescador.dados`. Used when a registration (types 1, 2, 3) is submitted and, by the
 * analysis, when a registry edit (type 8) is approved. Only the steps present in `dados` touch their columns,
 * so a partial record never blanks what it does not carry. Run it inside the caller's transaction.
 */
export async function aplicarDadosNoPescador(tx: Executor, pescadorId: number, dados: DadosSolicitacao): Promise<void> {
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

  await tx.update(pescador)
    .set({ ...set, dados, atualizadoEm: sql`now()` })
    .where(eq(pescador.id, pescadorId));

  if (atividade) {
    await tx.delete(pescadorAmbientePesca).where(eq(pescadorAmbientePesca.pescadorId, pescadorId));
    const ambientes = [...new Set(atividade.ambientePesca)];
    if (ambientes.length > 0) {
      await tx.insert(pescadorAmbientePesca).values(ambientes.map((a) => ({ pescadorId, ambientePesca: a })));
    }
    await tx.delete(pescadorGrupoAlvo).where(eq(pescadorGrupoAlvo.pescadorId, pescadorId));
    const grupos = [...new Set(atividade.gruposAlvosPesca)];
    if (grupos.length > 0) {
      await tx.insert(pescadorGrupoAlvo).values(grupos.map((g) => ({ pescadorId, grupoAlvo: g })));
    }
  }
}
