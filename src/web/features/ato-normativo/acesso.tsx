import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Perfil } from '../../../shared/enums';
import { ROTA_HOME } from '../../../shared/rotas-web';
import { Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';

/** Product guide, "Who may do what": GESTOR and ADMIN manage acts and task forces; CONSULTA_INTERNO reads them. */
export function podeGerenciarAdministracao(perfil: number | undefined): boolean {
  return perfil === Perfil.GESTOR || perfil === Perfil.ADMIN;
}

export function podeLerAdministracao(perfil: number | undefined): boolean {
  return podeGerenciarAdministracao(perfil) || perfil === Perfil.CONSULTA_INTERNO;
}

/**
 * Renders an administration screen only for the profiles that may use it (`gerenciar`: change it; otherwise read
 * it); anyone else signed in reads why. The server refuses them anyway.
 */
export function ExigirPerfilAdministracao({ gerenciar = false, children }: { gerenciar?: boolean; children: ReactNode }) {
  const session = useSession();
  const pode = gerenciar ? podeGerenciarAdministracao(session?.perfil) : podeLerAdministracao(session?.perfil);
  if (pode) return <>{children}</>;
  return (
    <>
      <PageTitle title="Acesso não permitido" />
      <Message kind="warning" title="Seu perfil não tem acesso a esta área de administração.">
        <Link to={ROTA_HOME}>Voltar para a página inicial</Link>
      </Message>
    </>
  );
}
