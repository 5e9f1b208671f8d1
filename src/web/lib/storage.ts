/** Spec point 9. Every access is guarded: without storage (private mode) the app still works, without persistence. */

export const STORAGE_KEYS = {
  token: 'rgp.token',
  foto: 'rgp.foto',
  chaveLogin: 'rgp.chaveLogin',
  toast: 'rgp.toast',
  /** The app then loads the sender; no personal data. */
  pendenteNoCelular: 'rgp.pendenteNoCelular',
  /** The fisher an entity's agent acts for (docs/decisions/0110): this tab only. */
  representado: 'rgp.representado',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: nothing sensible to do.
  }
}

export function removeItem(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Storage disabled.
  }
}

export const getToken = (): string | null => readItem('local', STORAGE_KEYS.token);
export const setToken = (token: string): void => writeItem('local', STORAGE_KEYS.token, token);
export const removeToken = (): void => removeItem('local', STORAGE_KEYS.token);

export const getFoto = (): string | null => readItem('local', STORAGE_KEYS.foto);
export function setFoto(foto: string | null | undefined): void {
  if (foto) writeItem('local', STORAGE_KEYS.foto, foto);
  else removeItem('local', STORAGE_KEYS.foto);
}

export const getChaveLogin = (): string | null => readItem('local', STORAGE_KEYS.chaveLogin);
export const setChaveLogin = (chave: string): void => writeItem('local', STORAGE_KEYS.chaveLogin, chave);
export const removeChaveLogin = (): void => removeItem('local', STORAGE_KEYS.chaveLogin);

/** The queued toast is kept on purpose. */
export function clearStoredSession(): void {
  removeToken();
  removeItem('local', STORAGE_KEYS.foto);
  removeChaveLogin();
  removeItem('session', STORAGE_KEYS.representado);
}

export const haPendenteNoCelular = (): boolean => readItem('local', STORAGE_KEYS.pendenteNoCelular) === 'sim';
export function marcarPendenteNoCelular(ha: boolean): void {
  if (ha) writeItem('local', STORAGE_KEYS.pendenteNoCelular, 'sim');
  else removeItem('local', STORAGE_KEYS.pendenteNoCelular);
}
