import { useState } from 'react';
import { importarComNovasTentativas } from '../lib/carregar-tela';

export const MENSAGEM_ENTRADA_NAO_CARREGADA = 'Não foi possível iniciar a entrada: a conexão falhou. Verifique sua internet e tente novamente.';

/** The GOV.BR sign-in button ("Entrar com gov.br"). */
export function SignInButton({ variant = 'default' }: { variant?: 'default' | 'primary' }) {
  const [busy, setBusy] = useState(false);
  const [falhou, setFalhou] = useState(false);
  async function onClick() {
    setBusy(true);
    setFalhou(false);
    try {
      // The sign-in code is loaded on the click, so the landing page does not carry it; a failed load is tried again
      // before it is said.
      const { startLogin } = await importarComNovasTentativas(() => import('../lib/auth'));
      await startLogin();
    } catch {
      setFalhou(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className={`br-sign-in${variant === 'primary' ? ' primary' : ''}`}
        onClick={() => void onClick()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        <i className="fas fa-user" aria-hidden="true" />
        <span>
          Entrar com <span className="text-weight-bold">gov.br</span>
        </span>
      </button>
      {falhou && <span role="alert" className="text-danger">{MENSAGEM_ENTRADA_NAO_CARREGADA}</span>}
    </>
  );
}
