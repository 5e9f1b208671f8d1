import { Link } from 'react-router';
import { ROTA_HOME } from '../../shared/rotas-web';
import { useSession } from '../lib/session';
import { SignInButton } from './sign-in-button';
import { UserMenu } from './user-menu';

export const PRODUCT_NAME = 'RGP – Registro Geral da Atividade Pesqueira';
export const MINISTRY_NAME = 'Ministério da Pesca e Aquicultura';

/** gov.br header: brand, product name and ministry, and the sign-in button or the user menu. */
export function Header() {
  const session = useSession();
  return (
    <header className="br-header app-header" id="header">
      <div className="container-lg">
        <div className="header-top">
          <div className="header-logo">
            <span className="app-logo" aria-label="gov.br" role="img">
              gov<span className="logo-dot">.</span>br
            </span>
            <span className="br-divider vertical" />
            <div className="header-sign">Governo Federal</div>
          </div>
          <div className="header-actions">
            <div className="header-login">
              {session ? <UserMenu session={session} /> : <SignInButton />}
            </div>
          </div>
        </div>
        <div className="header-bottom">
          <div className="header-menu">
            <div className="header-info">
              <div className="header-title">
                <Link to={session ? ROTA_HOME : '/'}>{PRODUCT_NAME}</Link>
              </div>
              <div className="header-subtitle">{MINISTRY_NAME}</div>
            </div>
          </div>
        </div>
      </div>
    </header>
  );
}
