import type { Passo1, Passo2, Passo3, Passo4 } from '../../../shared/schemas/solicitacao';
import { erroCampo } from '../../../shared/erros-campo';
import { MENSAGENS_SOLICITACAO_API } from '../../../shared/schemas/solicitacao-api';
import type { SolicitacaoRepository } from './solicitacao.repository';

export type Passo = 1 | 2 | 3 | 4;
export interface SaidaPasso {
  1: Passo1;
  2: Passo2;
  3: Passo3;
  4: Passo4;
}

interface ItemReferenciado {
  lista: string;
  id: number;
  campo: string;
}

/**
 * The checks of a step that need the database, after its schema passed: every id names an item of its
 * reference list (table `referencia`), an occupation (table `profissao`) or a municipality (table `municipio`),
 * and the address's municipality lies in the address's state. Answers `campo: mensagem` for each failure
 * (empty when all hold, src/shared/erros-campo.ts), in three queries at most.
 */
export async function verificarReferencias<P extends Passo>(
  repo: SolicitacaoRepository, passo: P, saida: SaidaPasso[P],
): Promise<string[]> {
  const itens: ItemReferenciado[] = [];
  const municipios: { id: number; campo: string; uf?: string }[] = [];
  const profissoes: { id: number; campo: string }[] = [];

  switch (passo) {
    case 1: {
      const d = saida as Passo1;
      itens.push(
        { lista: 'escolaridades', id: d.escolaridade, campo: 'escolaridade' },
        { lista: 'etnias', id: d.etnia, campo: 'etnia' },
        { lista: 'orgaos-emissores', id: d.docIdentificacao.orgaoEmissor, campo: 'docIdentificacao.orgaoEmissor' },
      );
      municipios.push({ id: d.endereco.municipio, campo: 'endereco.municipio', uf: d.endereco.uf });
      break;
    }
    case 2: {
      const d = (saida as Passo2).dadosAtividadePesca;
      const base = 'dadosAtividadePesca';
      d.ambientePesca.forEach((id, i) => itens.push({ lista: 'ambientes-pesca', id, campo: `${base}.ambientePesca.${i}` }));
      d.gruposAlvosPesca.forEach((id, i) => itens.push({ lista: 'grupos-alvo', id, campo: `${base}.gruposAlvosPesca.${i}` }));
      d.areaPretendidaPesca.forEach((a, i) => {
        itens.push({ lista: 'tipos-local-pesca', id: a.tipoLocalPesca, campo: `${base}.areaPretendidaPesca.${i}.tipoLocalPesca` });
        municipios.push({ id: a.idMunicipio, campo: `${base}.areaPretendidaPesca.${i}.idMunicipio` });
      });
      const f = d.formaAtuacaoPesca;
      if (f.propriedadeEmbarcacao) {
        itens.push({ lista: 'propriedades-embarcacao', id: f.propriedadeEmbarcacao.id, campo: `${base}.formaAtuacaoPesca.propriedadeEmbarcacao.id` });
      }
      if (f.embarcacao) {
        itens.push(
          { lista: 'propulsoes', id: f.embarcacao.propulsao, campo: `${base}.formaAtuacaoPesca.embarcacao.propulsao` },
          { lista: 'tipos-embarcacao', id: f.embarcacao.tipoEmbarcacao.id, campo: `${base}.formaAtuacaoPesca.embarcacao.tipoEmbarcacao.id` },
        );
      }
      break;
    }
    case 3: {
      const d = saida as Passo3;
      d.dadosSocioEconomicos.forEach((m, i) => itens.push({ lista: 'membros-familia', id: m.membroFamilia, campo: `dadosSocioEconomicos.${i}.membroFamilia` }));
      d.fontesRenda.forEach((f, i) => {
        itens.push({ lista: 'faixas-renda', id: f.faixaRenda, campo: `fontesRenda.${i}.faixaRenda` });
        profissoes.push({ id: f.idProfissao, campo: `fontesRenda.${i}.idProfissao` });
      });
      itens.push({ lista: 'tipos-residencia', id: d.acessoServicoPublico.tipoResidencia, campo: 'acessoServicoPublico.tipoResidencia' });
      d.acessoServicoPublico.infraestruturasPublicas.forEach((id, i) => itens.push({
        lista: 'infraestruturas-publicas', id, campo: `acessoServicoPublico.infraestruturasPublicas.${i}`,
      }));
      break;
    }
    case 4: {
      const d = saida as Passo4;
      d.apoio.forEach((a, i) => itens.push({ lista: 'entidades-apoio', id: a.entidadeApoioPescador, campo: `apoio.${i}.entidadeApoioPescador` }));
      break;
    }
  }

  const erros: string[] = [];
  if (itens.length > 0) {
    const existentes = await repo.referenciasExistentes(itens);
    for (const it of itens) {
      if (!existentes.has(`${it.lista}:${it.id}`)) erros.push(erroCampo(it.campo, MENSAGENS_SOLICITACAO_API.valorInvalido));
    }
  }
  if (municipios.length > 0) {
    const ufs = await repo.ufsDosMunicipios(municipios.map((m) => m.id));
    for (const m of municipios) {
      const uf = ufs.get(m.id);
      if (uf === undefined) erros.push(erroCampo(m.campo, MENSAGENS_SOLICITACAO_API.municipioInexistente));
      else if (m.uf !== undefined && uf !== m.uf) erros.push(erroCampo(m.campo, MENSAGENS_SOLICITACAO_API.municipioUf));
    }
  }
  if (profissoes.length > 0) {
    const existentes = await repo.profissoesExistentes(profissoes.map((p) => p.id));
    for (const p of profissoes) {
      if (!existentes.has(p.id)) erros.push(erroCampo(p.campo, MENSAGENS_SOLICITACAO_API.valorInvalido));
    }
  }
  return erros;
}
