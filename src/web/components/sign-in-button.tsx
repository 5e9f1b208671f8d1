import { useState } from 'react';

/** The GOV.BR sign-in button ("Entrar com gov.br"). */
export function SignInButton({ variant = 'default' }: { variant?: 'default' | 'primary' }) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    try {
      // The sign-in code (API client, schemas) is loaded on the click: the landing page does not carry it.
      const { startLogin } = await import('../lib/auth');
      await startLogin();
    } finally {
      setBusy(false);
    }
  }
  return (
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
  );
}
