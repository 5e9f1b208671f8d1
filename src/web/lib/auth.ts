import * as c from '../../shared/contratos/auth';
import { CodigoErro } from '../../shared/codigos-erro';
import { ROTA_HOME } from '../../shared/rotas-web';
import { ERRO_DESCONHECIDO, mensagemErro, statusOf } from './api';
import { chamar, dados } from './contrato';
import { codigoErroDe } from './erros';
import { navigation } from './navigation';
import { clearSession, getSession, login, type Session } from './session';
import { getChaveLogin, getToken, removeChaveLogin, setChaveLogin } from './storage';
import { queueToast, showToast } from './toast';

/** Spec points 8 and 9. */
export const LOGIN_ERROR_DELAY_MS = 3000;

/** The spec's 400, 401 and 403 of the sign-in. */
const LOGIN_RECUSADO: readonly (CodigoErro | undefined)[] = [
  CodigoErro.DADOS_INVALIDOS, CodigoErro.NAO_AUTENTICADO, CodigoErro.TOKEN_EXPIRADO, CodigoErro.SEM_PERMISSAO, CodigoErro.FORA_DO_HORARIO,
];

/** Spec point 4, Login. */
export function generateLoginKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function startLogin(): Promise<void> {
  const chave = generateLoginKey();
  setChaveLogin(chave);
  try {
    const { url } = await dados(c.link, { params: { chave }, skipAuthRefresh: true });
    navigation.assign(url);
  } catch {
    showToast('error', 'Erro ao gerar link do GOV.BR');
  }
}

export type LoginResult = { ok: true; session: Session } | { ok: false; message: string; status?: number };

const pendingLogins = new Map<string, Promise<LoginResult>>();

/** The same code is exchanged once even if called twice (React strict mode, double clicks). */
export function completeLogin(code: string, state: string): Promise<LoginResult> {
  const key = `${code}\u0000${state}`;
  let pending = pendingLogins.get(key);
  if (!pending) {
    pending = doCompleteLogin(code, state).finally(() => pendingLogins.delete(key));
    pendingLogins.set(key, pending);
  }
  return pending;
}

async function doCompleteLogin(code: string, state: string): Promise<LoginResult> {
  const expected = getChaveLogin();
  if (!expected || expected !== state) {
    // Not a sign-in this browser started (login forgery, a stale tab): fail closed. The server refuses it too, by its
    // HttpOnly binding cookie (docs/decisions/0068).
    const message = 'O retorno do GOV.BR não corresponde ao acesso iniciado neste navegador. Entre novamente.';
    showToast('error', message);
    return { ok: false, message };
  }
  try {
    const { dados: { token, foto } } = await chamar(c.login, { corpo: { code, state }, skipAuthRefresh: true });
    const session = login(token, foto);
    removeChaveLogin();
    if (!session) throw new Error('Token sem os dados da sessão');
    navigation.route(ROTA_HOME, { replace: true });
    return { ok: true, session };
  } catch (error) {
    const status = statusOf(error);
    const codigo = codigoErroDe(error);
    if (LOGIN_RECUSADO.includes(codigo)) {
      const message = `${mensagemErro(error, 'Erro ao logar no GOV.BR')}: ${status}`;
      showToast('error', message, { autoClose: LOGIN_ERROR_DELAY_MS });
      setTimeout(() => void logout(), LOGIN_ERROR_DELAY_MS);
      return { ok: false, message, status };
    }
    const message =
      codigo === undefined && !isSchemaError(error)
        ? ERRO_DESCONHECIDO
        : `Erro ao logar no GOV.BR, tente novamente mais tarde: ${status ?? 'resposta inválida'}`;
    clearSession();
    showToast('error', message);
    return status === undefined ? { ok: false, message } : { ok: false, message, status };
  }
}

function isSchemaError(error: unknown): boolean {
  return !!error && typeof error === 'object' && (error as { name?: unknown }).name === 'ZodError';
}

/** On failure the local session is cleared anyway and the user goes to '/', where the error is shown. */
export async function logout(): Promise<void> {
  const hadToken = getToken() !== null;
  // Every outbox of the user goes with the session: the next user of the phone finds nothing of it.
  const dono = getSession()?.idCelular;
  if (dono) await import('../offline/neste-celular').then((m) => m.apagarTudoDoCelular(dono)).catch(() => undefined);
  try {
    const { url } = await dados(c.logout, { skipAuthRefresh: !hadToken });
    clearSession();
    navigation.assign(url);
  } catch {
    clearSession();
    queueToast('error', 'Erro ao gerar logout do GOV.BR');
    navigation.assign('/');
  }
}
