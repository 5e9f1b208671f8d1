import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Perfil } from '../../../shared/enums';
import { ROTA_HOME } from '../../../shared/rotas-web';
import { Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useSession } from '../../lib/session';

/** Profiles that see the analyses (product.md "Who may do what"): GESTOR, MPA, SFPA, ADMIN and CONSULTA_INTERNO. */
export const PERFIS_LEITURA_ANALISE: readonly number[] = [
  Perfil.GESTOR,
  Perfil.MPA,
  Perfil.SFPA,
  Perfil.ADMIN,
  Perfil.CONSULTA_INTERNO,
];

/** Profiles that analyse; CONSULTA_INTERNO reads only. */
export const PERFIS_ANALISTA: readonly number[] = [Perfil.GESTOR, Perfil.MPA, Perfil.SFPA, Perfil.ADMIN];

export function podeLerAnalises(perfil: number | undefined): boolean {
  return perfil !== undefined && PERFIS_LEITURA_ANALISE.includes(perfil);
}

export function podeAnalisar(perfil: number | undefined): boolean {
  return perfil !== undefined && PERFIS_ANALISTA.includes(perfil);
}

/**
 * Renders the analysis screens only for the profiles that may read analyses; anyone else signed in reads why.
 * (The server refuses them anyway; this only avoids a screen full of errors.)
 */
export function ExigirPerfilAnalise({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session && podeLerAnalises(session.perfil)) return <>{children}</>;
  return (
    <>
      <PageTitle title="Acesso não permitido" />
      <Message kind="warning" title="Seu perfil não tem acesso às análises de solicitações.">
        <Link to={ROTA_HOME}>Voltar para a página inicial</Link>
      </Message>
    </>
  );
}
