import { useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Perfil } from '../../shared/enums';
import { registrarAplicativo } from '../lib/aplicativo';
import { useSession } from '../lib/session';
import { showQueuedToasts } from '../lib/toast';
import { AvisoNovaVersao, AvisoSemConexao } from './avisos-aplicativo';
import { Footer } from './footer';
import { Header } from './header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/**
 * The page frame: skip link, header, main landmark, footer. On every change of screen the queued toasts are
 * shown, and (after the first screen) focus moves to the new page's h1 so screen reader users hear where
 * they are. A signed-in fisher gets the installable app (the service worker), and its notice of a new release.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previousPath = useRef(pathname);
  const perfil = useSession()?.perfil;

  useEffect(() => {
    if (perfil === Perfil.INTERESSADO) registrarAplicativo();
  }, [perfil]);

  useEffect(() => {
    showQueuedToasts();
    if (previousPath.current === pathname) return; // first screen of this page load
    previousPath.current = pathname;
    const main = mainRef.current;
    const heading = main?.querySelector<HTMLElement>('h1');
    (heading ?? main)?.focus();
  }, [pathname]);

  return (
    <div className="app-shell">
      <SkipLink />
      <Header />
      <AvisoNovaVersao />
      <AvisoSemConexao />
      <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className="app-main">
        <div className="container-lg">{children}</div>
      </main>
      <Footer />
    </div>
  );
}

export function Layout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}
