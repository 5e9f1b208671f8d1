import { useSyncExternalStore } from 'react';
import { Perfil } from '../../shared/enums';
import type { TokenPayload } from '../../shared/schemas/auth';
import { STORAGE_KEYS, clearStoredSession, getFoto, getToken, setFoto, setToken } from './storage';

/**
 * The session is the token payload, decoded in the browser without verification (the server verifies every
 * call). The token in localStorage is the single source of truth; this module keeps a small external store
 * over it so that React re-renders when the API client refreshes or clears the token, or when another tab
 * signs in or out.
 */
export type Session = Omit<TokenPayload, 'iat'> & { iat?: number };

const PERFIS: readonly unknown[] = Object.values(Perfil);
const texto = (v: unknown): v is string => typeof v === 'string';
const numero = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const inteiro = (v: unknown): v is number => numero(v) && Number.isSafeInteger(v);
const opcional = <T>(v: unknown, tipo: (v: unknown) => v is T): boolean => v === undefined || tipo(v);

/**
 * The claims read as `tokenPayload.partial({ iat: true })` (src/shared/schemas/auth.ts) reads them: the same
 * fields, types and profiles, unknown claims dropped; the formats of `sub` and `sid` are the server's to check. Written out so that every page, the landing page
 * included, decodes the session without loading zod (decision 0017); session.test.ts holds it to the schema.
 */
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

/** Decodes the payload of a JWT into a session; null when the token is malformed or lacks session fields. */
export function decodeToken(token: string | null | undefined): Session | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const raw: unknown = JSON.parse(base64UrlToUtf8(parts[1]));
    if (!raw || typeof raw !== 'object') return null;
    // Optional claims may come as null; the session type has them absent.
    const claims = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null));
    return lerClaims(claims);
  } catch {
    return null;
  }
}

// ---- external store ----

const listeners = new Set<() => void>();
let cache: { token: string | null; session: Session | null } = { token: null, session: null };

function notify(): void {
  for (const listener of listeners) listener();
}

/** The current session (stable object while the token does not change). */
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

/** Subscribes to session changes outside React (e.g. to drop cached queries on sign-out). */
export const subscribeSession = subscribe;

/** Stores a new token and photo (after login) and returns the decoded session. */
export function login(token: string, foto: string | null | undefined): Session | null {
  setToken(token);
  setFoto(foto);
  notify();
  return getSession();
}

/** Replaces the token only (after a refresh); the photo stays. */
export function updateToken(token: string): void {
  setToken(token);
  notify();
}

/** Removes every stored session value. */
export function clearSession(): void {
  clearStoredSession();
  notify();
}

/** The signed-in user's session, or null. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

/** The stored photo of the signed-in user (as the server sent it), or null. */
export function useFoto(): string | null {
  return useSyncExternalStore(subscribe, getFoto, () => null);
}
