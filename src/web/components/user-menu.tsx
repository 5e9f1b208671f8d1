import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { perfilLabel } from '../../shared/enums';
import { useFoto, type Session } from '../lib/session';

function firstName(nome: string): string {
  return nome.trim().split(/\s+/)[0] ?? nome;
}

/** The photo as stored after login: a data URL, an address, or bare base64 (assumed JPEG). */
function fotoSrc(foto: string | null): string | null {
  if (!foto) return null;
  if (/^(data:image\/|https?:\/\/|\/)/.test(foto)) return foto;
  if (/^[A-Za-z0-9+/=\s]+$/.test(foto)) return `data:image/jpeg;base64,${foto}`;
  return null;
}

/**
 * Signed-in user menu (disclosure pattern): a button with aria-expanded that shows the name, the profile and
 * the "Sair" button. Focus moves into the panel when it opens; Escape closes it and returns focus to the
 * button; clicking or tabbing outside closes it.
 */
export function UserMenu({ session }: { session: Session }) {
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [fotoBroken, setFotoBroken] = useState(false);
  const foto = fotoSrc(useFoto());
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstItemRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    firstItemRef.current?.focus();
    function onPointerDown(event: PointerEvent | MouseEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  function onBlur(event: React.FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget as Node | null;
    if (open && next && !rootRef.current?.contains(next)) setOpen(false);
  }

  async function onSair() {
    const { podeSair } = await import('../lib/sair');
    if (session.idCelular && !(await podeSair(session.idCelular))) return;
    setLeaving(true);
    try {
      const { logout } = await import('../lib/auth');
      await logout();
    } finally {
      setLeaving(false);
    }
  }

  const perfil = perfilLabel[session.perfil];
  return (
    <div className="user-menu" ref={rootRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="br-sign-in user-menu-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="br-avatar" aria-hidden="true">
          <span className="content">
            {foto && !fotoBroken ? (
              <img src={foto} alt="" onError={() => setFotoBroken(true)} />
            ) : (
              firstName(session.nome).charAt(0)
            )}
          </span>
        </span>
        <span className="user-menu-name">
          <span className="sr-only">Menu do usuário:</span> {firstName(session.nome)}
        </span>
        <i className={`fas ${open ? 'fa-caret-up' : 'fa-caret-down'}`} aria-hidden="true" />
      </button>
      <div id={panelId} className="user-menu-panel" hidden={!open}>
        <div className="user-menu-identity">
          <p className="user-full-name">{session.nome}</p>
          <p className="user-perfil">Perfil: {perfil}</p>
        </div>
        <button
          ref={firstItemRef}
          type="button"
          className="br-button secondary block"
          onClick={() => void onSair()}
          disabled={leaving}
        >
          <i className="fas fa-sign-out-alt" aria-hidden="true" /> Sair
        </button>
      </div>
    </div>
  );
}
