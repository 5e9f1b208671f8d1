import { erroCampo } from '../../../shared/erros-campo';
import {
  AMBIENTES_PESCA, GRUPOS_ALVO, PETRECHOS_PESCA, TIPOS_COMPRADOR, TIPOS_LOCAL_PESCA, UNIDADES_MEDIDA,
} from '../../../shared/referencias';
import { JUSTIFICATIVAS_NAO_PESCA, MENSAGENS_REAP, TIPOS_PRESTACAO_ARTESANAL } from '../../../shared/regras/reap';
import type { ReapArtesanalCorpo } from '../../../shared/schemas/reap';
import { erroDeCampos } from '../../lib/validacao';

/** The species ids an artesanal body names. */
export function especiesDoCorpo(c: ReapArtesanalCorpo): number[] {
  return c.resultadosOperacaoPesca.map((o) => o.especiePescado?.id).filter((v): v is number => typeof v === 'number');
}

/** The municipality ids an artesanal body names. */
export function municipiosDoCorpo(c: ReapArtesanalCorpo): number[] {
  return c.locaisPescaPetrecho.map((l) => l.areaPretendidaPesca?.idMunicipio).filter((v): v is number => typeof v === 'number');
}

/**
 * Species, municipalities and list items named by the artesanal body exist (400 with the field otherwise); the
 * species and municipalities that exist are read by the caller (a save reads them with its questionnaire).
 */
export function exigirReferenciasLidas(c: ReapArtesanalCorpo, existentes: { has(id: number): boolean }, munOk: { has(id: number): boolean }): void {
  const erros: string[] = [];
  c.resultadosOperacaoPesca.forEach((o, i) => {
    const e = o.especiePescado?.id;
    if (typeof e === 'number' && !existentes.has(e)) erros.push(erroCampo(`resultadosOperacaoPesca.${i}.especiePescado.id`, 'Espécie não encontrada'));
    const u = o.tipoUnidadeMedida?.id;
    if (typeof u === 'number' && !UNIDADES_MEDIDA.some((x) => x.id === u)) {
      erros.push(erroCampo(`resultadosOperacaoPesca.${i}.tipoUnidadeMedida.id`, 'Unidade de medida inválida'));
    }
  });
  const naLista = (lista: readonly { id: number }[], v: number | null | undefined) => v === null || v === undefined || lista.some((x) => x.id === v);
  c.locaisPescaPetrecho.forEach((l, i) => {
    const m = l.areaPretendidaPesca?.idMunicipio;
    if (typeof m === 'number' && !munOk.has(m)) erros.push(erroCampo(`locaisPescaPetrecho.${i}.areaPretendidaPesca.idMunicipio`, 'Município não encontrado'));
    if (!naLista(AMBIENTES_PESCA, l.ambientePesca)) erros.push(erroCampo(`locaisPescaPetrecho.${i}.ambientePesca`, 'Ambiente de pesca inválido'));
    if (!naLista(PETRECHOS_PESCA, l.petrechoPesca)) erros.push(erroCampo(`locaisPescaPetrecho.${i}.petrechoPesca`, 'Petrecho de pesca inválido'));
    if (!naLista(TIPOS_LOCAL_PESCA, l.areaPretendidaPesca?.tipoLocalPesca)) {
      erros.push(erroCampo(`locaisPescaPetrecho.${i}.areaPretendidaPesca.tipoLocalPesca`, 'Tipo de local de pesca inválido'));
    }
  });
  c.gruposAlvosPescado.forEach((g, i) => {
    if (!naLista(GRUPOS_ALVO, g.grupoAlvo)) erros.push(erroCampo(`gruposAlvosPescado.${i}.grupoAlvo`, 'Grupo alvo inválido'));
  });
  c.ufsComercializacao.forEach((u, i) => u.comercializacoesPescado.forEach((x, j) => {
    if (!naLista(TIPOS_COMPRADOR, x.tipoComprador)) erros.push(erroCampo(`ufsComercializacao.${i}.comercializacoesPescado.${j}.tipoComprador`, 'Comprador inválido'));
  }));
  c.justificativasSolicitacao.forEach((j, i) => {
    if (!naLista(JUSTIFICATIVAS_NAO_PESCA, j.justificativaNaoDeclaracao)) {
      erros.push(erroCampo(`justificativasSolicitacao.${i}.justificativaNaoDeclaracao`, 'Justificativa inválida'));
    }
  });
  if (!naLista(TIPOS_PRESTACAO_ARTESANAL, c.tipoPrestacaoServico)) erros.push(erroCampo('tipoPrestacaoServico', MENSAGENS_REAP.tipoPrestacaoServico));
  if (erros.length > 0) throw erroDeCampos(erros);
}
