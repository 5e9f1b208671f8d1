/**
 * The registry's part of the closed-season benefit's conditions (Seguro-Defeso, decision 0126): an active registry
 * held for a year or more, every REAP owed sent, the artesanal category. The benefit's other conditions (the
 * season itself, other income) are INSS's, not the registry's. No zod: /home reads it.
 */
import { Categoria, SituacaoRegistro } from '../enums';

/** The same day `anos` years later (earlier when negative), as YYYY-MM-DD; 29 February then is 28 February. */
function somarAnos(dia: string, anos: number): string {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  const alvo = new Date(Date.UTC(a + anos, m - 1, d));
  if (alvo.getUTCMonth() !== m - 1) alvo.setUTCDate(0);
  return alvo.toISOString().slice(0, 10);
}

export function umAnoAntes(dia: string): string {
  return somarAnos(dia, -1);
}

/** Active now, and active since a day at least a year before `hoje` (both YYYY-MM-DD, São Paulo). */
export function ativoHaUmAnoOuMais(situacao: number | null, desde: string | null, hoje: string): boolean {
  return situacao === SituacaoRegistro.ATIVO && desde !== null && desde <= umAnoAntes(hoje);
}

/** The first day on which `ativoHaUmAnoOuMais` holds for `desde`: a year later, or 1 March after a 29 February. */
function primeiroDiaComUmAno(desde: string): string {
  const dia = somarAnos(desde, 1);
  if (umAnoAntes(dia) >= desde) return dia;
  const seguinte = new Date(`${dia}T00:00:00Z`);
  seguinte.setUTCDate(seguinte.getUTCDate() + 1);
  return seguinte.toISOString().slice(0, 10);
}

export interface CondicoesSeguroDefeso {
  /** The day the registry became active, when it is active; null otherwise. */
  ativoDesde: string | null;
  ativoHaUmAnoOuMais: boolean;
  /** The day it completes a year of activity, when active for less than a year. */
  umAnoEm: string | null;
  reapAnosPendentes: number[];
  artesanal: boolean;
  /** Every condition above is met. */
  atende: boolean;
}

export function condicoesSeguroDefeso(r: {
  situacao: number | null; desde: string | null; categoria: number | null; reapAnosDevidos: number[]; reapAnosEnviados: number[]; hoje: string;
}): CondicoesSeguroDefeso {
  const ativo = r.situacao === SituacaoRegistro.ATIVO;
  const ativoDesde = ativo ? r.desde : null;
  const umAno = ativoHaUmAnoOuMais(r.situacao, r.desde, r.hoje);
  const pendentes = r.reapAnosDevidos.filter((a) => !r.reapAnosEnviados.includes(a));
  const artesanal = r.categoria === Categoria.ARTESANAL;
  const umAnoEm = ativoDesde !== null && !umAno ? primeiroDiaComUmAno(ativoDesde) : null;
  return { ativoDesde, ativoHaUmAnoOuMais: umAno, umAnoEm, reapAnosPendentes: pendentes, artesanal, atende: umAno && pendentes.length === 0 && artesanal };
}
