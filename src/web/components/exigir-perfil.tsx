import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ROTA_HOME } from '../../shared/rotas-web';
import { useSession } from '../lib/session';
import { Message } from './message';
import { PageTitle } from './page-title';

/**
 * The one access guard of the staff screens: renders `children` only for a signed-in caller whose profile is among
 * `perfis`; anyone else reads `semAcesso` and the way home. The server refuses them anyway: this only spares them a
 * screen of errors.
 */
export function ExigirPerfil({ perfis, semAcesso, children }: { perfis: readonly number[]; semAcesso: string; children: ReactNode }) {
  const session = useSession();
  if (session && perfis.includes(session.perfil)) return <>{children}</>;
  return (
    <>
      <PageTitle title="Acesso não permitido" />
      <Message kind="warning" title={semAcesso}>
        <Link to={ROTA_HOME}>Voltar para a página inicial</Link>
      </Message>
    </>
  );
}
