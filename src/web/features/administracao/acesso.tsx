import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Perfil } from '../../../shared/enums';
import { ROTA_HOME } from '../../../shared/rotas-web';
import { Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';

/** Who manages (product guide, "Who may do what"): GESTOR and ADMIN; CONSULTA_INTERNO reads. */
export const PERFIS_GESTAO: readonly number[] = [Perfil.GESTOR, Perfil.ADMIN];
export const PERFIS_ADMINISTRACAO: readonly number[] = [...PERFIS_GESTAO, Perfil.CONSULTA_INTERNO];

export function podeAdministrar(perfil: number | undefined): boolean {
  return perfil !== undefined && PERFIS_ADMINISTRACAO.includes(perfil);
}

export function podeGerir(perfil: number | undefined): boolean {
  return perfil !== undefined && PERFIS_GESTAO.includes(perfil);
}

/**
 * Renders the administration screens only for the profiles that may read them (the server refuses the others
 * anyway: this only avoids a screen of errors); with `gestao`, only for those who manage.
 */
export function ExigirPerfilAdministracao({ children, gestao = false }: { children: ReactNode; gestao?: boolean }) {
  const session = useSession();
  if (session && (gestao ? podeGerir(session.perfil) : podeAdministrar(session.perfil))) return <>{children}</>;
  return (
    <>
      <PageTitle title="Acesso não permitido" />
      <Message kind="warning" title="Seu perfil não tem acesso a esta área da administração.">
        <Link to={ROTA_HOME}>Voltar para a página inicial</Link>
      </Message>
    </>
  );
}
