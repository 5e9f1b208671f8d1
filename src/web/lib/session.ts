import { useSyncExternalStore } from 'react';
import { Perfil } from '../../shared/enums';
import type { TokenPayload } from '../../shared/schemas/auth';
import { STORAGE_KEYS, clearStoredSession, getFoto, getToken, setFoto, setToken } from './storage';

/** The token payload, decoded unverified: the server verifies every call. */
export type Session = Omit<TokenPayload, 'iat'> & { iat?: number };

const PERFIS: readonly unknown[] = Object.values(Perfil);
const texto = (v: unknown): v is string => typeof v === 'string';
const numero = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const inteiro = (v: unknown): v is number => numero(v) && Number.isSafeInteger(v);
const opcional = <T>(v: unknown, tipo: (v: unknown) => v is T): boolean => v === undefined || tipo(v);

/** Written out so every page decodes the session without zod (docs/decisions/0017); session.test.ts checks it. */
function lerClaims(c: Record<string, unknown>): Session | null {
  if (!texto(c.sub) || !texto(c.nome) || !PERFIS.includes(c.perfil) || !texto(c.sid) || !numero(c.exp)) return null;
  if (!opcional(c.iat, numero) || !opcional(c.idPescador, inteiro) || !opcional(c.idUsuarioMapa, inteiro)) return null;
  if (!opcional(c.siglaOrgao, texto) || !opcional(c.ufOrgao, texto) || !opcional(c.idCelular, texto)) return null;
  const sessao: Session = { sub: c.sub, nome: c.nome, perfil: c.perfil as Perfil, sid: c.sid, exp: c.exp };
  if (c.iat !== undefined) sessao.iat = c.iat as number;
  if (c.idPescador !== undefined) sessao.idPescador = c.idPescador as number;
  if (c.idUsuarioMapa !== undefined) sessao.idUsuarioMapa = c.idUsuarioMapa as number;
  if (c.siglaOrgao !== undefined) sessao.siglaOrgao = c.siglaOrgao as string;
  if (c.ufOrgao !== undefined) sessao.ufOrgao = c.ufOrgao as string;
  if (c.idCelular !== undefined) sessao.idCelular = c.idCelular as string;
  return sessao;
}

function base64UrlToUtf8(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function decodeToken(token: string | null | undefined): Session | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const raw: unknown = JSON.parse(base64UrlToUtf8(parts[1]));
    if (!raw || typeof raw !== 'object') return null;
    const claims = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null));
    return lerClaims(claims);
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let cache: { token: string | null; session: Session | null } = { token: null, session: null };

function notify(): void {
  for (const listener of listeners) listener();
}

/** Stable while the token does not change. */
export function getSession(): Session | null {
  const token = getToken();
  if (token !== cache.token) cache = { token, session: decodeToken(token) };
  return cache.session;
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.foto) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export const subscribeSession = subscribe;

export function login(token: string, foto: string | null | undefined): Session | null {
  setToken(token);
  setFoto(foto);
  notify();
  return getSession();
}

export function updateToken(token: string): void {
  setToken(token);
  notify();
}

export function clearSession(): void {
  clearStoredSession();
  notify();
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

export function useFoto(): string | null {
  return useSyncExternalStore(subscribe, getFoto, () => null);
}
