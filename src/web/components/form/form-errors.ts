import type { FieldErrors, FieldValues } from 'react-hook-form';
import { lerErroCampo } from '../../../shared/erros-campo';
import { isApiError } from '../../lib/erros';
import type { FieldError as SummaryError } from '../error-summary';

/** 'apoio.0.entidade' → 'apoio-0-entidade'. */
export function fieldId(path: string): string {
  return path.replace(/\./g, '-');
}

export interface PathError {
  path: string;
  message: string;
}

const META_KEYS = new Set(['message', 'type', 'types', 'ref']);

/** An error on a list as a whole (under `root`) belongs to the list's path. */
export function flattenErrors(errors: FieldErrors<FieldValues>): PathError[] {
  const out: PathError[] = [];
  const seen = new Set<string>();
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    if (typeof n.message === 'string' && n.message && !seen.has(`${path}\n${n.message}`)) {
      seen.add(`${path}\n${n.message}`);
      out.push({ path, message: n.message });
    }
    for (const [key, value] of Object.entries(n)) {
      if (META_KEYS.has(key)) continue;
      walk(value, key === 'root' ? path : path ? `${path}.${key}` : key);
    }
  };
  walk(errors, '');
  return out;
}

export function inPageOrder(entries: SummaryError[]): SummaryError[] {
  const located = entries.map((e, i) => ({ e, i, el: document.getElementById(e.field) }));
  const inPage = located.filter((x) => x.el);
  const elsewhere = located.filter((x) => !x.el);
  inPage.sort((a, b) => {
    if (a.el === b.el) return a.i - b.i;
    return a.el!.compareDocumentPosition(b.el!) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  return [...inPage, ...elsewhere].map((x) => x.e);
}

function cleanText(text: string | null | undefined): string {
  return (text ?? '').replace(/\s*\(opcional\)\s*$/, '').replace(/\s+/g, ' ').trim();
}

export function fieldLabel(id: string): string {
  const el = document.getElementById(id);
  if (!el) return '';
  if (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox')) {
    const group = el.closest('fieldset.field');
    if (group) return cleanText(group.querySelector(':scope > legend')?.textContent);
  }
  if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) {
    return cleanText(el.labels?.[0]?.textContent);
  }
  return cleanText(el.querySelector(':scope > legend, h2, h3, h4')?.textContent);
}

/** A list of links that all read "Campo obrigatório" would not say where to go (GOV.UK: each link names it). */
export function withFieldNames(entries: SummaryError[]): SummaryError[] {
  return entries.map((e) => {
    const name = fieldLabel(e.field);
    return name && !e.message.startsWith(name) ? { ...e, message: `${name}: ${e.message}` } : e;
  });
}

export function summaryOf(errors: FieldErrors<FieldValues>, target: (path: string) => string = fieldId): SummaryError[] {
  return withFieldNames(inPageOrder(flattenErrors(errors).map((e) => ({ field: target(e.path), message: e.message }))));
}

/** Entries without a path come back with path ''. */
export function serverFieldErrors(error: unknown): PathError[] {
  if (!isApiError(error)) return [];
  const data: unknown = error.response?.data;
  const erros = data && typeof data === 'object' ? (data as { erros?: unknown }).erros : undefined;
  if (!Array.isArray(erros)) return [];
  return erros
    .filter((e): e is string => typeof e === 'string' && e.trim() !== '')
    .map((e) => {
      const { campo, mensagem } = lerErroCampo(e);
      return { path: campo, message: mensagem };
    });
}

function valorEm(valores: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), valores);
}

/** Answers the entries the form shows no field for. */
export function errosNosCampos(valores: unknown, marcar: (path: string, message: string) => void, error: unknown): PathError[] {
  const fora: PathError[] = [];
  for (const e of serverFieldErrors(error)) {
    if (e.path && valorEm(valores, e.path) !== undefined) marcar(e.path, e.message);
    else fora.push(e);
  }
  return fora;
}
