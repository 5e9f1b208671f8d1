import type { ItemReferencia } from '../../../shared/referencias';
import { UFS } from '../../../shared/ufs';
import type { Option } from '../../components/form/select-field';

/** An empty answer becomes `undefined`, so the schema says 'Campo obrigatório'. */

export const CAMPO_OBRIGATORIO = 'Campo obrigatório';

export type Registro = Record<string, unknown>;

export function objetoDe(v: unknown): Registro {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Registro) : {};
}

export function listaDe(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function textoDe(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return '';
}

export function idDe(v: unknown): string {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'id' in v) return idDe((v as { id: unknown }).id);
  return '';
}

export function simNaoDe(v: unknown): '' | 'true' | 'false' {
  return v === true ? 'true' : v === false ? 'false' : '';
}

export function dataDe(v: unknown): string {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : '';
}

export function decimalDe(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) ? String(v).replace('.', ',') : '';
}

export function idsDe(v: unknown): string[] {
  return listaDe(v).map(idDe).filter(Boolean);
}

// form → schema input

export function texto(s: string | undefined): string | undefined {
  return s === undefined || s.trim() === '' ? undefined : s;
}

export function numero(s: string | undefined): number | undefined {
  return s === undefined || s.trim() === '' ? undefined : Number(s);
}

/** Anything but digits becomes -1: 'Valor inválido', not a misleading 'Campo obrigatório'. */
export function inteiro(s: string | undefined): number | undefined {
  if (s === undefined || s.trim() === '') return undefined;
  return /^\d+$/.test(s.trim()) ? Number(s.trim()) : -1;
}

export function decimal(s: string | undefined): number | undefined {
  if (s === undefined || s.trim() === '') return undefined;
  const n = Number(s.trim().replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : -1;
}

export function booleano(s: string | undefined): boolean | undefined {
  return s === 'true' ? true : s === 'false' ? false : undefined;
}

export function ids(values: readonly string[]): number[] {
  return values.map(Number).filter((n) => Number.isInteger(n) && n > 0);
}

// options, from the shared fixed lists

export function opcoesDe(lista: readonly ItemReferencia[]): Option[] {
  return lista.map((i) => ({ value: String(i.id), label: i.descricao }));
}

export const OPCOES_SIM_NAO: readonly Option[] = [
  { value: 'true', label: 'Sim' },
  { value: 'false', label: 'Não' },
];

export const OPCOES_UF: readonly Option[] = [...UFS]
  .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'))
  .map((u) => ({ value: u.sigla, label: `${u.nome} (${u.sigla})` }));
